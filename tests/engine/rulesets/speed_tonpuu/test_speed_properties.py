"""Invariants of Speed Tonpuu hands over random winning hands and random specials.

- payments agree with ``total``: what the payers pay, 500 per payer per honba
  (basengo), 1,000 per riichi stick;
- chips are non-negative integers keyed ``ron`` or ``tsumo_each`` as the win;
- re-scoring gives the same result and leaves the record alone;
- any specials, wildcard and chankan_ankan values: a result or a spec error,
  never an exception or an internal error.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

import engine
from engine.bench.corpus import random_record
from engine.record import SPECIALS
from engine.tiles import parse_tiles, tile_name, tiles_name
from tests.engine.hands import SPEC_ERROR_CODES, winner_receives

seeds = st.integers(min_value=0, max_value=2**32 - 1)
# "Each shuugi chip is worth 5,000 points": the default chip_points a wildcard is ranked with.
CHIP_POINTS = 5000
TILE_OF = {name: name.split("_")[1] for name in SPECIALS}


def speed_hand(seed: int) -> dict[str, Any]:
    """A random winning hand as a Speed Tonpuu record, with the specials its tiles allow."""
    rng = random.Random(seed)
    rec = {**random_record(rng, f"speed-{seed}"), "ruleset": "speed-tonpuu", "round_wind": "E"}
    held = rec["hand"] + "".join(m["tiles"] for m in rec.get("melds", []))
    tiles = tiles_name(parse_tiles(held)).split()
    rec["specials"] = [s for s in SPECIALS if TILE_OF[s] in tiles and rng.random() < 0.5]
    return rec


def _check_chips(result: dict[str, Any], win: str) -> None:
    chips = result["chips"]
    key = "ron" if win == "ron" else "tsumo_each"
    assert list(chips) == [key]
    assert type(chips[key]) is int and chips[key] >= 0


@settings(max_examples=300, deadline=None)
@given(seeds, st.integers(0, 10), st.integers(0, 10))
def test_payments_are_consistent_with_total(seed: int, honba: int, sticks: int) -> None:
    rec = {**speed_hand(seed), "honba": honba, "riichi_sticks": sticks}
    result = engine.score(rec)
    if not result["ok"]:
        assert result["error"]["code"] == "no_yaku", result
        return
    assert result["total"] == (
        winner_receives(result["payment"]) + 3 * 500 * honba + 1000 * sticks
    )
    assert all(type(v) is int and v > 0 and v % 100 == 0 for v in result["payment"].values())
    _check_chips(result, rec["win"])


@settings(max_examples=200, deadline=None)
@given(seeds)
def test_rescoring_is_stable(seed: int) -> None:
    rec = speed_hand(seed)
    before = copy.deepcopy(rec)
    first = engine.score(rec)
    assert rec == before
    assert engine.score(copy.deepcopy(rec)) == first


@settings(max_examples=300, deadline=None)
@given(
    seeds,
    st.lists(st.sampled_from(SPECIALS), unique=True, max_size=7),
    st.one_of(st.none(), st.booleans(), st.integers(-1, 2), st.text(max_size=3)),
    st.one_of(st.none(), st.booleans()),
    st.sampled_from(["none", "riichi", "open"]),
)
def test_random_specials_never_raise(
    seed: int, specials: list[str], wildcard: Any, chankan_ankan: Any, riichi: str
) -> None:
    rec = {**speed_hand(seed), "specials": specials, "riichi": riichi}
    if wildcard is not None:
        rec["wildcard"] = wildcard
    if chankan_ankan is not None:
        rec["chankan_ankan"] = chankan_ankan
    result = engine.score(rec)
    if result["ok"]:
        _check_chips(result, rec["win"])
        assert result["total"] > 0
    else:
        assert result["error"]["code"] in SPEC_ERROR_CODES, result
        assert result["error"]["message"]


def _money(result: dict[str, Any]) -> int:
    chips = result["chips"]
    return result["total"] + CHIP_POINTS * chips.get("ron", 3 * chips.get("tsumo_each", 0))


@settings(max_examples=200, deadline=None)
@given(seeds, st.sampled_from(["5z", "7z"]))
def test_a_wildcard_pays_at_least_the_tile_it_replaced(seed: int, pocchi: str) -> None:
    # The winning tile of a closed riichi tsumo replaced by a pocchi drawn after riichi: the
    # wildcard may stand for that tile, so the hand pays at least as much (plus its chip).
    # (Not for a red five: the wildcard stands for a plain tile.)
    rec = speed_hand(seed)
    assume(not rec["melds"] and not rec["win_tile"].startswith("0"))
    flags = dict.fromkeys(("ippatsu", "rinshan", "chankan", "houtei", "tenhou", "chiihou",
                           "renhou"), False)
    rec.update(flags, win="tsumo", riichi="riichi", specials=[])
    plain = engine.score(rec)
    assume(plain["ok"])
    codes = list(parse_tiles(rec["hand"]))
    codes.remove(parse_tiles(rec["win_tile"])[0])
    hand = "".join(map(tile_name, codes)) + pocchi
    wild = {**rec, "hand": hand, "win_tile": pocchi, "specials": [f"pocchi_{pocchi}"],
            "wildcard": True}
    result = engine.score(wild)
    if not result["ok"]:  # a fifth copy of the pocchi's own tile
        assert result["error"]["code"] == "too_many_copies", result
        return
    assert _money(result) >= _money(plain) + 3 * CHIP_POINTS
