"""Dealer rotation, renchan, honba, the end of the rounds, agariyame and tenpaiyame."""

from __future__ import annotations

import pytest

from tests.engine.game.games import (
    PINFU_TANYAO,
    draw,
    error_of,
    game,
    last,
    lines,
    ron,
    settled,
    tsumo,
)

SPEED = "speed-tonpuu"


def test_non_dealer_win_passes_the_deal_and_resets_honba() -> None:
    result = settled(game(draw(0), ron(2, 1)))
    assert [h["honba"] for h in result["hands"]] == [0, 1]
    assert last(result)["dealer_after"] == 1
    assert last(result)["honba_after"] == 0


def test_dealer_win_is_renchan_with_one_more_honba() -> None:
    hand = last(settled(game(tsumo(0))))
    assert (hand["dealer_after"], hand["honba_after"]) == (0, 1)


@pytest.mark.parametrize(
    ("tenpai", "dealer_after"),
    [((0,), 0), ((0, 2), 0), ((1,), 1), ((), 1), ((0, 1, 2, 3), 0)],
)
def test_exhaustive_draw_keeps_the_deal_only_when_the_dealer_is_tenpai(
    tenpai: tuple[int, ...], dealer_after: int
) -> None:
    hand = last(settled(game(draw(*tenpai))))
    assert hand["dealer_after"] == dealer_after
    assert hand["honba_after"] == 1  # every exhaustive draw adds a honba


def test_strict_tonpuusen_ends_after_the_fourth_dealership() -> None:
    # "Strict Tonpuusen: East-only and no South extension."
    result = settled(game(draw(), draw(), draw(), draw(), ruleset=SPEED))
    assert [h["dealer"] for h in result["hands"]] == [0, 1, 2, 3]
    assert {h["round_wind"] for h in result["hands"]} == {"E"}
    assert result["end"] == {"hand": 3, "reasons": ["rounds_complete"]}
    assert result["finished"]


def test_strict_tonpuusen_has_no_south_round() -> None:
    error = error_of(game(draw(), draw(), draw(), draw(), draw(), ruleset=SPEED))
    assert error["code"] == "bad_game"
    assert error["message"] == "hand 4: the game already ended after hand 3 (rounds_complete)"


def test_renchan_in_the_last_dealership_continues_the_game() -> None:
    result = settled(game(draw(), draw(), draw(), draw(3), draw(3), ruleset=SPEED))
    assert [h["dealer"] for h in result["hands"]] == [0, 1, 2, 3, 3]
    assert not result["finished"]
    assert result["final"] is None


def test_riichi_standard_plays_east_then_south() -> None:
    result = settled(game(*[draw()] * 8))
    assert [h["round_wind"] for h in result["hands"]] == ["E"] * 4 + ["S"] * 4
    assert result["end"] == {"hand": 7, "reasons": ["rounds_complete"]}


def test_riichi_standard_east_only_option_ends_after_east() -> None:
    result = settled(game(*[draw()] * 4, length="east"))
    assert result["end"] == {"hand": 3, "reasons": ["rounds_complete"]}


def test_winner_seat_wind_follows_the_dealer() -> None:
    # Seat 1 deals in hand 1, so its PINFU_TANYAO ron is a dealer's: 2,900.
    result = settled(game(draw(), ron(1, 3)))
    assert last(result)["wins"][0]["score"]["payment"] == {"ron": 2900}


def test_record_round_wind_comes_from_the_round_being_played() -> None:
    south_record = {**PINFU_TANYAO, "round_wind": "E"}
    error = error_of(game(*[draw()] * 4, ron(1, 3, south_record)))
    assert error["message"] == (
        "hand 4: wins[0].record.round_wind: 'E' contradicts the game: the round being played"
        " gives 'S'"
    )


# Agariyame and tenpaiyame: "any dealer can choose to pass after winning/being tenpai at
# draw, without being the last dealer, and without being in first place. Passing resets the
# honba count."


def test_tenpaiyame_passes_the_deal_and_resets_honba() -> None:
    result = settled(game(draw(0), draw(0, dealer_passes=True), ruleset=SPEED))
    first, passed = result["hands"]
    assert (first["dealer_after"], first["honba_after"]) == (0, 1)
    assert (passed["dealer_after"], passed["honba_after"]) == (1, 0)
    assert passed["game_ends"] == []


