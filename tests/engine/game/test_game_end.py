"""The end of the game: tobi, the called game, sticks left over, oka and uma, chips."""

from __future__ import annotations

import pytest

import engine
from tests.engine.game.games import chonbo, draw, game, last, lines, settled

SPEED = "speed-tonpuu"
SUUKANTSU_RON = {"kind": "win", "wins": [{"winner": 1, "discarder": 3, "special": "suukantsu"}]}
# Speed Tonpuu, four dealerships without a win: seat 1 tenpai (and in riichi) in the first.
FOUR_DRAWS = (draw(1, riichi=[1]), draw(), draw(), draw())


def test_tobi_ends_the_game_with_a_chip_to_the_winner() -> None:
    # "Tobi: 1 chip". The 64,000 ron also takes seat 1 to 89,000: a called game as well.
    result = settled(game(SUUKANTSU_RON, ruleset=SPEED))
    assert result["end"] == {"hand": 0, "reasons": ["tobi", "called_game"]}
    assert lines(last(result), "tobi") == [(3, 1, 0, 1)]
    assert [c["tobi"] for c in result["final"]["chips"]] == [0, 1, 0, -1]


def test_tobi_chip_goes_to_every_tenpai_player() -> None:
    # "in the case of multi-ron and multi-tenpai at draw, pay to all players that won/were
    # tenpai". Seat 3's two chonbo leave it 7,000; three noten draws at 1,000 each bust it.
    hands = [chonbo(3), chonbo(3), draw(0, 1, 2), draw(0, 1, 2), draw(0, 1, 2)]
    result = settled(game(*hands, ruleset=SPEED))
    assert last(result)["scores"][3] == -2000
    assert result["end"] == {"hand": 4, "reasons": ["tobi"]}
    assert lines(last(result), "tobi") == [(3, 0, 0, 1), (3, 1, 0, 1), (3, 2, 0, 1)]


def test_tobi_by_chonbo_pays_a_chip_to_everyone_it_paid() -> None:
    result = settled(game(chonbo(3), chonbo(3), chonbo(3), ruleset=SPEED))
    final = result["final"]
    assert final["scores"] == [34000, 34000, 34000, -2000]
    # Ties broken by seat order from the first dealer: seats 0, 1, 2 place 1st, 2nd, 3rd.
    assert final["placements"] == [1, 2, 3, 4]
    assert [c["tobi"] for c in final["chips"]] == [1, 1, 1, -3]
    assert [c["total"] for c in final["chips"]] == [14, 4, -4, -14]
    assert final["value"] == [70000, 20000, -20000, -70000]


def test_called_game_at_55000_ends_the_game_with_a_chip_from_each_other_player() -> None:
    # "any player reaching 55,000 pt ends the game instantly and received 1 chip from each
    # other player". Two dealer nagashi (haneman, 6,000 all; then 6,500 all with a honba).
    result = settled(game(draw(nagashi=[0]), draw(nagashi=[0]), ruleset=SPEED))
    assert [h["scores"][0] for h in result["hands"]] == [43000, 62500]
    assert result["end"] == {"hand": 1, "reasons": ["called_game"]}
    assert lines(last(result), "called_game") == [(1, 0, 0, 1), (2, 0, 0, 1), (3, 0, 0, 1)]
    assert [c["total"] for c in result["final"]["chips"]] == [16, 2, -6, -12]


def test_sticks_left_at_the_end_go_to_first_place() -> None:
    final = settled(game(*FOUR_DRAWS, ruleset=SPEED))["final"]
    assert final["leftover_sticks"] == {"points": 1000, "to": 1}
    assert final["scores"] == [24000, 28000, 24000, 24000]
    assert final["placements"] == [2, 1, 3, 4]


def test_sticks_left_at_the_end_stay_with_the_house_by_option() -> None:
    final = settled(game(*FOUR_DRAWS, ruleset=SPEED, leftover_sticks="house"))["final"]
    assert final["leftover_sticks"] == {"points": 1000, "to": None}
    assert final["scores"] == [24000, 27000, 24000, 24000]


def test_oka_and_uma_are_13_3_minus5_minus11_chips() -> None:
    # "Oka (20) and uma (50/20) are paid together in chips: 13/3/-5/-11"
    final = settled(game(*FOUR_DRAWS, ruleset=SPEED))["final"]
    assert [c["placement"] for c in final["chips"]] == [3, 13, -5, -11]


def test_placement_only_battle_ignores_raw_points() -> None:
    # "Placement-only battle: if on, raw points do not influece post-game exchanges"
    final = settled(game(*FOUR_DRAWS, ruleset=SPEED))["final"]
    assert final["points_delta"] == [0, 0, 0, 0]
    assert final["value"] == [15000, 65000, -25000, -55000]


