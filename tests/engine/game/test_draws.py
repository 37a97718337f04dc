"""Exhaustive draws: noten penalty, riichi declarers, dead hands, nagashi mangan."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.errors import EngineError
from engine.game import configure
from engine.game.payments import noten_lines
from engine.game.rules import GameRules
from tests.engine.game.games import draw, error_of, game, last, lines, ron, settled

SPEED = "speed-tonpuu"


@pytest.mark.parametrize(
    ("tenpai", "points_delta"),
    [
        ((), [0, 0, 0, 0]),
        ((1,), [-1000, 3000, -1000, -1000]),
        ((1, 3), [-1500, 1500, -1500, 1500]),
        ((0, 1, 2), [1000, 1000, 1000, -3000]),
        ((0, 1, 2, 3), [0, 0, 0, 0]),
    ],
)
def test_noten_penalty_is_3000_split_between_tenpai_and_noten(
    tenpai: tuple[int, ...], points_delta: list[int]
) -> None:
    for ruleset in ("riichi-standard", SPEED):
        assert last(settled(game(draw(*tenpai), ruleset=ruleset)))["points_delta"] == points_delta


def test_riichi_declarer_at_a_draw_is_tenpai() -> None:
    error = error_of(game(draw(0, riichi=[0, 2])))
    assert error["message"] == (
        "hand 0: tenpai: seat 2 declared riichi, so it is tenpai (a riichi declared while"
        " noten is chonbo: record a chonbo hand)"
    )


def test_riichi_sticks_stay_on_the_table_after_a_draw_and_go_to_the_next_winner() -> None:
    result = settled(game(draw(0, 2, riichi=[0, 2]), ron(1, 3)))
    first, win = result["hands"]
    assert first["deposits"] == [
        {"seat": 0, "points": -1000, "reason": "riichi"},
        {"seat": 2, "points": -1000, "reason": "riichi"},
    ]
    assert first["sticks_after"] == 2
    assert win["deposits"] == [{"seat": 1, "points": 2000, "reason": "sticks"}]
    assert win["sticks_after"] == 0


def test_riichi_with_no_draws_left_is_allowed_in_speed_tonpuu() -> None:
    # "Riichi with no draws left is allowed": the declarer pays its stick and is tenpai.
    hand = last(settled(game(
        draw(1, riichi=[1], riichi_no_draws_left=[1]), ruleset=SPEED
    )))
    assert hand["deposits"] == [{"seat": 1, "points": -1000, "reason": "riichi"}]
    assert hand["points_delta"] == [-1000, 2000, -1000, -1000]
    assert hand["sticks_after"] == 1


def test_riichi_with_no_draws_left_is_refused_by_riichi_standard() -> None:
    error = error_of(game(draw(1, riichi=[1], riichi_no_draws_left=[1])))
    assert error["message"] == (
        "hand 0: riichi_no_draws_left: riichi-standard allows no riichi without a draw left"
    )


def test_dead_hand_counts_as_noten_even_after_riichi() -> None:
    dead = [{"seat": 2, "cause": "false_ron"}]
    hand = last(settled(game(draw(1, riichi=[2], dead=dead), ruleset=SPEED)))
    assert hand["points_delta"] == [-1000, 3000, -2000, -1000]


def test_dead_hand_cannot_be_tenpai() -> None:
    dead = [{"seat": 1, "cause": "taahai"}]
    error = error_of(game(draw(1, dead=dead), ruleset=SPEED))
    assert error["message"] == "hand 0: tenpai: seat 1 has a dead hand and counts as noten"


def test_riichi_standard_pays_nagashi_mangan_at_the_draw_without_honba_or_sticks() -> None:
    result = settled(game(draw(0, riichi=[0]), draw(0, nagashi=[2])))
    hand = last(result)
    # A non-dealer's mangan tsumo: 4,000 from the dealer, 2,000 from the others; no noten
    # payment, the honba and the riichi stick stay, the dealer (tenpai) keeps the deal.
    assert lines(hand) == [(0, 2, 4000, 0), (1, 2, 2000, 0), (3, 2, 2000, 0)]
    assert hand["deposits"] == []
    assert (hand["dealer_after"], hand["honba_after"], hand["sticks_after"]) == (0, 2, 1)


def test_nagashi_mangan_is_a_haneman_win_with_basengo_honba_in_speed_tonpuu() -> None:
    # "Nagashimangan is a special win that is worth haneman ... honba, etc. are applicable";
    # "Basengo: honba bonus is 500 per player".
    result = settled(game(draw(0, riichi=[0]), draw(0, 1, nagashi=[2]), ruleset=SPEED))
    hand = last(result)
    assert lines(hand) == [(0, 2, 6500, 0), (1, 2, 3500, 0), (3, 2, 3500, 0)]
    assert hand["deposits"] == [{"seat": 2, "points": 1000, "reason": "sticks"}]
    assert hand["wins"][0]["score"]["total"] == 6500 + 3500 + 3500 + 1000
    assert (hand["dealer_after"], hand["honba_after"], hand["sticks_after"]) == (1, 0, 0)


def test_dealer_nagashi_is_renchan_in_speed_tonpuu() -> None:
    hand = last(settled(game(draw(nagashi=[0]), ruleset=SPEED)))
    assert lines(hand) == [(1, 0, 6000, 0), (2, 0, 6000, 0), (3, 0, 6000, 0)]
    assert (hand["dealer_after"], hand["honba_after"]) == (0, 1)


def test_noten_penalty_to_the_pot_is_a_deposit() -> None:
    # Some Toutenkou tables put the noten penalty on the table (ノーテン罰符を供託扱い).
    # "ノーテン罰符は場に10点(1人テンパイなら他2人から5点ずつ)" with 1-point riichi sticks.
    rules = GameRules(slug="pot", players=3, riichi_stick=1, noten_total=10, noten_to_pot=True,
                      placement_points=(0, 0, 0), placement_chips=(0, 0, 0))
    transfers, deposits = noten_lines(frozenset({1}), rules=rules)
    assert transfers == []
    assert [(d.seat, d.points) for d in deposits] == [(0, -5), (2, -5)]
    transfers, deposits = noten_lines(frozenset({0, 1}), rules=rules)
    assert [(d.seat, d.points) for d in deposits] == [(2, -10)]


def test_noten_total_that_cannot_split_is_refused() -> None:
    with pytest.raises(EngineError, match="noten_total paid to the pot must come in whole"):
        replace(configure("riichi-standard", {}), noten_to_pot=True)


@pytest.mark.parametrize(("basengo", "honba_each"), [(True, 500), (False, 100)])
def test_basengo_option_sets_the_honba_of_a_nagashi_win_too(
    basengo: bool, honba_each: int
) -> None:
    # "Basengo: honba bonus is 500 per player"; with the hand option off, the game-level wins
    # (nagashi, special suukantsu) take the standard 100 per payer like every hand record.
    result = settled(game(draw(0), draw(nagashi=[2]), ruleset=SPEED,
                          options={"basengo": basengo}))
    assert lines(last(result)) == [
        (0, 2, 6000 + honba_each, 0), (1, 2, 3000 + honba_each, 0), (3, 2, 3000 + honba_each, 0)
    ]
