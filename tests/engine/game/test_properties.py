"""Invariants over random games: zero-sum hands, conserved points, stable settlement.

Games are drawn hand by hand against the table as it stands (riichi only
with a stick to put down, no hand after the end), mixing wins (hand records
of the game's ruleset), exhaustive and abortive draws, chonbo, dead hands, nagashi, pao,
the special suukantsu win and dealer passes.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from tests.engine.game.games import DAISANGEN, PINFU_TANYAO, game, settled

SEATS = range(4)
ABORTS = ["suufon_renta", "kyuushuu_kyuuhai", "suukaikan", "sanchahou"]


def _subset(data: st.DataObject, seats: list[int]) -> list[int]:
    return sorted(data.draw(st.sets(st.sampled_from(seats))) if seats else [])


def _riichi(data: st.DataObject, seats: list[int]) -> list[int]:
    """Riichi declarers of a hand that is not a suucha riichi: at most three."""
    return _subset(data, seats)[:3]


def _hand(data: st.DataObject, ruleset: str, state: dict[str, Any]) -> dict[str, Any]:
    scores, dealer = state["scores"], state["dealer_after"]
    can_riichi = [seat for seat in SEATS if scores[seat] >= 1000]
    kinds = ["draw", "abort", "chonbo", "win"]
    kind = data.draw(st.sampled_from(kinds))
    if kind == "draw":
        riichi = _riichi(data, can_riichi)
        tenpai = sorted(set(riichi) | set(_subset(data, list(SEATS))))
        hand: dict[str, Any] = {"kind": "draw", "tenpai": tenpai, "riichi": riichi}
        if data.draw(st.integers(0, 5)) == 0:
            hand["nagashi"] = [data.draw(st.sampled_from(list(SEATS)))]
        noten = [seat for seat in SEATS if seat not in tenpai + hand.get("nagashi", [])]
        if noten and data.draw(st.booleans()):
            hand["dead"] = [{"seat": data.draw(st.sampled_from(noten)), "cause": "taahai"}]
        if ruleset == "speed-tonpuu" and dealer in tenpai and data.draw(st.booleans()):
            hand["dealer_passes"] = True
        return hand
    if kind == "abort":
        if len(can_riichi) == 4 and data.draw(st.booleans()):
            return {"kind": "abort", "cause": "suucha_riichi", "riichi": list(SEATS)}
        cause = data.draw(st.sampled_from(ABORTS))
        return {"kind": "abort", "cause": cause, "riichi": _subset(data, can_riichi)}
    if kind == "chonbo":
        offender = data.draw(st.sampled_from(list(SEATS)))
        return {"kind": "chonbo", "offender": offender, "riichi": _subset(data, can_riichi)}
    return _win(data, ruleset, can_riichi)


def _win(data: st.DataObject, ruleset: str, can_riichi: list[int]) -> dict[str, Any]:
    discarder = data.draw(st.sampled_from([None, *SEATS]))
    others = [seat for seat in SEATS if seat != discarder]
    if ruleset == "speed-tonpuu" and data.draw(st.booleans()):
        winner = data.draw(st.sampled_from(others))
        win: dict[str, Any] = {"winner": winner, "special": "suukantsu"}
        if discarder is not None:
            win["discarder"] = discarder
        return {"kind": "win", "wins": [win], "riichi": _riichi(data, can_riichi)}
    count = 1 if discarder is None else data.draw(st.integers(1, 2))
    winners = data.draw(st.lists(st.sampled_from(others), min_size=count, max_size=count,
                                 unique=True))
    wins = []
    for winner in winners:
        win = {"winner": winner, "record": dict(PINFU_TANYAO)}
        if data.draw(st.integers(0, 3)) == 0:
            pao = data.draw(st.sampled_from([s for s in SEATS if s != winner]))
            win = {"winner": winner, "record": dict(DAISANGEN), "pao": pao}
        if discarder is None:
            win["record"]["win"] = "tsumo"
        else:
            win["discarder"] = discarder
        wins.append(win)
    open_winners = {w["winner"] for w in wins if "pao" in w}
    riichi = [seat for seat in _riichi(data, can_riichi) if seat not in open_winners]
    return {"kind": "win", "wins": wins, "riichi": riichi}


def _random_game(data: st.DataObject, ruleset: str, options: dict[str, Any]) -> dict[str, Any]:
    hands: list[dict[str, Any]] = []
    state: dict[str, Any] = {"scores": [25000] * 4, "dealer_after": 0}
    for _ in range(data.draw(st.integers(1, 14))):
        hands.append(_hand(data, ruleset, state))
        result = settled(game(*hands, ruleset=ruleset, **options))
        state = result["hands"][-1]
        if result["finished"]:
            break
    return game(*hands, ruleset=ruleset, **options)


GAME_OPTIONS = st.one_of(
    st.tuples(st.just("riichi-standard"), st.fixed_dictionaries({
        "length": st.sampled_from(["east", "east_south"]),
        "leftover_sticks": st.sampled_from(["first_place", "house"]),
        "multi_ron_bonus": st.sampled_from(["first", "each"]),
        "dealer_pass": st.just("last_dealer_first"),
    })),
    st.tuples(st.just("speed-tonpuu"), st.fixed_dictionaries({
        "leftover_sticks": st.sampled_from(["first_place", "house"]),
        "placement_only": st.booleans(),
        "chip_value": st.sampled_from([5000, 10000]),
    })),
)


@settings(max_examples=60, deadline=None)
@given(data=st.data(), ruleset_options=GAME_OPTIONS)
def test_every_hand_is_zero_sum_and_points_are_conserved(
    data: st.DataObject, ruleset_options: tuple[str, dict[str, Any]]
) -> None:
    ruleset, options = ruleset_options
    game_json = _random_game(data, ruleset, options)
    result = settled(game_json)
    start_total = 4 * 25000
    for hand in result["hands"]:
        assert all(t["points"] >= 0 and t["chips"] >= 0 for t in hand["transfers"])
        assert all(t["from"] != t["to"] for t in hand["transfers"])
        assert sum(hand["chips_delta"]) == 0
        # Points leave the seats only into the pot (deposits), and come back from it.
        pot_change = (hand["sticks_after"] - hand["sticks"]) * 1000
        assert sum(hand["points_delta"]) == -pot_change
        assert sum(hand["scores"]) + hand["sticks_after"] * 1000 == start_total
    final = result["final"]
    if final is not None:
        lost = final["leftover_sticks"]["points"] if final["leftover_sticks"]["to"] is None else 0
        assert sum(final["scores"]) + lost == start_total
        assert sum(c["total"] for c in final["chips"]) == 0
        assert [c["hands"] + c["tobi"] + c["called_game"] for c in final["chips"]] == (
            result["hands"][-1]["chips"]
        )
        assert sorted(final["placements"]) == [1, 2, 3, 4]
        raw_lost = lost if ruleset == "riichi-standard" or not options["placement_only"] else 0
        assert sum(final["value"]) == -raw_lost


@settings(max_examples=25, deadline=None)
@given(data=st.data(), ruleset_options=GAME_OPTIONS)
def test_settling_a_game_twice_gives_the_same_result(
    data: st.DataObject, ruleset_options: tuple[str, dict[str, Any]]
) -> None:
    ruleset, options = ruleset_options
    game_json = _random_game(data, ruleset, options)
    assert engine.settle_game(game_json) == engine.settle_game(game_json)


@settings(max_examples=200, deadline=None)
@given(junk=st.recursive(
    st.none() | st.booleans() | st.integers(-3, 6) | st.sampled_from(["win", "ron", "E"]),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.sampled_from(["kind", "wins", "winner", "discarder", "record",
                                       "tenpai", "riichi", "cause", "offender", "dead"]),
                      children, max_size=4),
    max_leaves=12,
))
def test_junk_hands_never_raise(junk: Any) -> None:
    result = engine.settle_game(game(junk))
    assert result["ok"] is False or result["hands"]
    if not result["ok"]:
        assert result["error"]["code"] != "internal_error", result["error"]