def test_agariyame_passes_the_deal_and_resets_honba() -> None:
    result = settled(game(tsumo(0), tsumo(0, dealer_passes=True), dealer_pass="any"))
    assert (last(result)["dealer_after"], last(result)["honba_after"]) == (1, 0)


def test_agariyame_after_a_dealer_nagashi_in_speed_tonpuu() -> None:
    result = settled(game(draw(0), draw(nagashi=[0], dealer_passes=True), ruleset=SPEED))
    assert (last(result)["dealer_after"], last(result)["honba_after"]) == (1, 0)


def test_last_dealer_passing_ends_the_game() -> None:
    result = settled(game(draw(), draw(), draw(), draw(3, dealer_passes=True), ruleset=SPEED))
    assert result["end"] == {"hand": 3, "reasons": ["tenpaiyame"]}


def test_dealer_may_pass_only_after_winning_or_being_tenpai() -> None:
    error = error_of(game(draw(1, dealer_passes=True), ruleset=SPEED))
    assert error["message"] == "hand 0: dealer_passes: only a dealer who has been tenpai may pass"
    error = error_of(game(ron(1, 2, dealer_passes=True), dealer_pass="any"))
    assert error["message"] == "hand 0: dealer_passes: only a dealer who has won may pass"


def test_riichi_standard_lets_only_the_last_dealer_in_first_place_pass() -> None:
    early = error_of(game(draw(0, dealer_passes=True)))
    assert early["message"] == (
        "hand 0: dealer_passes: under riichi-standard only the last dealer in first place"
        " may pass (ending the game)"
    )
    # Seat 3 deals last in the East-only game and leads after its tenpai.
    result = settled(game(draw(), draw(), draw(3), draw(3, dealer_passes=True), length="east"))
    assert result["end"] == {"hand": 3, "reasons": ["tenpaiyame"]}


def test_dealer_pass_never_option_refuses_passing() -> None:
    error = error_of(game(draw(0, dealer_passes=True), dealer_pass="never"))
    assert error["message"] == (
        "hand 0: dealer_passes: riichi-standard has no agariyame or tenpaiyame"
    )


# Open tanyao: chi 234s, pon 666p, won on 4m; 1 han 30 fu (dealer ron 1,500).
OPEN_TANYAO = {"hand": "234m456p88s", "win_tile": "4m",
               "melds": [{"kind": "chi", "tiles": "234s"}, {"kind": "pon", "tiles": "666p"}]}


def test_tenpaiyame_without_being_the_last_dealer_or_in_first_place() -> None:
    # Seat 2 rons seat 3 (2,000); dealer 1 and seat 2 tenpai twice (1,500 each time); dealer 1,
    # second with 28,000 behind seat 2's 30,000, in the second of four dealerships, passes.
    result = settled(game(ron(2, 3), draw(1, 2), draw(1, 2, dealer_passes=True), ruleset=SPEED))
    passed = last(result)
    assert passed["scores"] == [22000, 28000, 30000, 20000]
    assert (passed["dealer"], passed["honba"]) == (1, 1)
    assert (passed["dealer_after"], passed["honba_after"], passed["game_ends"]) == (2, 0, [])


def test_agariyame_without_being_the_last_dealer_or_in_first_place() -> None:
    # Seat 2 (riichi) rons seat 3: 3,900 and its stick back (28,900). Dealer 1 and seat 2 tenpai:
    # 26,500 and 30,400. Dealer 1 rons seat 0 with an open tanyao: 1,500 + 1,500 for the honba
    # (basengo): 29,500, still second; it passes and the honba goes back to 0.
    hands = (ron(2, 3, riichi=[2]), draw(1, 2), ron(1, 0, OPEN_TANYAO, dealer_passes=True))
    passed = last(settled(game(*hands, ruleset=SPEED)))
    assert lines(passed) == [(0, 1, 3000, 0)]
    assert passed["scores"] == [20500, 29500, 30400, 19600]
    assert (passed["dealer_after"], passed["honba_after"], passed["game_ends"]) == (2, 0, [])
