"""The game-rules registry: slugs, options with defaults, descriptions."""

from __future__ import annotations

import json
from types import MappingProxyType

import pytest

from engine.errors import EngineError
from engine.game import available, configure, describe
from engine.game.input import read_game


def test_reference_and_speed_tonpuu_game_rules_are_registered() -> None:
    assert {"riichi-standard", "tenhou", "tenhou-sanma", "speed-tonpuu"} <= set(available())


@pytest.mark.parametrize("slug", ["riichi-standard", "tenhou", "tenhou-sanma", "speed-tonpuu"])
def test_describe_lists_every_option_with_its_default(slug: str) -> None:
    description = describe(slug)
    json.dumps(description)  # JSON-able for the ledger
    for option in description["options"]:
        assert {"name", "type", "default", "doc"} <= set(option)
    defaults = {o["name"]: o["default"] for o in description["options"]}
    assert configure(slug, defaults) == configure(slug, {})


def test_speed_tonpuu_options_and_defaults() -> None:
    defaults = {o["name"]: o["default"] for o in describe("speed-tonpuu")["options"]}
    assert defaults == {
        "chip_value": 5000,
        "placement_only": True,
        "final_rounding": "none",
        "special_abort": False,
        "bust": "below_zero",
        "leftover_sticks": "first_place",
        "multi_ron_bonus": "first",
        "triple_ron": False,
        "pao_ron": "split",
        "pao_share": "whole",
        "ties": "seat_order",
        "suukaikan": "abort",
        "fifth_kan": "none",
    }


def test_speed_tonpuu_game_rules_follow_the_text() -> None:
    rules = configure("speed-tonpuu", {})
    assert (rules.players, rules.rounds, rules.dealer_pass) == (4, 1, "any")
    assert (rules.called_game_at, rules.called_game_chips, rules.tobi_chips) == (55000, 1, 1)
    assert rules.placement_chips == (13, 3, -5, -11)
    assert (rules.chonbo_each, rules.honba_per_payer, rules.nagashi) == (3000, 500,
                                                                          "haneman_win")


def test_unknown_slug_names_the_known_ones() -> None:
    with pytest.raises(EngineError, match="ruleset: no game rules for 'x' \\(known: "):
        configure("x", {})


def test_each_ruleset_declares_the_point_unit_a_rate_prices() -> None:
    from engine.game.rules import GameRules

    units = {slug: configure(slug, {}).point_unit for slug in available()}
    assert units["toutenkou"] == 1  # scores in single points
    assert {units[slug] for slug in units if slug != "toutenkou"} == {1000}
    with pytest.raises(EngineError):
        GameRules(slug="x", point_unit=10)


def test_the_rules_of_one_ruleset_and_options_are_built_once() -> None:
    """Every hand of a session settles with the same rules: the same frozen object comes
    back for equal options, in any key order; other options get rules of their own."""
    first = configure("riichi-standard", {"length": "east", "bust": "at_zero"})
    again = configure("riichi-standard", {"bust": "at_zero", "length": "east"})
    other = configure("riichi-standard", {"length": "east_south", "bust": "at_zero"})

    assert again is first
    assert other is not first and (first.rounds, other.rounds) == (1, 2)


def test_a_games_rules_are_built_once_from_its_read_only_options() -> None:
    """The game input keeps its options in a read-only mapping: settling two games of
    the same ruleset and options builds their rules once (the cache was missed before)."""
    game = {"ruleset": "riichi-standard", "players": ["a", "b", "c", "d"], "hands": []}
    game["game_options"] = {"length": "east", "bust": "off"}
    read_only = read_game(game).game_options
    assert isinstance(read_only, MappingProxyType)

    assert configure("riichi-standard", read_only) is configure("riichi-standard", read_only)


@pytest.mark.parametrize("options", [{"length": "forever"}, {"no_such_option": 1}])
def test_bad_options_are_refused_every_time_not_remembered(options: dict[str, object]) -> None:
    for _ in range(2):
        with pytest.raises(EngineError):
            configure("riichi-standard", options)


def test_options_that_are_not_json_data_are_still_judged() -> None:
    with pytest.raises(EngineError):
        configure("riichi-standard", {"length": object()})
