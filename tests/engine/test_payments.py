"""Payments below the limits: the basic value fu x 2^(han+2), times 4 (non-dealer ron),
6 (dealer ron), 1 and 2 (non-dealer tsumo: each non-dealer, the dealer) or 2 (dealer
tsumo, each), every payment rounded up to 100 on its own. `payment` is before honba
and riichi sticks; `total` adds 300 per honba and 1000 per riichi stick.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.hands import scored, winner_receives

PINFU_TANYAO = {"hand": "234567m345p567s88p", "win_tile": "2m"}  # ron 2 han 30; tsumo 3 han 20
OPEN_TANYAO = {"hand": "567m345p567s88p", "win_tile": "3p", "melds": (("chi", "234m"),)}  # 1/30
TANKI_TANYAO = {"hand": "234567m345p567s88p", "win_tile": "8p"}  # ron 1 han 40; tsumo 2 han 30
CHIITOITSU = {"hand": "1133m5577p2288s66z", "win_tile": "6z"}  # ron 2 han 25; tsumo 3 han 25


def pay(hand: dict[str, Any], win: str, seat: str, han: int, fu: int,
        payment: dict[str, int], why: str) -> Any:
    return pytest.param(hand, win, seat, han, fu, payment, id=why)


PAYMENTS = [
    # basic 30 x 2^3 = 240
    pay(OPEN_TANYAO, "ron", "S", 1, 30, {"ron": 1000}, "1han30fu_non_dealer_ron_960_to_1000"),
    pay(OPEN_TANYAO, "ron", "E", 1, 30, {"ron": 1500}, "1han30fu_dealer_ron_1440_to_1500"),
    pay(OPEN_TANYAO, "tsumo", "S", 1, 30, {"tsumo_dealer": 500, "tsumo_non_dealer": 300},
        "1han30fu_tsumo_rounds_each_payer_480_to_500_and_240_to_300"),
    pay(OPEN_TANYAO, "tsumo", "E", 1, 30, {"tsumo_all": 500}, "1han30fu_dealer_tsumo_500_all"),
    # basic 40 x 8 = 320
    pay(TANKI_TANYAO, "ron", "S", 1, 40, {"ron": 1300}, "1han40fu_non_dealer_ron_1280_to_1300"),
    pay(TANKI_TANYAO, "ron", "E", 1, 40, {"ron": 2000}, "1han40fu_dealer_ron_1920_to_2000"),
    # basic 30 x 16 = 480
    pay(TANKI_TANYAO, "tsumo", "S", 2, 30, {"tsumo_dealer": 1000, "tsumo_non_dealer": 500},
        "2han30fu_tsumo_1000_500"),
    pay(TANKI_TANYAO, "tsumo", "E", 2, 30, {"tsumo_all": 1000}, "2han30fu_dealer_tsumo_1000_all"),
    pay(PINFU_TANYAO, "ron", "S", 2, 30, {"ron": 2000}, "2han30fu_non_dealer_ron_1920_to_2000"),
    pay(PINFU_TANYAO, "ron", "E", 2, 30, {"ron": 2900}, "2han30fu_dealer_ron_2880_to_2900"),
    # basic 20 x 32 = 640
    pay(PINFU_TANYAO, "tsumo", "S", 3, 20, {"tsumo_dealer": 1300, "tsumo_non_dealer": 700},
        "pinfu_tsumo_3han20fu_1300_700"),
    pay(PINFU_TANYAO, "tsumo", "E", 3, 20, {"tsumo_all": 1300}, "pinfu_tsumo_dealer_1300_all"),
    # basic 25 x 16 = 400; 25 x 32 = 800
    pay(CHIITOITSU, "ron", "S", 2, 25, {"ron": 1600}, "chiitoitsu_2han25fu_ron_1600"),
    pay(CHIITOITSU, "ron", "E", 2, 25, {"ron": 2400}, "chiitoitsu_dealer_ron_2400"),
    pay(CHIITOITSU, "tsumo", "S", 3, 25, {"tsumo_dealer": 1600, "tsumo_non_dealer": 800},
        "chiitoitsu_3han25fu_tsumo_1600_800"),
    pay(CHIITOITSU, "tsumo", "E", 3, 25, {"tsumo_all": 1600}, "chiitoitsu_dealer_tsumo_1600_all"),
]


@pytest.mark.parametrize("hand, win, seat, han, fu, payment", PAYMENTS)
def test_payment(hand: dict[str, Any], win: str, seat: str, han: int, fu: int,
                 payment: dict[str, int]) -> None:
    result = scored(**hand, win=win, seat_wind=seat)
    assert (result["han"], result["fu"]) == (han, fu), result
    assert result["payment"] == payment
    assert result["total"] == winner_receives(payment)



def test_3han_30fu_ron_rounds_3840_up_to_3900() -> None:
    result = scored(**PINFU_TANYAO, riichi="riichi")
    assert result["payment"] == {"ron": 3900}
    assert scored(**PINFU_TANYAO, riichi="riichi", seat_wind="E")["payment"] == {"ron": 5800}


@pytest.mark.parametrize("win, seat, honba, sticks, payment, total", [
    ("ron", "S", 3, 2, {"ron": 2000}, 2000 + 900 + 2000),
    ("ron", "E", 1, 0, {"ron": 2900}, 2900 + 300),
    ("tsumo", "S", 2, 1, {"tsumo_dealer": 1300, "tsumo_non_dealer": 700},
     1300 + 2 * 700 + 600 + 1000),
    ("tsumo", "E", 4, 3, {"tsumo_all": 1300}, 3 * 1300 + 1200 + 3000),
])
def test_honba_and_riichi_sticks_go_to_total_not_payment(
    win: str, seat: str, honba: int, sticks: int, payment: dict[str, int], total: int
) -> None:
    result = scored(**PINFU_TANYAO, win=win, seat_wind=seat, honba=honba, riichi_sticks=sticks)
    assert result["payment"] == payment
    assert result["total"] == total


def test_honba_is_added_to_limit_hands_too() -> None:
    result = scored(hand="123m99p555666777z", win_tile="1m", honba=2, riichi_sticks=1)
    assert (result["payment"], result["total"]) == ({"ron": 32000}, 32000 + 600 + 1000)


def test_omitted_honba_and_sticks_default_to_zero() -> None:
    result = scored(**PINFU_TANYAO)
    assert result["total"] == 2000
