"""Invariants over random Toutenkou hands and games.

Hands: the answer is a score or ``no_yaku`` (never another error for a
valid record); ``points`` adds up the entries; the payers pay ``points``
(one on ron, two on tsumo) and ``total`` adds the sticks; re-scoring is
stable. Games: every hand's transfers sum to zero, points are conserved
(scores plus the table's deposits equal the start), settling is stable.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.bench.toutenkou_hands import random_record
from tests.engine.game.games import game, settled

seeds = st.integers(min_value=0, max_value=2**32 - 1)


@settings(max_examples=400, deadline=None)
@given(seeds)
def test_every_hand_pays_its_points_and_the_sticks(seed: int) -> None:
    rec = random_record(random.Random(seed), f"prop-{seed}")
    result = engine.score(rec)
    if not result["ok"]:
        assert result["error"]["code"] == "no_yaku", (rec, result)
        return
    assert result["han"] is None and result["fu"] is None
    values = [y["points"] for y in result["yaku"]]
    assert all(type(v) is int and v > 0 for v in values), result
    assert result["points"] == sum(values)
    payers = 2 if rec["win"] == "tsumo" else 1
    key = "tsumo_each" if payers == 2 else "ron"
    assert result["payment"] == {key: result["points"]}
    assert result["total"] == result["points"] * payers + rec["riichi_sticks"]
    names = {y["name"] for y in result["yaku"]}
    assert "banban" in names
    if "karasu" in names:
        assert not rec["nuki"]


@settings(max_examples=150, deadline=None)
@given(seeds)
def test_rescoring_gives_the_same_result_and_leaves_the_record_alone(seed: int) -> None:
    rec = random_record(random.Random(seed), f"prop-{seed}")
    before = copy.deepcopy(rec)
    first = engine.score(rec)
    assert rec == before
    assert engine.score(copy.deepcopy(rec)) == first


CHUN = {"hand": "123p456s789s11p", "melds": [{"kind": "pon", "tiles": "777z"}],
        "win_tile": "1p", "nuki": "4z"}
HAKU = {"hand": "234p456s789s99p555z", "win_tile": "9p", "nuki": "9m"}

GAME_OPTIONS = st.fixed_dictionaries({}, optional={
    "noten_penalty": st.sampled_from([20, 10, 30]),
    "noten_to_deposit": st.booleans(),
    "dealer_rotation": st.sampled_from(["counterclockwise", "winner"]),
    "starting_points": st.sampled_from([0, 30, 60]),
    "nagashi_yakuman_points": st.sampled_from([0, 20, 50]),
    "nagashi_special_yaku": st.booleans(),
    "leftover_sticks": st.sampled_from(["first_place", "house"]),
    "multi_ron_bonus": st.sampled_from(["first", "each"]),
})
SEATS = [0, 1, 2]


def _subset(data: st.DataObject, seats: list[int]) -> list[int]:
    return sorted(data.draw(st.sets(st.sampled_from(seats)))) if seats else []


def _hand(data: st.DataObject, state: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    start = options.get("starting_points", 0)
    can_riichi = [s for s in SEATS if not start or state["scores"][s] >= 1]
    kind = data.draw(st.sampled_from(["draw", "win", "win", "chonbo", "abort"]))
    if kind == "draw":
        riichi = _subset(data, can_riichi)
        hand: dict[str, Any] = {"kind": "draw", "riichi": riichi,
                                "tenpai": sorted(set(riichi) | set(_subset(data, SEATS)))}
        if options.get("nagashi_yakuman_points") and data.draw(st.integers(0, 4)) == 0:
            hand["nagashi"] = [data.draw(st.sampled_from(SEATS))]
        return hand
    if kind == "chonbo":
        return {"kind": "chonbo", "offender": data.draw(st.sampled_from(SEATS))}
    if kind == "abort":
        return {"kind": "abort", "cause": "kyuushuu_kyuuhai", "riichi": _subset(data, can_riichi)}
    discarder = data.draw(st.sampled_from([None, *SEATS]))
    others = [s for s in SEATS if s != discarder]
    count = 1 if discarder is None else data.draw(st.integers(1, 2))
    winners = data.draw(st.lists(st.sampled_from(others), min_size=count, max_size=count,
                                 unique=True))
    riichi = _subset(data, can_riichi)
    wins = []
    for winner in winners:
        record = dict(HAKU if winner in riichi else CHUN)
        if discarder is None:
            record["win"] = "tsumo"
        win: dict[str, Any] = {"winner": winner, "record": record}
        if discarder is not None:
            win["discarder"] = discarder
        wins.append(win)
    return {"kind": "win", "wins": wins, "riichi": riichi}


def _random_game(data: st.DataObject, options: dict[str, Any]) -> dict[str, Any]:
    hands: list[dict[str, Any]] = []
    state: dict[str, Any] = {"scores": [options.get("starting_points", 0)] * 3}
    for _ in range(data.draw(st.integers(1, 12))):
        hands.append(_hand(data, state, options))
        result = settled(game(*hands, ruleset="toutenkou", players=3, **options))
        state = result["hands"][-1]
        if result["finished"]:
            break
    return game(*hands, ruleset="toutenkou", players=3, **options)


@settings(max_examples=60, deadline=None)
@given(data=st.data(), options=GAME_OPTIONS)
def test_every_hand_is_zero_sum_and_points_are_conserved(
    data: st.DataObject, options: dict[str, Any]
) -> None:
    result = settled(_random_game(data, options))
    start_total = 3 * options.get("starting_points", 0)
    for hand in result["hands"]:
        assert all(t["points"] >= 0 and t["from"] != t["to"] for t in hand["transfers"])
        # riichi sticks and deposited noten penalties are 1 point each on the table
        assert sum(hand["points_delta"]) == hand["sticks"] - hand["sticks_after"]
        assert sum(hand["scores"]) + hand["sticks_after"] == start_total
    final = result["final"]
    if final is not None:
        lost = final["leftover_sticks"]["points"] if final["leftover_sticks"]["to"] is None else 0
        assert sum(final["scores"]) + lost == start_total
        assert sum(final["points_delta"]) == -lost


@settings(max_examples=25, deadline=None)
@given(data=st.data(), options=GAME_OPTIONS)
def test_settling_a_game_twice_gives_the_same_result(
    data: st.DataObject, options: dict[str, Any]
) -> None:
    game_json = _random_game(data, options)
    assert engine.settle_game(game_json) == engine.settle_game(game_json)
