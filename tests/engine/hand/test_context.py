"""HandContext: counts, dora kinds and the checks that guard them."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import EngineError, ErrorCode
from engine.hand.context import HandContext, build_context
from engine.record import HandRecord
from engine.rulesets import get
from tests.engine.hands import record

SANMA_HAND = "123999p789s11z"


def context(
    hand: str, win_tile: str, ruleset: str = "riichi-standard", **fields: Any
) -> HandContext:
    rec = record(hand, win_tile, ruleset=ruleset, **fields)
    return build_context(HandRecord.from_dict(rec), get(ruleset))


def test_dora_counts_every_copy_for_every_indicator() -> None:
    ctx = context("222m456p789s234s99m", "9m", dora_indicators="1m1m")
    assert ctx.dora == 6


def test_ura_dora_count_only_with_riichi() -> None:
    assert context("222m456p789s234s99m", "9m", ura_indicators="1m").ura == 0
    for kind in ("riichi", "double", "open"):
        assert context("222m456p789s234s99m", "9m", ura_indicators="1m", riichi=kind).ura == 3


def test_red_fives_count_in_hand_and_melds() -> None:
    ctx = context("406m456p789s99m", "9m", melds=(("chi", "340s"),))
    assert ctx.aka == 2


def test_kans_count_four_tiles_for_dora() -> None:
    ctx = context("456p789s234s99m", "9m", melds=(("ankan", "2222m"),), dora_indicators="1m")
    assert ctx.dora == 4


def test_sanma_nuki_counts_as_nukidora_and_as_dora_when_north_is_dora() -> None:
    melds = (("pon", "999m"),)
    ctx = context(SANMA_HAND, "1z", "tenhou-sanma", melds=melds, nuki="4z4z", dora_indicators="3z")
    assert (ctx.nuki, ctx.dora) == (2, 2)


def test_closed_means_no_chi_pon_or_open_kan() -> None:
    assert context("456p789s234s99m", "9m", melds=(("ankan", "2222m"),)).closed
    assert not context("456p789s234s99m", "9m", melds=(("kakan", "2222m"),)).closed


@pytest.mark.parametrize(
    "fields, named",
    [
        ({"win": "tsumo", "houtei": True}, "houtei"),
        ({"haitei": True}, "haitei"),
        ({"rinshan": True}, "rinshan"),
        ({"win": "tsumo", "chankan": True}, "chankan"),
        ({"win": "tsumo", "seat_wind": "E", "chiihou": True}, "chiihou"),
        ({"seat_wind": "E", "renhou": True}, "renhou"),
        ({"win": "tsumo", "tenhou": True, "seat_wind": "E", "riichi": "riichi"}, "tenhou"),
    ],
)
def test_impossible_flags_are_bad_fields(fields: dict[str, Any], named: str) -> None:
    with pytest.raises(EngineError) as caught:
        context("222m456p789s234s99m", "9m", **fields)
    assert caught.value.code is ErrorCode.BAD_FIELD and named in caught.value.message


def test_nuki_only_where_the_ruleset_sets_tiles_aside() -> None:
    with pytest.raises(EngineError) as caught:
        context(SANMA_HAND, "1z", "tenhou-sanma", melds=(("pon", "999m"),), nuki="1z")
    assert "nuki" in caught.value.message and "4z" in caught.value.message


def test_a_red_win_tile_needs_a_red_five_in_hand() -> None:
    with pytest.raises(EngineError) as caught:
        context("234567m345p567s55p", "0p")
    assert caught.value.code is ErrorCode.BAD_FIELD and "0p" in caught.value.message


def test_win_tile_is_one_tile() -> None:
    with pytest.raises(EngineError) as caught:
        context("234567m345p567s88p", "2m3m")
    assert "win_tile" in caught.value.message


def test_unused_ruleset_fields_are_rejected_when_not_empty() -> None:
    assert context("234567m345p567s88p", "2m", nuki="", specials=[], discards="").closed
    with pytest.raises(EngineError) as caught:
        context("234567m345p567s88p", "2m", discards="1m")
    assert "discards" in caught.value.message and "riichi-standard" in caught.value.message


def test_too_many_copies_count_red_and_plain_fives_together() -> None:
    with pytest.raises(EngineError) as caught:
        context("234567m345p567s55p", "2m", dora_indicators="0p5p5p")
    assert caught.value.code is ErrorCode.TOO_MANY_COPIES and "5p" in caught.value.message
