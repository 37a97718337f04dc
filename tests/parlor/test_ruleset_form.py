"""The ruleset configuration form: fields from the engine's option schema, checked by it."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from engine import complete_options, game, rulesets
from parlor.forms import BUILT_FOR, ruleset_config_form
from parlor.models import RulesetConfig
from parlor.option_help import option_help
from parlor.services.ruleset_options import option_specs
from tests.parlor.factories import ParlorFactory, RulesetConfigFactory

pytestmark = pytest.mark.django_db


def defaults_posted(slug: str, **changes: Any) -> dict[str, Any]:
    """The form's POST with every option at its default, then ``changes`` (by field name)."""
    form = ruleset_config_form(slug)()
    data: dict[str, Any] = {"ruleset_slug": slug, BUILT_FOR: slug, "is_active": "on"}
    for spec in option_specs(slug):
        value = form.fields[spec.field_name].prepare_value(spec.default)
        if spec.kind == "bool":
            if spec.default:
                data[spec.field_name] = "on"
        else:
            data[spec.field_name] = value
    for name, value in changes.items():
        if value is None:
            data.pop(name, None)
        else:
            data[name] = value
    return data


def test_every_option_the_engine_documents_has_translated_help() -> None:
    docs = {
        option["doc"]
        for slug in rulesets.available()
        for option in rulesets.describe(slug)["options"]
    } | {option["doc"] for slug in game.available() for option in game.describe(slug)["options"]}
    with translation.override("ja"):
        untranslated = sorted(doc for doc in docs if option_help(doc) == doc)
    assert untranslated == []


def test_the_form_has_a_typed_field_per_option_with_label_default_and_help() -> None:
    form = ruleset_config_form("toutenkou")()
    fields = form.fields

    assert type(fields["opt__aka"]).__name__ == "BooleanField"
    assert [c for c, _ in fields["opt__tiles"].choices] == [112, 108]
    assert [c for c, _ in fields["game__noten_penalty"].choices] == [20, 10, 30]
    assert [c for c, _ in fields["game__ties"].choices] == ["seat_order", "share"]
    assert "options" not in fields and "game_options" not in fields  # no raw JSON
    assert "Default: 20." in str(fields["game__noten_penalty"].help_text)
    with translation.override("ja"):
        form = ruleset_config_form("toutenkou")()
        assert str(form.fields["opt__aka"].label) == "赤ドラ"
        assert "ノーテン罰符" in str(form.fields["game__noten_penalty"].help_text)


def test_saving_stores_the_complete_option_set() -> None:
    """What the manager changed, and every other option at its default of the day: a later
    change of a default does not change this configuration's games (issue 32)."""
    parlor = ParlorFactory()
    form_class = ruleset_config_form("toutenkou")
    data = defaults_posted(
        "toutenkou", parlor=parlor.pk, name="House", opt__aka=None, game__noten_penalty="30",
        game__ties="share",
    )  # fmt: skip

    form = form_class(data)
    assert form.is_valid(), form.errors
    config = form.save()

    assert (config.options, config.game_options) == complete_options(
        "toutenkou", {"aka": False}, {"noten_penalty": 30, "ties": "share"}
    )
    assert config.options["aka"] is False and config.options["tiles"] == 112


def test_the_engines_refusal_shows_on_the_option_it_names() -> None:
    parlor = ParlorFactory()
    data = defaults_posted(
        "riichi-standard", parlor=parlor.pk, name="Odd uma", game__uma="20000, 10000, -10000"
    )

    form = ruleset_config_form("riichi-standard")(data)

    assert not form.is_valid()
    assert "needs 4 entries summing to zero" in str(form.errors["game__uma"])
    assert not RulesetConfig.objects.filter(name="Odd uma").exists()


def test_a_changed_ruleset_shows_its_own_options_and_asks_to_save_again() -> None:
    parlor = ParlorFactory()
    data = defaults_posted("riichi-standard", parlor=parlor.pk, name="Switched")
    data["ruleset_slug"] = "toutenkou"  # chosen in the select; the fields were riichi's

    form = ruleset_config_form("toutenkou")(data)

    assert not form.is_valid()
    assert "The ruleset changed" in str(form.non_field_errors())
    assert form["game__noten_penalty"].value() in (20, "20")


def test_the_admin_page_edits_a_configuration_through_the_fields(admin_client: Client) -> None:
    config = RulesetConfigFactory(ruleset_slug="speed-tonpuu", game_options={"chip_value": 10000})
    url = f"/admin/parlor/rulesetconfig/{config.pk}/change/"

    page = admin_client.get(url).content.decode()
    assert 'name="game__chip_value"' in page and 'name="game_options"' not in page
    assert '<option value="10000" selected>' in page

    data = defaults_posted(
        "speed-tonpuu", parlor=config.parlor_id, name=config.name, game__chip_value="5000",
        opt__kuitan=None,
    )  # fmt: skip
    response = admin_client.post(url, data)

    assert response.status_code == 302, response.content.decode()[:3000]
    config.refresh_from_db()
    assert (config.options, config.game_options) == complete_options(
        "speed-tonpuu", {"kuitan": False}, {}
    )


def test_the_add_page_shows_the_asked_rulesets_options(admin_client: Client) -> None:
    page = admin_client.get("/admin/parlor/rulesetconfig/add/?ruleset_slug=toutenkou")
    text = page.content.decode()
    assert 'name="game__noten_penalty"' in text and 'name="opt__manzu_dora"' in text


@pytest.mark.parametrize(("language", "name"), [("en", "Speed Tonpuu"), ("ja", "スピード東風")])
def test_the_list_filters_rulesets_by_their_names_not_their_slugs(
    admin_client: Client, language: str, name: str
) -> None:
    RulesetConfigFactory(ruleset_slug="speed-tonpuu")

    page = admin_client.get(
        "/admin/parlor/rulesetconfig/", HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()

    filter_panel = page[page.index('id="changelist-filter"') :]
    assert name in filter_panel
    assert "speed-tonpuu" not in filter_panel.replace("ruleset_slug=speed-tonpuu", "")
