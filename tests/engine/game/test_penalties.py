"""Chonbo and dead hands; the false-call rules of the Speed Tonpuu text."""

from __future__ import annotations

import pytest

from tests.engine.game.games import (
    chonbo,
    draw,
    error_of,
    game,
    last,
    lines,
    ron,
    settled,
)

SPEED = "speed-tonpuu"
CHONBO_CALLS = ["false_pon", "false_chi", "false_kan", "false_riichi"]
DEAD_HAND_FAULTS = ["false_ron", "false_tsumo", "kuikae", "taahai", "shouhai"]


@pytest.mark.parametrize("offender", [0, 2])
def test_chonbo_is_3000_all_in_speed_tonpuu(offender: int) -> None:
    # "Chonbo penalty is 3000 all": the offender pays 3,000 to each other player.
    out = last(settled(game(chonbo(offender), ruleset=SPEED)))
    others = [seat for seat in range(4) if seat != offender]
    assert lines(out, "chonbo") == [(offender, seat, 3000, 0) for seat in others]


def test_chonbo_replays_hand_without_honba() -> None:
    # "the hand must be repeated, but no honba is added" (abortive-draws.txt, suucha riichi)
    result = settled(game(draw(1), chonbo(3), ruleset=SPEED))
    out = last(result)
    assert (out["dealer"], out["honba"]) == (1, 1)
    assert (out["dealer_after"], out["honba_after"]) == (1, 1)


def test_chonbo_gives_riichi_declarers_their_stick_back() -> None:
    # "... and all riichi declarers get one riichi stick back"; sticks of earlier hands stay.
    result = settled(game(draw(0, riichi=[0]), chonbo(3, riichi=[1, 2]), ruleset=SPEED))
    out = last(result)
    assert out["deposits"] == [
        {"seat": 1, "points": -1000, "reason": "riichi"},
        {"seat": 2, "points": -1000, "reason": "riichi"},
        {"seat": 1, "points": 1000, "reason": "riichi_returned"},
        {"seat": 2, "points": 1000, "reason": "riichi_returned"},
    ]
    assert out["sticks_after"] == 1


@pytest.mark.parametrize(
    ("offender", "expected"),
    [
        (0, [(0, 1, 4000, 0), (0, 2, 4000, 0), (0, 3, 4000, 0)]),
        (2, [(2, 0, 4000, 0), (2, 1, 2000, 0), (2, 3, 2000, 0)]),
    ],
)
def test_riichi_standard_chonbo_is_a_reverse_mangan(
    offender: int, expected: list[tuple[int, int, int, int]]
) -> None:
    assert lines(last(settled(game(chonbo(offender))))) == expected


def test_riichi_standard_chonbo_each_option() -> None:
    out = last(settled(game(chonbo(1), chonbo="each", chonbo_each_points=8000)))
    assert out["points_delta"] == [8000, -24000, 8000, 8000]


@pytest.mark.parametrize("call", CHONBO_CALLS)
def test_uncorrected_false_calls_are_chonbo_in_speed_tonpuu(call: str) -> None:
    # "false pon, chii, kan, riichi calls that are NOT corrected before the next draw ...
    # are chonbo."
    assert last(settled(game(chonbo(1, cause=call), ruleset=SPEED)))["points_delta"] == [
        3000, -9000, 3000, 3000,
    ]
    error = error_of(game(draw(dead=[{"seat": 1, "cause": call}]), ruleset=SPEED))
    assert error["message"] == (
        f"hand 0: dead[0].cause: {call} not corrected is chonbo under speed-tonpuu, not a dead"
        " hand: record a chonbo hand"
    )


@pytest.mark.parametrize("fault", DEAD_HAND_FAULTS)
def test_false_ron_tsumo_kuikae_taahai_shouhai_are_dead_hands_in_speed_tonpuu(
    fault: str,
) -> None:
    # "Dead hand penalty applies to: false ron and tsumo calls, kuikae, taahai and shouhai."
    out = last(settled(game(draw(1, dead=[{"seat": 3, "cause": fault}]), ruleset=SPEED)))
    assert out["points_delta"] == [-1000, 3000, -1000, -1000]
    error = error_of(game(chonbo(3, cause=fault), ruleset=SPEED))
    assert error["message"] == (
        f"hand 0: cause: {fault} is a dead hand under speed-tonpuu, not chonbo: list the seat"
        " in 'dead' on the hand as played"
    )


def test_false_ron_is_chonbo_in_riichi_standard() -> None:
    assert last(settled(game(chonbo(1, cause="false_ron"))))["points_delta"] == [
        4000, -8000, 2000, 2000,
    ]


def test_dead_hand_cannot_win() -> None:
    error = error_of(game(ron(1, 2, dead=[{"seat": 1, "cause": "kuikae"}]), ruleset=SPEED))
    assert error["message"] == "hand 0: wins[0].winner: seat 1 has a dead hand and cannot win"


def test_dead_hand_cannot_win_by_nagashi_in_speed_tonpuu() -> None:
    # "Nagashimangan is a special win": a dead hand (which can no longer win) cannot take it.
    dead = [{"seat": 2, "cause": "taahai"}]
    error = error_of(game(draw(nagashi=[2], dead=dead), ruleset=SPEED))
    assert error["message"] == (
        "hand 0: nagashi: seat 2 has a dead hand and cannot win (nagashi is a win under"
        " speed-tonpuu)"
    )
