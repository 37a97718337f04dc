import sys
import types
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError

import engine
from engine.errors import EngineError, ErrorCode
from parlor.models import GameFeePayer, Parlor
from tests.parlor.factories import (
    ParlorFactory,
    PlayerFactory,
    RateFactory,
    RulesetConfigFactory,
    TableFactory,
)

pytestmark = pytest.mark.django_db


def test_member_number_is_unique_within_a_parlor() -> None:
    player = PlayerFactory(member_number="0007")

    with pytest.raises(IntegrityError):
        PlayerFactory(parlor=player.parlor, member_number="0007")


def test_same_member_number_may_exist_in_two_parlors() -> None:
    PlayerFactory(member_number="0007")
    PlayerFactory(member_number="0007")


def test_table_name_is_unique_within_a_parlor() -> None:
    table = TableFactory(name="Table 1")

    with pytest.raises(IntegrityError):
        TableFactory(parlor=table.parlor, name="Table 1")


@pytest.mark.parametrize(
    ("field", "value"),
    [("currency_code", "yen"), ("currency_code", "JP"), ("time_zone", "Tokyo/Asia")],
)
def test_parlor_rejects_bad_currency_code_and_time_zone(field: str, value: str) -> None:
    parlor = Parlor(name="Bad", **{field: value})

    with pytest.raises(ValidationError) as caught:
        parlor.full_clean()

    assert set(caught.value.message_dict) == {field}


def test_rate_money_is_a_non_negative_integer() -> None:
    rate = RateFactory.build(parlor=ParlorFactory(), money_per_chip=-100)

    with pytest.raises(ValidationError) as caught:
        rate.full_clean()

    assert set(caught.value.message_dict) == {"money_per_chip"}


def test_rate_game_fee_payer_is_checked_by_the_database() -> None:
    with pytest.raises(IntegrityError):
        RateFactory(game_fee_payer="nobody")


def test_game_fee_payers_are_each_player_winner_and_loser() -> None:
    assert GameFeePayer.values == ["each_player", "winner", "loser"]


# --- ruleset options are the engine's to judge ------------------------------


@pytest.fixture
def fake_engine_rulesets(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    """An engine.rulesets that knows speed-tonpuu and its one option chip_value."""

    def configure(slug: str, options: dict[str, Any]) -> object:
        unknown = set(options) - {"chip_value"}
        if unknown:
            raise EngineError(ErrorCode.BAD_FIELD, f"unknown option {sorted(unknown)[0]!r}")
        return object()

    fake = types.ModuleType("engine.rulesets")
    fake.available = lambda: ["speed-tonpuu"]  # type: ignore[attr-defined]
    fake.configure = configure  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "engine.rulesets", fake)
    monkeypatch.setattr(engine, "rulesets", fake, raising=False)
    return fake


@pytest.mark.usefixtures("fake_engine_rulesets")
def test_ruleset_config_accepts_options_the_engine_accepts() -> None:
    config = RulesetConfigFactory(ruleset_slug="speed-tonpuu", options={"chip_value": 5000})

    config.full_clean()


@pytest.mark.usefixtures("fake_engine_rulesets")
def test_ruleset_config_shows_the_engines_message_for_a_bad_option() -> None:
    config = RulesetConfigFactory(ruleset_slug="speed-tonpuu", options={"chip_valu": 5000})

    with pytest.raises(ValidationError) as caught:
        config.full_clean()

    assert caught.value.message_dict == {"options": ["unknown option 'chip_valu'"]}


@pytest.mark.usefixtures("fake_engine_rulesets")
def test_ruleset_config_names_the_known_rulesets_for_an_unknown_slug() -> None:
    config = RulesetConfigFactory(ruleset_slug="hong-kong-old-style", options={})

    with pytest.raises(ValidationError) as caught:
        config.full_clean()

    assert caught.value.message_dict == {
        "ruleset_slug": ["Unknown ruleset hong-kong-old-style; the engine has: speed-tonpuu."]
    }


def test_ruleset_config_options_must_be_a_json_object() -> None:
    config = RulesetConfigFactory(options=[5000])

    with pytest.raises(ValidationError) as caught:
        config.full_clean()

    assert caught.value.message_dict == {"options": ["Options must be a JSON object, e.g. {}."]}
