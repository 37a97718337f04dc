"""GET /api/rulesets/: the engine's option schema, the same the manager's ruleset form reads."""

import pytest

from engine import option_schema
from tests.api.support import RoleClients
from tests.parlor.factories import ParlorFactory

pytestmark = pytest.mark.django_db


def test_every_configurable_ruleset_is_listed_with_the_engines_options(
    role_groups: None, api_as: RoleClients
) -> None:
    ParlorFactory()
    response = api_as("player").get("/api/rulesets/")

    assert response.status_code == 200, response.content
    by_slug = {row["slug"]: row for row in response.json()}
    assert {"riichi-standard", "speed-tonpuu", "toutenkou"} <= set(by_slug)
    for slug, row in by_slug.items():
        assert [(o["scope"], o["name"], o["kind"]) for o in row["options"]] == [
            (o.scope, o.name, o.kind) for o in option_schema(slug)
        ]


def test_one_ruleset_shows_hand_and_game_options_with_defaults_and_choices(
    role_groups: None, api_as: RoleClients
) -> None:
    ParlorFactory()
    response = api_as("staff").get("/api/rulesets/speed-tonpuu/")

    assert response.status_code == 200, response.content
    options = {(o["scope"], o["name"]): o for o in response.json()["options"]}
    scopes = {scope for scope, _name in options}
    assert scopes == {"options", "game_options"}
    bust = options[("game_options", "bust")]
    assert (bust["kind"], bust["default"]) == ("choice", "below_zero")
    assert set(bust["choices"]) == {"below_zero", "at_zero"}


def test_an_unknown_ruleset_is_a_404_naming_the_known_ones(
    role_groups: None, api_as: RoleClients
) -> None:
    ParlorFactory()
    response = api_as("manager").get("/api/rulesets/no-such-rules/")

    assert response.status_code == 404
    assert "riichi-standard" in response.json()["detail"]


def test_the_rulesets_need_a_login(role_groups: None, api_as: RoleClients) -> None:
    assert api_as("anonymous").get("/api/rulesets/").status_code == 401
