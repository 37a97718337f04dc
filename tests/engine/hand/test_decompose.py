"""Decomposition: every reading of a complete hand, its waits, and the best one."""

from __future__ import annotations

from typing import Any

import pytest

from engine.hand.arrangement import (
    KANCHAN,
    KOKUSHI,
    PENCHAN,
    REGULAR,
    RYANMEN,
    SEQ,
    SHANPON,
    TANKI,
    TRIPLET,
    WAIT_NAMES,
    Arrangement,
)
from engine.hand.context import build_context
from engine.hand.decompose import regular_readings, suit_readings
from engine.hand.evaluate import evaluate, find_arrangements, yaku_hits
from engine.hand.valuation import Valuation
from engine.record import HandRecord
from engine.rulesets import get
from engine.tiles import KIND, N_KINDS, parse_tiles
from tests.engine.hands import record, scored


def counts(text: str) -> tuple[int, ...]:
    c = [0] * N_KINDS
    for code in parse_tiles(text):
        c[KIND[code]] += 1
    return tuple(c)


def arrangements(hand: str, win_tile: str, **fields: Any) -> list[Arrangement]:
    ruleset = get("riichi-standard")
    ctx = build_context(HandRecord.from_dict(record(hand, win_tile, **fields)), ruleset)
    return find_arrangements(ctx, ruleset)


def test_triple_runs_read_as_runs_or_as_triplets() -> None:
    readings = regular_readings(counts("111222333m456p77s"))
    sets = sorted(tuple(sorted(k for k, _ in s)) for _, s in readings)
    assert sets == [(SEQ, SEQ, SEQ, SEQ), (SEQ, TRIPLET, TRIPLET, TRIPLET)]


def test_the_pair_can_sit_at_either_end() -> None:
    pairs = {pair for pair, _ in regular_readings(counts("22334455m"))}
    assert pairs == {1, 4}  # 22m + 345345m, or 55m + 234234m


def test_a_suit_of_size_one_mod_three_cannot_be_read() -> None:
    assert suit_readings((1, 0, 0, 0, 0, 0, 0, 0, 0), True) == ()
    assert regular_readings(counts("123m456p789s235s99m")) == ()


def test_honours_never_form_runs() -> None:
    assert regular_readings(counts("123m456p789s12344z")) == ()


@pytest.mark.parametrize(
    "hand, win_tile, wait",
    [
        ("234567m345p567s88p", "2m", RYANMEN),
        ("234567m345p567s88p", "3m", KANCHAN),
        ("123567m345p567s88p", "3m", PENCHAN),
        ("789m345p567s234s88p", "7m", PENCHAN),
        ("789567m345p567s88p", "8p", TANKI),
        ("222567m345p567s88p", "2m", SHANPON),
    ],
)
def test_wait_of_the_winning_tile(hand: str, win_tile: str, wait: int) -> None:
    waits = {a.wait for a in arrangements(hand, win_tile)}
    assert waits == {wait}, [WAIT_NAMES[w] for w in waits]


def test_one_arrangement_per_place_the_winning_tile_can_sit() -> None:
    # 34555m: the last 5m completes 34 (ryanmen) or the 55 pair (tanki)
    waits = sorted(a.wait for a in arrangements("34555m123p456p789s", "5m"))
    assert waits == [RYANMEN, TANKI]


def test_a_tile_in_two_runs_gives_both_waits() -> None:
    waits = sorted(a.wait for a in arrangements("789567m345p567s88p", "7m"))
    assert waits == [RYANMEN, PENCHAN]


def test_triplet_completed_by_ron_is_open_but_by_tsumo_concealed() -> None:
    ron = arrangements("111222m333p44455s", "4s")
    tsumo = arrangements("111222m333p44455s", "4s", win="tsumo")
    assert [a.concealed_triplets for a in ron] == [3]
    assert [a.concealed_triplets for a in tsumo] == [4]


def test_ankan_is_a_concealed_triplet_and_other_kans_are_not() -> None:
    (ankan,) = arrangements("222m333p44455s", "5s", melds=(("ankan", "1111z"),))
    (minkan,) = arrangements("222m333p44455s", "5s", melds=(("minkan", "1111z"),))
    assert (ankan.concealed_triplets, minkan.concealed_triplets) == (4, 3)
    assert ankan.kans == minkan.kans == 1


def test_seven_pairs_and_regular_readings_are_both_found() -> None:
    shapes = sorted(a.shape for a in arrangements("223344m556677p88s", "8s"))
    assert shapes == ["chiitoitsu", REGULAR]


def test_four_of_a_kind_is_not_two_pairs() -> None:
    assert arrangements("1111m5577p2288s33z", "3z") == []


def test_thirteen_orphans() -> None:
    (a,) = arrangements("119m19p19s1234567z", "1z")
    assert a.shape == KOKUSHI


def test_the_arrangement_that_pays_most_is_chosen() -> None:
    # ryanpeikou (3 han) + pinfu beats chiitoitsu (2 han) for the same tiles
    result = scored("223344m556677p88s", "4m", riichi="riichi")
    assert {y["name"] for y in result["yaku"]} >= {"ryanpeikou", "pinfu"}


def test_sanankou_reading_beats_runs_when_it_pays_more() -> None:
    # 222333444m: three concealed triplets (sanankou) or three equal runs (iipeikou)
    result = scored("222333444m789p11s", "1s", win="tsumo")
    assert {y["name"] for y in result["yaku"]} == {"menzen_tsumo", "sanankou"}


def test_runs_reading_beats_triplets_when_it_pays_more() -> None:
    # 111222333m: sanankou (2 han) loses to junchan + iipeikou (4 han)
    result = scored("111222333m789p11s", "1s", win="tsumo")
    assert {y["name"] for y in result["yaku"]} == {"menzen_tsumo", "iipeikou", "junchan"}


def test_every_arrangement_is_valued_and_the_best_kept() -> None:
    ruleset = get("riichi-standard")
    ctx = build_context(
        HandRecord.from_dict(record("111222333m789p11s", "1s", win="tsumo")), ruleset
    )
    values = [
        ruleset.valuate(a, yaku_hits(a, ctx, ruleset), ctx, ruleset)
        for a in find_arrangements(ctx, ruleset)
    ]
    ranks = [v.rank for v in values if v is not None]
    assert len(ranks) == 2 and evaluate(ctx, ruleset).rank == max(ranks)


def test_rank_prefers_payment_then_han_then_fu() -> None:
    a = arrangements("234567m345p567s88p", "2m")[0]
    low = Valuation((), 1, 80, 0, None, 640, a)
    high = Valuation((), 2, 40, 0, None, 640, a)
    assert max([low, high], key=lambda v: v.rank) is high
    assert Valuation((), 1, 30, 0, None, 240, a).rank < low.rank
