"""Toutenkou's game rules through ``engine.settle_game`` (docs/rules/toutenkou.md, "Game").

``CHUN`` (an open hand, chun pon and one gari set aside) is worth, by the
rules: non-dealer ron 1 + 1 + 2 + 8 = 12, dealer ron 13; non-dealer tsumo 4
from each, dealer tsumo 5 from each; each honba adds 1 to what each payer pays.
"""

from __future__ import annotations

from typing import Any

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
    tsumo,
)

CHUN: dict[str, Any] = {
    "hand": "123p456s789s11p",
    "melds": [{"kind": "pon", "tiles": "777z"}],
    "win_tile": "1p",
    "nuki": "4z",
}


def toutenkou(*hands: dict[str, Any], **game_options: Any) -> dict[str, Any]:
    return game(*hands, ruleset="toutenkou", players=3, **game_options)


def test_ron_is_paid_by_the_discarder_alone() -> None:
    hand = last(settled(toutenkou(ron(1, 2, CHUN))))
    assert lines(hand) == [(2, 1, 12, 0)]
    assert hand["points_delta"] == [0, 12, -12]


def test_tsumo_is_paid_by_each_of_the_two_others() -> None:
    hand = last(settled(toutenkou(tsumo(1, CHUN))))
    assert lines(hand) == [(0, 1, 4, 0), (2, 1, 4, 0)]


def test_riichi_stick_is_one_point_taken_by_the_winner() -> None:
    # "The riichi bet is also 1 point."
    closed = {"hand": "123p456s789s11p555z", "win_tile": "1p", "nuki": "4z"}
    hand = last(settled(toutenkou(ron(1, 2, closed, riichi=[0, 1]))))
    assert hand["deposits"] == [
        {"seat": 0, "points": -1, "reason": "riichi"},
        {"seat": 1, "points": -1, "reason": "riichi"},
        {"seat": 1, "points": 2, "reason": "sticks"},
    ]
    # haku 1 + riichi 1 + menzen 1 + gari 1 + banban 2 + ron 8 = 14, plus 2 sticks
    assert hand["wins"][0]["score"]["total"] == 16
    assert hand["points_delta"] == [-1, 15, -14]


@pytest.mark.parametrize(
    ("tenpai", "expected"),
    [([0], [(1, 0, 10, 0), (2, 0, 10, 0)]), ([0, 1], [(2, 0, 10, 0), (2, 1, 10, 0)])],
)
def test_noten_penalty_is_20_split_among_the_tenpai_players(
    tenpai: list[int], expected: list[tuple[int, int, int, int]]
) -> None:
    # "The noten penalty of ryuukyoku is 20 points."
    assert lines(last(settled(toutenkou(draw(*tenpai))))) == expected


@pytest.mark.parametrize(
    ("tenpai", "expected"),
    [([0], [(1, 0, 5, 0), (2, 0, 5, 0)]), ([0, 1], [(2, 0, 5, 0), (2, 1, 5, 0)])],
)
def test_noten_penalty_10_to_the_table_is_5_from_each_when_one_is_tenpai(
    tenpai: list[int], expected: list[tuple[int, int, int, int]]
) -> None:
    # "ノーテン罰符は場に10点(1人テンパイなら他2人から5点ずつ)": 10 in all from the noten
    # players, split among the tenpai players.
    assert lines(last(settled(toutenkou(draw(*tenpai), noten_penalty=10)))) == expected


def test_noten_penalty_30_option() -> None:
    # "ノーテン罰符を重く設定しているルールもある(場に30点など)"
    assert lines(last(settled(toutenkou(draw(2), noten_penalty=30)))) == [
        (0, 2, 15, 0), (1, 2, 15, 0)]


def test_noten_penalty_held_as_a_deposit_goes_to_the_next_winner() -> None:
    # "ノーテン罰符を供託扱いにするルールもある"
    result = settled(toutenkou(draw(0), ron(1, 2, CHUN), noten_to_deposit=True))
    first, second = result["hands"]
    assert first["transfers"] == []
    assert first["deposits"] == [{"seat": 1, "points": -10, "reason": "noten"},
                                 {"seat": 2, "points": -10, "reason": "noten"}]
    assert first["sticks_after"] == 20
    # dealer 0 was tenpai: renchan, 1 honba; seat 1's ron takes 12 + 1 honba + the 20 deposited
    assert second["wins"][0]["score"]["total"] == 33
    assert second["points_delta"] == [0, 33, -13]


