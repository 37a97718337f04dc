"""Limit hands at every boundary, and yakuman multiples.

riichi-standard: no kiriage mangan (4 han 30 fu and 3 han 60 fu stay 7700),
mangan from 5 han or a basic value over 2000, haneman 6-7, baiman 8-10,
sanbaiman 11-12, kazoe yakuman from 13 han, and double yakuman for the four
wait-based yakuman (counted once in `tenhou`). Non-dealer ron pays 4x the
basic value, dealer ron 6x (rounded up to 100).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.hands import scored

# riichi + pinfu + tanyao (3 han 30 fu); 234m 567m 345p 567s 88p, ryanmen on 2m.
# Dora per indicator: 1m->2m 1, 2m->3m 1, 3m->4m 1, 2p->3p 1, 3p->4p 1, 4p->5p 1, 7p->8p 2.
LADDER = {"hand": "234567m345p567s88p", "win_tile": "2m", "riichi": "riichi"}


def ladder(han: int, dora: str, ura: str, limit: str | None, ron: int, dealer_ron: int) -> Any:
    return pytest.param(han, dora, ura, limit, ron, dealer_ron, id=f"{han}han_{limit or 'plain'}")


LADDER_ROWS = [
    ladder(4, "1m", "", None, 7700, 11600),
    ladder(5, "7p", "", "mangan", 8000, 12000),
    ladder(6, "7p1m", "", "haneman", 12000, 18000),
    ladder(7, "7p1m2m", "", "haneman", 12000, 18000),
    ladder(8, "7p7p1m", "", "baiman", 16000, 24000),
    ladder(10, "7p7p1m2m3m", "", "baiman", 16000, 24000),
    ladder(11, "7p7p1m2m3m", "2p", "sanbaiman", 24000, 36000),
    ladder(12, "7p7p1m2m3m", "2p3p", "sanbaiman", 24000, 36000),
    ladder(13, "7p7p1m2m3m", "2p3p4p", "kazoe", 32000, 48000),
    ladder(15, "7p7p1m2m3m", "2p3p4p7p", "kazoe", 32000, 48000),
]


@pytest.mark.parametrize("han, dora, ura, limit, ron, dealer_ron", LADDER_ROWS)
def test_limit_ladder(han: int, dora: str, ura: str, limit: str | None, ron: int,
                      dealer_ron: int) -> None:
    fields = {**LADDER, "dora_indicators": dora, "ura_indicators": ura}
    result = scored(**fields)
    assert (result["han"], result["fu"], result["limit"]) == (han, 30, limit), result
    assert result["payment"] == {"ron": ron}
    assert scored(**fields, seat_wind="E")["payment"] == {"ron": dealer_ron}


def test_kiriage_off_4han_30fu_is_7700() -> None:
    result = scored(**LADDER, dora_indicators="1m")
    assert (result["han"], result["fu"], result["limit"]) == (4, 30, None)
    assert result["payment"] == {"ron": 7700}


def test_kiriage_off_3han_60fu_is_7700() -> None:
    # closed ron: 20 + 10 + 16 (closed 2222m) + 8 (closed 999s) = 54 -> 60;
    # riichi + ippatsu + dora 5m (indicator 4m)
    result = scored(hand="567m34588p999s", win_tile="3p", riichi="riichi", ippatsu=True,
                    dora_indicators="4m", melds=(("ankan", "2222m"),))
    assert (result["han"], result["fu"], result["limit"]) == (3, 60, None), result
    assert result["payment"] == {"ron": 7700}


def test_3han_70fu_is_mangan() -> None:
    # closed ron: 20 + 10 + 32 (closed 7777z) + 4 (closed 888s) = 66 -> 70; chun + riichi + dora
    result = scored(hand="567m11345p888s", win_tile="3p", riichi="riichi", dora_indicators="4m",
                    melds=(("ankan", "7777z"),))
    assert (result["han"], result["fu"], result["limit"]) == (3, 70, "mangan"), result
    assert result["payment"] == {"ron": 8000}


def test_4han_40fu_is_mangan() -> None:
    # kanchan on 4p: 20 + 10 + 2 = 32 -> 40; riichi + ippatsu + tanyao + dora 5m
    result = scored(hand="234567m345p678s88p", win_tile="4p", riichi="riichi", ippatsu=True,
                    dora_indicators="4m")
    assert (result["han"], result["fu"], result["limit"]) == (4, 40, "mangan"), result
    assert result["payment"] == {"ron": 8000}


@pytest.mark.parametrize("win, seat, dora, payment", [
    ("ron", "S", "7p", {"ron": 8000}),
    ("ron", "E", "7p", {"ron": 12000}),
    ("tsumo", "S", "1m", {"tsumo_dealer": 4000, "tsumo_non_dealer": 2000}),
    ("tsumo", "E", "1m", {"tsumo_all": 4000}),
])
def test_mangan_payments(win: str, seat: str, dora: str, payment: dict[str, int]) -> None:
    # 5 han: 3 + 2 dora by ron; by tsumo 3 + menzen tsumo + 1 dora
    result = scored(**LADDER, dora_indicators=dora, win=win, seat_wind=seat)
    assert result["limit"] == "mangan" and result["payment"] == payment, result


@pytest.mark.parametrize("dora, ura, limit, non_dealer, dealer", [
    ("7p1m", "", "haneman", 3000, 6000),  # 4 han with menzen tsumo, + 3 dora
    ("7p7p1m", "", "baiman", 4000, 8000),  # 9 han
    ("7p7p1m2m3m", "", "sanbaiman", 6000, 12000),  # 11 han
    ("7p7p1m2m3m", "3p4p", "kazoe", 8000, 16000),  # 13 han
])
def test_limit_tsumo_split(dora: str, ura: str, limit: str, non_dealer: int, dealer: int) -> None:
    result = scored(**LADDER, dora_indicators=dora, ura_indicators=ura, win="tsumo")
    assert result["limit"] == limit, result
    assert result["payment"] == {"tsumo_dealer": dealer, "tsumo_non_dealer": non_dealer}
    assert result["total"] == dealer + 2 * non_dealer


def test_kazoe_is_paid_as_one_yakuman_multiple() -> None:
    result = scored(**LADDER, dora_indicators="7p7p1m2m3m", ura_indicators="2p3p4p")
    assert (result["han"], result["yakuman"], result["limit"]) == (13, 1, "kazoe")
    assert result["yaku"][0] == {"name": "riichi", "han": 1}, "kazoe keeps its ordinary yaku"


def test_true_yakuman_beats_kazoe_reading_that_pays_the_same() -> None:
    # 111 222 333 555m + 44m by tsumo: suuankou, or chinitsu + iipeikou + menzen tsumo +
    # open riichi + 3 dora (1m) = 13 han kazoe; both pay 8000/16000, yakuman are judged first
    result = scored(hand="11122233344555m", win_tile="1m", win="tsumo", riichi="open",
                    seat_wind="W", round_wind="S", dora_indicators="9m")
    assert result["yaku"] == [{"name": "suuankou", "yakuman": 1}], result
    assert result["payment"] == {"tsumo_dealer": 16000, "tsumo_non_dealer": 8000}


def test_kazoe_counts_once_however_many_han() -> None:
    result = scored(**LADDER, dora_indicators="7p7p1m2m3m", ura_indicators="7p7p2p3p4p")
    assert result["han"] == 17 and result["limit"] == "kazoe"
    assert result["payment"] == {"ron": 32000}


# Yakuman payments: non-dealer ron 32000 per multiple, dealer ron 48000,
# tsumo 8000/16000 (non-dealer/dealer share), dealer tsumo 16000 all.
DAISANGEN = {"hand": "123m99p555666777z", "win_tile": "1m"}
DOUBLES = {
    "kokushi_13": {"hand": "19m19p19s11234567z", "win_tile": "1z"},
    "suuankou_tanki": {"hand": "222888m44499p666s", "win_tile": "9p"},
    "chuuren_9": {"hand": "11123456789999m", "win_tile": "9m"},
    "daisuushii": {"hand": "99m222333444z", "win_tile": "9m", "melds": (("pon", "111z"),)},
}


@pytest.mark.parametrize("win, seat, payment", [
    ("ron", "S", {"ron": 32000}),
    ("ron", "E", {"ron": 48000}),
    ("tsumo", "S", {"tsumo_dealer": 16000, "tsumo_non_dealer": 8000}),
    ("tsumo", "E", {"tsumo_all": 16000}),
])
def test_yakuman_payments(win: str, seat: str, payment: dict[str, int]) -> None:
    result = scored(**DAISANGEN, win=win, seat_wind=seat)
    assert (result["yakuman"], result["limit"], result["payment"]) == (1, "yakuman", payment)


@pytest.mark.parametrize("name", sorted(DOUBLES))
def test_wait_based_yakuman_is_double_in_riichi_standard(name: str) -> None:
    result = scored(**DOUBLES[name])
    assert result["yakuman"] == 2, result
    assert result["payment"] == {"ron": 64000}
    assert scored(**DOUBLES[name], seat_wind="E")["payment"] == {"ron": 96000}


@pytest.mark.parametrize("name", sorted(DOUBLES))
def test_wait_based_yakuman_is_single_in_tenhou(name: str) -> None:
    result = scored(**DOUBLES[name], ruleset="tenhou")
    assert result["yakuman"] == 1, result
    assert result["payment"] == {"ron": 32000}


def test_double_yakuman_tsumo_split() -> None:
    result = scored(**DOUBLES["suuankou_tanki"], win="tsumo")
    assert result["payment"] == {"tsumo_dealer": 32000, "tsumo_non_dealer": 16000}
    assert result["total"] == 64000


def test_stacked_yakuman_multiply() -> None:
    # daisangen + tenhou, dealer tsumo: 2 x 16000 all
    result = scored(**DAISANGEN, seat_wind="E", win="tsumo", tenhou=True)
    assert result["yakuman"] == 2
    assert result["payment"] == {"tsumo_all": 32000}
    assert result["total"] == 96000
