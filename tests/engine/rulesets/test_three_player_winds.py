"""Seat and round winds a three-player ruleset can have (issue #13, item 2).

Three players sit East, South and West: a North seat would make the 4z
triplet a seat-wind yaku (and, in Toutenkou, 4z is a gari). Toutenkou is
played in the East round only. Both are ``bad_field`` naming the field.
"""

from __future__ import annotations

import pytest

import engine
from tests.engine.hands import record

# 4z triplet + 123p 456s 789s 11p: with a North seat it would be yakuhai_seat_wind.
NORTH_TRIPLET = "444z123p456s789s11p"


@pytest.mark.parametrize("ruleset", ["toutenkou", "tenhou-sanma"])
def test_three_player_rulesets_have_no_north_seat(ruleset: str) -> None:
    """Three players sit E, S and W (spec: ``seat_wind`` "the winner's seat"; the
    Toutenkou and tenhou-sanma tables have three seats), so ``seat_wind: "N"`` is
    refused naming the field, not scored as a seat-wind yaku."""
    result = engine.score(record(NORTH_TRIPLET, "1p", ruleset=ruleset, seat_wind="N"))
    assert result["error"]["code"] == "bad_field"
    assert "field 'seat_wind'" in result["error"]["message"]
    assert "3 players sit E, S, W" in result["error"]["message"]
    for seat in ("E", "S", "W"):
        rec = record("123p456s789s11p555z", "1p", ruleset=ruleset, seat_wind=seat)
        assert engine.score(rec)["ok"], seat


def test_four_player_rulesets_keep_the_north_seat() -> None:
    """Four players: North is a seat, and its wind triplet is the seat-wind yaku."""
    result = engine.score(record(NORTH_TRIPLET, "1p", ruleset="tenhou", seat_wind="N"))
    assert {"name": "yakuhai_seat_wind", "han": 1} in result["yaku"]


@pytest.mark.parametrize("round_wind", ["S", "W", "N"])
def test_toutenkou_is_always_the_east_round(round_wind: str) -> None:
    """toutenkou-ja.txt: "常に東場。" (always the East round): any other
    ``round_wind`` is ``bad_field`` naming the field and quoting the rule."""
    rec = record("123p456s789s11p555z", "1p", ruleset="toutenkou", round_wind=round_wind)
    result = engine.score(rec)
    assert result["error"]["code"] == "bad_field"
    assert "field 'round_wind'" in result["error"]["message"]
    assert "常に東場" in result["error"]["message"]


def test_tenhou_sanma_plays_a_south_round() -> None:
    """tenhou-sanma is tenhou's three-player game, East and South rounds: South is kept."""
    rec = record("123p456s789s11p222z", "1p", ruleset="tenhou-sanma", round_wind="S")
    assert {"name": "yakuhai_round_wind", "han": 1} in engine.score(rec)["yaku"]