@pytest.mark.parametrize("tenpai", [[], [0, 1, 2]])
def test_no_noten_penalty_when_everyone_or_nobody_is_tenpai(tenpai: list[int]) -> None:
    assert lines(last(settled(toutenkou(draw(*tenpai))))) == []


@pytest.mark.parametrize("rotation", ["counterclockwise", "winner"])
def test_a_draw_adds_a_honba(rotation: str) -> None:
    # "なお、流局の場合も積み棒を1本増やす。"
    assert last(settled(toutenkou(draw(1), dealer_rotation=rotation)))["honba_after"] == 1


def test_east_only_game_ends_after_the_third_dealership() -> None:
    # "常に東場。" Tenhou's game: one East round of three dealers.
    result = settled(toutenkou(ron(1, 2, CHUN), draw(0), ron(0, 1, CHUN)))
    assert [h["dealer"] for h in result["hands"]] == [0, 1, 2]
    assert {h["round_wind"] for h in result["hands"]} == {"E"}
    assert result["end"] == {"hand": 2, "reasons": ["rounds_complete"]}
    assert error_of(toutenkou(ron(1, 2, CHUN), draw(0), ron(0, 1, CHUN), draw(0)))["code"] == (
        "bad_game")


def test_dealer_keeps_the_deal_on_a_win_or_tenpai() -> None:
    result = settled(toutenkou(ron(0, 2, CHUN), draw(0), tsumo(0, CHUN)))
    assert [h["dealer_after"] for h in result["hands"]] == [0, 0, 0]
    assert [h["honba_after"] for h in result["hands"]] == [1, 2, 3]
    # the third hand: dealer tsumo 5 + 2 honba from each
    assert lines(result["hands"][2]) == [(1, 0, 7, 0), (2, 0, 7, 0)]


def test_winner_becomes_the_next_dealer_by_option() -> None:
    # "前局の和了者が次局の親になる。親があがれば連荘となり、積み棒を1本増やす。"
    result = settled(toutenkou(ron(2, 1, CHUN), tsumo(2, CHUN), draw(0), ron(0, 2, CHUN),
                               dealer_rotation="winner"))
    assert [h["dealer_after"] for h in result["hands"]] == [2, 2, 2, 0]
    assert [h["honba_after"] for h in result["hands"]] == [0, 1, 2, 0]
    # the dealer's tsumo in hand 1: 5 from each (0 honba); seat 0's ron at 2 honba: 12 + 2
    assert lines(result["hands"][1]) == [(0, 2, 5, 0), (1, 2, 5, 0)]
    assert lines(result["hands"][3]) == [(2, 0, 14, 0)]


def test_winner_rotation_is_always_east_with_no_fixed_end() -> None:
    hands = [ron(seat, (seat + 1) % 3, CHUN) for seat in (1, 2, 0, 1, 2, 0, 1)]
    result = settled(toutenkou(*hands, dealer_rotation="winner"))
    assert not result["finished"]
    assert {h["round_wind"] for h in result["hands"]} == {"E"}


def test_settlement_per_hand_starts_at_zero_and_lets_a_player_below_zero_riichi() -> None:
    # "基本的には一局清算" (settled hand by hand): no starting points, no end at zero.
    closed = {"hand": "123p456s789s11p555z", "win_tile": "1p", "nuki": "4z"}
    result = settled(toutenkou(ron(1, 2, CHUN), ron(2, 0, closed, riichi=[2])))
    assert result["hands"][0]["scores"] == [0, 12, -12]
    assert result["hands"][1]["scores"] == [-14, 12, 2]


def test_fixed_starting_points_end_the_game_when_a_player_reaches_zero() -> None:
    # "持ち点を定めて遊ぶことも多い。その場合は持ち点がゼロになったら終了。"
    result = settled(toutenkou(ron(2, 1, CHUN), ron(2, 1, CHUN), starting_points=24))
    assert result["hands"][0]["scores"] == [24, 12, 36]
    assert result["end"] == {"hand": 1, "reasons": ["tobi"]}
    assert result["final"]["scores"] == [24, 0, 48]
    assert result["final"]["points_delta"] == [0, -24, 24]