def test_raw_points_option_adds_the_score_less_the_start() -> None:
    # Optional rule: "Raw points also contribute to post-game exchanges"
    final = settled(game(*FOUR_DRAWS, ruleset=SPEED, placement_only=False))["final"]
    assert final["points_delta"] == [-1000, 3000, -1000, -1000]
    assert final["value"] == [14000, 68000, -26000, -56000]


def test_chip_worth_10000_by_option() -> None:
    # Optional rule: "Each shuugi chip is worth 10,000 points instead of 5,000"
    result = settled(game(*FOUR_DRAWS, ruleset=SPEED, chip_value=10000))
    assert result["chip_value"] == 10000
    assert result["final"]["value"] == [30000, 130000, -50000, -110000]


def test_riichi_standard_settles_uma_and_oka_in_points() -> None:
    # (score - 30,000) + uma 20/10/-10/-20 (thousands) + oka 20,000 to first.
    final = settled(game(draw(1), *[draw()] * 7))["final"]
    assert final["scores"] == [24000, 28000, 24000, 24000]
    assert final["points_delta"] == [4000, 38000, -16000, -26000]
    assert final["chips"][1] == {"hands": 0, "tobi": 0, "called_game": 0, "placement": 0,
                                 "total": 0}


@pytest.mark.parametrize(("bust", "ends"), [("at_zero", ["tobi"]), ("below_zero", []),
                                            ("off", [])])
def test_bust_option_decides_whether_zero_points_ends_the_game(
    bust: str, ends: list[str]
) -> None:
    # Three reverse-mangan chonbo by seat 2 (8,000 each) leave it 1,000; one noten draw, 0.
    result = settled(game(chonbo(2), chonbo(2), chonbo(2), draw(0), bust=bust))
    assert last(result)["scores"][2] == 0
    assert last(result)["game_ends"] == ends


def test_unfinished_game_has_no_final_settlement() -> None:
    result = settled(game(draw(), draw()))
    assert (result["finished"], result["end"], result["final"]) == (False, None, None)
    assert last(result)["scores"] == [25000] * 4


def test_stopped_game_ends_after_its_last_hand_with_placements() -> None:
    # A parlor closing before the East round is over: `stopped` ends the game as it stands.
    # Seat 1 (riichi, tenpai alone) takes 1,000 from each noten seat: 27,000 after its stick.
    result = settled({**game(draw(1, riichi=[1]), ruleset=SPEED), "stopped": True})
    assert result["end"] == {"hand": 0, "reasons": ["stopped"]}
    assert last(result)["scores"] == [24000, 27000, 24000, 24000]
    # Ties broken by seat order from the first dealer; oka and uma 13/3/-5/-11 in chips.
    assert result["final"]["placements"] == [2, 1, 3, 4]
    assert [c["placement"] for c in result["final"]["chips"]] == [3, 13, -5, -11]


def test_unstopped_game_that_has_not_ended_has_no_final() -> None:
    result = settled(game(draw(1, riichi=[1]), ruleset=SPEED))
    assert result["finished"] is False
    assert result["final"] is None


def test_stopped_must_be_a_boolean() -> None:
    out = engine.settle_game({**game(draw(), ruleset=SPEED), "stopped": "yes"})
    assert out["ok"] is False
    assert out["error"]["code"] == "bad_game"
    assert "stopped" in out["error"]["message"]


def test_called_game_at_exactly_55000_ends_the_game() -> None:
    # "any player reaching 55,000 pt ends the game instantly". Ten chonbo (3,000 all) by
    # seats 1, 2, 3, 1, ...: seat 0 takes 3,000 from each, 52,000 after nine, 55,000 after ten.
    result = settled(game(*[chonbo(1 + i % 3) for i in range(10)], ruleset=SPEED))
    assert result["hands"][8]["scores"][0] == 52000
    assert result["hands"][8]["game_ends"] == []
    assert result["end"] == {"hand": 9, "reasons": ["called_game"]}
    assert result["final"]["scores"] == [55000, 7000, 19000, 19000]
    assert [c["called_game"] for c in result["final"]["chips"]] == [3, -1, -1, -1]


@pytest.mark.parametrize(("bust", "ends"), [("below_zero", []), ("at_zero", ["tobi"])])
def test_tobi_at_zero_is_an_option_in_speed_tonpuu(bust: str, ends: list[str]) -> None:
    # "Tobi: 1 chip" does not say whether 0 points busts. Seat 3: two chonbo (7,000 left), two
    # draws with three tenpai (3,000 each), one with the dealer alone tenpai (1,000): 0.
    hands = [chonbo(3), chonbo(3), draw(0, 1, 2), draw(0, 1, 2), draw(0)]
    result = settled(game(*hands, ruleset=SPEED, bust=bust))
    assert last(result)["scores"][3] == 0
    assert last(result)["game_ends"] == ends
    assert lines(last(result), "tobi") == ([(3, 0, 0, 1)] if ends else [])
