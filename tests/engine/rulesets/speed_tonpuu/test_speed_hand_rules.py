"""Speed Tonpuu's table rules at hand level: kiriage, tonshaaba, open riichi, basengo, East only."""

from __future__ import annotations

import pytest

from tests.engine.hands import error_of, yaku_of
from tests.engine.rulesets.speed_tonpuu.speed import chi, pon, speed, speed_ok

# riichi, pinfu, tanyao and one dora (indicator 1m): 4 han 30 fu on ron.
FOUR_HAN_30_FU = {"hand": "234m456p678s345s88s", "win_tile": "3s", "riichi": "riichi",
                  "dora_indicators": "1m"}
# ankan 8p (16 fu) + closed haku (8) + menzen ron (10): 54 -> 60 fu; riichi, haku, dora 1.
THREE_HAN_60_FU = {"hand": "555z234m456s77p", "win_tile": "6s", "riichi": "riichi",
                   "melds": (("ankan", "8888p"),), "dora_indicators": "1m"}
PINFU_TANYAO = {"hand": "234m345p456s23488s", "win_tile": "4s"}


@pytest.mark.parametrize(
    ("hand", "seat", "kiriage", "expected"),
    [
        (FOUR_HAN_30_FU, "S", True, 8000),
        (FOUR_HAN_30_FU, "S", False, 7700),
        (FOUR_HAN_30_FU, "E", True, 12000),
        (FOUR_HAN_30_FU, "E", False, 11600),
        (THREE_HAN_60_FU, "S", True, 8000),
        (THREE_HAN_60_FU, "S", False, 7700),
    ],
)
def test_kiriage_4han_30fu_is_mangan(hand: dict, seat: str, kiriage: bool, expected: int) -> None:
    # "Kiriage Mangan is on." 4 han 30 fu and 3 han 60 fu (1,920 basic points) pay mangan.
    result = speed_ok(**hand, seat_wind=seat, options={"kiriage": kiriage})
    assert (result["han"], result["fu"]) in ((4, 30), (3, 60))
    assert result["payment"] == {"ron": expected}
    assert result["limit"] == ("mangan" if kiriage else None)


def test_kiriage_is_on_by_default() -> None:
    assert speed_ok(**FOUR_HAN_30_FU)["payment"] == {"ron": 8000}


def test_tonshaaba_west_is_a_round_wind() -> None:
    # "Tonshaaba: 1z3z are both round winds." South seat, West called: 1 han 30 fu.
    result = speed_ok("234m456p678s88s", "2m", melds=(pon("333z"),))
    assert yaku_of(result) == {"yakuhai_round_wind": 1}
    assert result["payment"] == {"ron": 1000}


def test_tonshaaba_off_leaves_west_without_value() -> None:
    result = speed("234m456p678s88s", "2m", melds=(pon("333z"),), options={"tonshaaba": False})
    assert error_of(result)[0] == "no_yaku"


def test_tonshaaba_west_seat_west_triplet_is_a_double_wind() -> None:
    result = speed_ok("234m456p678s88s", "2m", melds=(pon("333z"),), seat_wind="W")
    assert yaku_of(result) == {"yakuhai_seat_wind": 1, "yakuhai_round_wind": 1}
    assert result["payment"] == {"ron": 2000}


def test_tonshaaba_east_and_west_triplets_are_two_round_wind_han() -> None:
    result = speed_ok("234m456p88s", "2m", melds=(pon("111z"), pon("333z")))
    assert yaku_of(result) == {"yakuhai_round_wind": 2}
    assert result["payment"] == {"ron": 2000}


@pytest.mark.parametrize(("seat", "fu", "payment"), [
    # 20 + tsumo 2 + closed 2m triplet 4 + kanchan 2 + West pair: 4 (double wind) or 2.
    ("W", 40, {"tsumo_dealer": 1300, "tsumo_non_dealer": 700}),
    ("S", 30, {"tsumo_dealer": 1000, "tsumo_non_dealer": 500}),
])
def test_tonshaaba_west_pair_is_a_double_wind_pair_for_the_west_seat(
    seat: str, fu: int, payment: dict[str, int]
) -> None:
    result = speed_ok("222m456p678s345s33z", "4s", win="tsumo", riichi="riichi", seat_wind=seat)
    assert (result["han"], result["fu"]) == (2, fu)
    assert result["payment"] == payment