def test_riichi_needs_a_point_in_hand_with_fixed_starting_points() -> None:
    error = error_of(toutenkou(ron(2, 1, CHUN), ron(1, 2, CHUN, riichi=[1]), starting_points=12))
    assert "the game already ended" in error["message"]


def test_nagashi_mangan_is_off_by_default() -> None:
    assert "nagashi" in error_of(toutenkou(draw(0, nagashi=[1])))["message"]


def test_nagashi_mangan_as_a_yakuman_by_option() -> None:
    # "流し満貫は役満として扱う": a yakuman tsumo, 20 (or 50) from each other player, honba too.
    result = settled(toutenkou(draw(0), draw(0, nagashi=[1]), nagashi_yakuman_points=20))
    hand = last(result)
    assert lines(hand) == [(0, 1, 21, 0), (2, 1, 21, 0)]
    assert hand["dealer_after"] == 1
    assert lines(last(settled(toutenkou(draw(1, nagashi=[1]), nagashi_yakuman_points=50)))) == [
        (0, 1, 50, 0), (2, 1, 50, 0)]


def test_game_options_pass_hand_options_to_every_record() -> None:
    out = toutenkou(ron(1, 2, CHUN))
    out["options"] = {"ron_points": 0}
    assert lines(last(settled(out))) == [(2, 1, 4, 0)]


def test_double_ron_gives_the_honba_and_sticks_to_the_first_winner_from_the_discarder() -> None:
    haku = {"hand": "234p456s789s99p555z", "win_tile": "9p", "nuki": "9m"}
    hands = [draw(0), {"kind": "win", "riichi": [1],
                       "wins": [{"winner": 1, "discarder": 2, "record": haku},
                                {"winner": 0, "discarder": 2, "record": dict(CHUN)}]}]
    hand = last(settled(toutenkou(*hands)))
    # seat 0 (dealer, first after seat 2): 13 + 1 honba, and seat 1's stick;
    # seat 1: haku 1 + riichi 1 + menzen 1 + gari 1 + banban 2 + ron 8 = 14
    assert [(w["winner"], w["score"]["total"]) for w in hand["wins"]] == [(0, 15), (1, 14)]
    assert lines(hand) == [(2, 0, 14, 0), (2, 1, 14, 0)]
    assert hand["points_delta"] == [15, 13, -28]


def test_chonbo_pays_20_to_each_other_player() -> None:
    assert lines(last(settled(toutenkou(chonbo(1))))) == [(1, 0, 20, 0), (1, 2, 20, 0)]


def test_four_player_only_aborts_are_refused() -> None:
    error = error_of(toutenkou({"kind": "abort", "cause": "suufon_renta"}))
    assert "needs four players" in error["message"]


def test_no_chi_option_refuses_a_chi_in_a_game() -> None:
    # JA: "チーはできない。" A hand option, so a game sets it in its "options".
    chi = {"hand": "456s789s11p555z", "win_tile": "1p", "nuki": "4z",
           "melds": [{"kind": "chi", "tiles": "123p"}]}
    assert lines(last(settled(toutenkou(ron(1, 2, chi))))) == [(2, 1, 12, 0)]
    out = toutenkou(ron(1, 2, chi))
    out["options"] = {"no_chi": True}
    error = error_of(out)
    assert error["code"] == "bad_field"
    assert "melds[0] (chi 123p): no chi in this game" in error["message"]


def test_pao_follows_the_usual_rules() -> None:
    # JA: "その他の細目は一般的な四人打ちのルールに準ずる": pao on daisangen. Open daisangen
    # ron: daisangen 20 + banban 2 + ron 8 + karasu 10 = 40, half from the pao player; on
    # tsumo the pao player pays both shares (daisangen 20 + banban 2 + karasu 10 = 32 each).
    daisangen = {"hand": "555z666z234s11p", "win_tile": "1p",
                 "melds": [{"kind": "pon", "tiles": "777z"}]}
    ron_hand = last(settled(toutenkou({"kind": "win", "wins": [
        {"winner": 1, "discarder": 2, "pao": 0, "record": daisangen}]})))
    assert lines(ron_hand) == [(0, 1, 20, 0), (2, 1, 20, 0)]
    tsumo_hand = last(settled(toutenkou({"kind": "win", "wins": [
        {"winner": 1, "pao": 0, "record": {**daisangen, "win": "tsumo"}}]})))
    assert lines(tsumo_hand) == [(0, 1, 64, 0)]
