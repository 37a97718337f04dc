"""Invariants of `engine.score`, over random valid hands and random garbage.

- re-scoring a record gives the same result, and scoring does not change the record;
- `total` is what the payers pay plus 300 per honba plus 1000 per riichi stick;
- any field value, any tile string: the answer is a result or one of the spec's error
  codes (never an internal error, never an exception);
- the order of the tiles in a tile string does not change the result.
"""

from __future__ import annotations

import copy
import random
import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.bench.corpus import random_record
from tests.engine.hands import SPEC_ERROR_CODES, winner_receives

TILE_FIELDS = ("hand", "win_tile", "dora_indicators", "ura_indicators")
_TILE = re.compile(r"([0-9])(?=[0-9]*([mpsz]))")

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def winning_hand(seed: int) -> dict[str, Any]:
    return random_record(random.Random(seed), f"prop-{seed}")


@settings(max_examples=300, deadline=None)
@given(seeds)
def test_rescoring_gives_the_same_result_and_leaves_the_record_alone(seed: int) -> None:
    rec = winning_hand(seed)
    before = copy.deepcopy(rec)
    first = engine.score(rec)
    assert rec == before
    assert engine.score(rec) == first
    assert engine.score(copy.deepcopy(rec)) == first


@settings(max_examples=300, deadline=None)
@given(seeds, st.integers(0, 20), st.integers(0, 20))
def test_total_is_payments_plus_honba_plus_sticks(seed: int, honba: int, sticks: int) -> None:
    rec = {**winning_hand(seed), "honba": honba, "riichi_sticks": sticks}
    result = engine.score(rec)
    if not result["ok"]:
        assert result["error"]["code"] == "no_yaku", result
        return
    assert result["total"] == winner_receives(result["payment"]) + 300 * honba + 1000 * sticks
    assert all(isinstance(v, int) and v > 0 and v % 100 == 0 for v in result["payment"].values())


def _assert_well_formed(result: Any, rec: Any) -> None:
    assert isinstance(result, dict), result
    if result["ok"]:
        assert isinstance(result["total"], int) and result["total"] > 0
        assert result["yaku"], result
    else:
        assert result["error"]["code"] in SPEC_ERROR_CODES, (rec, result)
        assert result["error"]["message"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=8,
)
tile_text = st.text(alphabet="0123456789mpsz", max_size=20)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, st.dictionaries(
    st.sampled_from([
        "id", "ruleset", "hand", "melds", "win_tile", "win", "seat_wind", "round_wind",
        "dora_indicators", "ura_indicators", "riichi", "ippatsu", "rinshan", "chankan",
        "haitei", "houtei", "tenhou", "chiihou", "renhou", "honba", "riichi_sticks", "nuki",
        "discards", "specials", "options", "colour",
    ]),
    json_values | tile_text,
    max_size=4,
))
def test_random_field_values_give_a_result_or_a_spec_error(seed: int,
                                                          changes: dict[str, Any]) -> None:
    rec = {**winning_hand(seed), **changes}
    _assert_well_formed(engine.score(rec), rec)


@settings(max_examples=400, deadline=None)
@given(seeds, st.sampled_from(TILE_FIELDS + ("melds",)), tile_text)
def test_random_tile_strings_give_a_result_or_a_spec_error(seed: int, name: str,
                                                          text: str) -> None:
    rec = winning_hand(seed)
    if name == "melds":
        rec["melds"] = [{"kind": "pon", "tiles": text}, *rec["melds"]][:4]
    else:
        rec[name] = text
    _assert_well_formed(engine.score(rec), rec)


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_any_json_value_as_a_record_gives_a_spec_error(value: Any) -> None:
    _assert_well_formed(engine.score(value), value)


def shuffled(text: str, rng: random.Random) -> str:
    """The same tiles in a random order, suit letters regrouped at random ("1m3p2m", "21m")."""
    tiles = [(m.group(1), m.group(2)) for m in _TILE.finditer(text)]
    rng.shuffle(tiles)
    out = ""
    for i, (digit, suit) in enumerate(tiles):
        out += digit
        last = i == len(tiles) - 1
        if last or tiles[i + 1][1] != suit or rng.random() < 0.5:
            out += suit
    return out


@settings(max_examples=300, deadline=None)
@given(seeds, st.randoms(use_true_random=False))
def test_tile_order_does_not_change_the_result(seed: int, rng: random.Random) -> None:
    rec = winning_hand(seed)
    moved = {name: shuffled(rec[name], rng) for name in TILE_FIELDS}
    moved["melds"] = [{**m, "tiles": shuffled(m["tiles"], rng)} for m in rec["melds"]]
    rng.shuffle(moved["melds"])
    assert without_message(engine.score({**rec, **moved})) == without_message(engine.score(rec))


def without_message(result: dict[str, Any]) -> dict[str, Any]:
    """Error messages may quote the tiles as written; the code must not change."""
    if result["ok"]:
        return result
    return {**result, "error": result["error"]["code"]}