def test_open_riichi_is_two_han() -> None:
    # "Open Riichi is on." Worth 2 han as in riichi-standard: open riichi, pinfu, tanyao.
    result = speed_ok("234m456p678s345s88s", "3s", riichi="open")
    assert yaku_of(result) == {"open_riichi": 2, "pinfu": 1, "tanyao": 1}


def test_open_riichi_off_rejects_an_open_riichi() -> None:
    result = speed("234m456p678s345s88s", "3s", riichi="open", options={"open_riichi": False})
    assert error_of(result) == (
        "bad_field", "field 'riichi': 'open' is not allowed in speed-tonpuu"
    )


@pytest.mark.parametrize(("win", "basengo", "total"), [
    ("ron", True, 2000 + 2 * 1500),  # the discarder pays 500 for each of the three payers
    ("tsumo", True, 2700 + 2 * 3 * 500),  # 700/1,300 and 500 from each payer per honba
    ("ron", False, 2000 + 2 * 300),
    ("tsumo", False, 2700 + 2 * 3 * 100),
])
def test_basengo_honba_is_500_per_player(win: str, basengo: bool, total: int) -> None:
    # "Basengo: honba bonus is 500 per player." (ba-sen-go: 1,500 a honba in all)
    result = speed_ok(**PINFU_TANYAO, win=win, honba=2, options={"basengo": basengo})
    assert result["total"] == total


def test_riichi_sticks_are_1000_each() -> None:
    assert speed_ok(**PINFU_TANYAO, riichi_sticks=2)["total"] == 2000 + 2000


@pytest.mark.parametrize("wind", ["S", "W", "N"])
def test_strict_tonpuusen_has_only_the_east_round(wind: str) -> None:
    code, message = error_of(speed(**PINFU_TANYAO, round_wind=wind))
    assert code == "bad_field"
    assert message.startswith(f"field 'round_wind': '{wind}', but speed-tonpuu is played in the "
                              "East round only")


# --- "Ari-ari: kuitan and atozuke are on." ----------------------------------------------


@pytest.mark.parametrize(("kuitan", "payment"), [(True, {"ron": 1000}), (False, None)])
def test_ari_ari_kuitan_open_tanyao_is_one_han(kuitan: bool, payment: dict | None) -> None:
    # Chi 234s, pon 666p, 234m 456p 88s won on 4m: an open all-simples hand, tanyao 1 han;
    # 20 + open 6p triplet 2 = 22 -> 30 fu: 1,000 on ron. Kuitan off: no yaku.
    result = speed("234m456p88s", "4m", melds=(chi("234s"), pon("666p")),
                   options={"kuitan": kuitan})
    if payment is None:
        assert error_of(result)[0] == "no_yaku"
    else:
        assert result["ok"], result
        assert yaku_of(result) == {"tanyao": 1}
        assert result["payment"] == payment


def test_ari_ari_atozuke_a_yaku_only_the_winning_tile_gives_counts() -> None:
    # Open hand on a shanpon 55z / 22m: haku wins with a yaku (atozuke allowed), 2m without.
    melds = (chi("234s"),)
    result = speed_ok("22m456p678s55z5z", "5z", melds=melds)
    assert yaku_of(result) == {"yakuhai_haku": 1}
    assert result["payment"] == {"ron": 1000}
    assert error_of(speed("22m456p678s55z2m", "2m", melds=melds))[0] == "no_yaku"


def test_all_kan_dora_are_revealed_immediately_and_count_on_a_rinshan_win() -> None:
    # "All kan dora are revealed immediately": the kan's new indicator (2m, so 3m is dora)
    # already counts for the rinshan tile drawn after that kan. Minkan 3333s (8 fu) + tanki
    # (2) + tsumo (2) + 20 = 32 -> 40 fu; rinshan, tanyao, dora 1 (3m) + 4 (3333s): 7 han.
    result = speed_ok("234m456p678s55p", "5p", melds=(("minkan", "3333s"),), win="tsumo",
                      rinshan=True, dora_indicators="2m2s")
    assert yaku_of(result) == {"rinshan_kaihou": 1, "tanyao": 1, "dora": 5}
    assert result["payment"] == {"tsumo_dealer": 6000, "tsumo_non_dealer": 3000}
