"""Fu: each component, and the rounding up to the next 10.

The output only shows the rounded total, so each row is built so that the
component under test decides the rounding: leaving it out, or counting it at
the neighbouring value (open for closed, simple for terminal, pon for kan),
gives a different total. The comment on each row is the sum before rounding.
Hands are non-dealer (South) in an East round unless the row says otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.hands import scored

# 234m 567m 345p 567s 88p: all runs, plain pair, ryanmen on 2m.
PINFU_SHAPE = {"hand": "234567m345p567s88p", "win_tile": "2m"}
# Melded/closed filler around an open set: 345p 567s + 88s pair; ryanmen on 3p, kanchan on 4p.
RUNS = "345p56788s"


def fu_case(expected: int, why: str, **fields: Any) -> Any:
    return pytest.param(expected, fields, id=why)


FU = [
    fu_case(30, "pinfu_ron_is_20_base_plus_10_menzen_ron", **PINFU_SHAPE),
    fu_case(20, "pinfu_tsumo_is_20_flat", **PINFU_SHAPE, win="tsumo"),
    fu_case(25, "chiitoitsu_ron_is_25", hand="1133m5577p2288s66z", win_tile="6z"),
    fu_case(25, "chiitoitsu_tsumo_is_25_without_tsumo_fu", hand="1133m5577p2288s66z",
            win_tile="6z", win="tsumo"),
    # 20 + 10 menzen ron + 4 closed 222m = 34
    fu_case(40, "menzen_ron_adds_10", hand="222567m345p567s88p", win_tile="3p"),
    # 20 + 8 closed 111m + 2 kanchan + 2 tsumo = 32
    fu_case(40, "tsumo_adds_2", hand="111456m345p678s88p", win_tile="4p", win="tsumo"),
    # 20 + 10 + 2 kanchan = 32
    fu_case(40, "kanchan_wait_adds_2", hand="234567m345p678s88p", win_tile="4p"),
    # 20 + 10 + 2 penchan = 32
    fu_case(40, "penchan_wait_adds_2", hand="123567m345p678s88p", win_tile="3m", riichi="riichi"),
    # 20 + 10 + 2 tanki = 32
    fu_case(40, "tanki_wait_adds_2", hand="234567m345p678s88p", win_tile="8p"),
    # 20, nothing else: paid as 30
    fu_case(30, "open_hand_with_no_fu_is_paid_as_30", hand="567m345p567s88p", win_tile="3p",
            melds=(("chi", "234m"),)),
    fu_case(30, "open_tsumo_with_no_other_fu_is_30", hand="567m345p567s88p", win_tile="3p",
            win="tsumo", melds=(("chi", "234m"),)),
    # 20 + 10 + 4 closed 222m + 8 closed 999p = 42
    fu_case(50, "rounds_42_up_to_50", hand="222m345999p567s88s", win_tile="3p", riichi="riichi"),
    # 20 + 2 open 222m + 8 closed 555z = 30 (counted as 4 it would be 40)
    fu_case(30, "open_simple_pon_is_2", hand="555z" + RUNS, win_tile="3p",
            melds=(("pon", "222m"),)),
    # 20 + 2 open 222m + 8 closed 555z + 2 kanchan = 32 (without the pon it would be 30)
    fu_case(40, "open_simple_pon_counts", hand="555z" + RUNS, win_tile="4p",
            melds=(("pon", "222m"),)),
    # 20 + 2 tsumo + 4 + 4 = 30 (at 8 each it would be 40)
    fu_case(30, "closed_simple_pons_are_4_each", hand="222m444p345s678s88p", win_tile="3s",
            win="tsumo"),
    # 20 + 4 open 777z + 4 closed 222m + 2 kanchan = 30 (at 8 it would be 40)
    fu_case(30, "open_honour_pon_is_4", hand="222m" + RUNS, win_tile="4p",
            melds=(("pon", "777z"),)),
    # 20 + 4 open 999m + 8 closed 555z = 32 (at 2 it would be 30)
    fu_case(40, "open_terminal_pon_is_4", hand="555z" + RUNS, win_tile="3p",
            melds=(("pon", "999m"),)),
    # 20 + 4 open 999m + 4 open 777z = 28 (a terminal pon at 8 would make 40)
    fu_case(30, "open_terminal_pon_is_not_8", hand="345p56788s", win_tile="3p",
            melds=(("pon", "999m"), ("pon", "777z"))),
    # 20 + 8 open kan 2222m + 8 closed 555z = 36
    fu_case(40, "open_simple_kan_is_8", hand="555z" + RUNS, win_tile="3p",
            melds=(("minkan", "2222m"),)),
    fu_case(40, "added_kan_is_an_open_kan", hand="555z" + RUNS, win_tile="3p",
            melds=(("kakan", "2222m"),)),
    # 20 + 10 + 16 closed 2222m = 46
    fu_case(50, "closed_simple_kan_is_16", hand="678m345p56788s", win_tile="3p",
            melds=(("ankan", "2222m"),)),
    # 20 + 16 open 9999m + 8 closed 555z = 44
    fu_case(50, "open_terminal_kan_is_16", hand="555z" + RUNS, win_tile="3p",
            melds=(("minkan", "9999m"),)),
    # 20 + 16 open 7777z + 4 closed 222m + 2 kanchan = 42
    fu_case(50, "open_honour_kan_is_16", hand="222m" + RUNS, win_tile="4p",
            melds=(("minkan", "7777z"),)),
    # 20 + 10 + 32 closed 7777z = 62
    fu_case(70, "closed_honour_kan_is_32", hand="234m345p56788s", win_tile="2m",
            melds=(("ankan", "7777z"),)),
    # 20 + 10 + 32 closed 9999m = 62
    fu_case(70, "closed_terminal_kan_is_32", hand="234m345p56788s", win_tile="2m",
            riichi="riichi", melds=(("ankan", "9999m"),)),
    # 20 + 10 + 2 dragon pair = 32
    fu_case(40, "dragon_pair_is_2", hand="234m345p567678s55z", win_tile="2m", riichi="riichi"),
    fu_case(40, "seat_wind_pair_is_2", hand="234m345p567678s22z", win_tile="2m",
            riichi="riichi"),
    fu_case(40, "round_wind_pair_is_2", hand="234m345p567678s11z", win_tile="2m",
            riichi="riichi"),
    fu_case(30, "other_wind_pair_is_0", hand="234m345p567678s33z", win_tile="2m",
            riichi="riichi"),
    # dealer in East round: 20 + 2 tsumo + 4 closed 222m + 2 kanchan + 4 double wind = 32
    fu_case(40, "double_wind_pair_is_4", hand="222678m345p456s11z", win_tile="5s",
            win="tsumo", seat_wind="E"),
    # ron on the shanpon: 999p counts as an open terminal pon:
    # 20 + 10 + 4 closed 222m + 4 = 38 (closed it would be 42 -> 50)
    fu_case(40, "pon_completed_by_ron_counts_as_open", hand="222m99988p345678s",
            win_tile="9p", riichi="riichi"),
    # the same tiles by tsumo: 20 + 2 + 4 + 8 = 34
    fu_case(40, "pon_completed_by_tsumo_stays_closed", hand="222m99988p345678s",
            win_tile="9p", win="tsumo"),
]


@pytest.mark.parametrize("expected, fields", FU)
def test_fu(expected: int, fields: dict[str, Any]) -> None:
    result = scored(**fields)
    assert result["fu"] == expected, result


def test_ryanmen_reading_beats_tanki_reading_when_pinfu_pays_more() -> None:
    # 234m + 44m + 456p 345s 678s: 4m is a tanki (234 + 4) or a ryanmen (23 + 44 pair).
    # ryanmen: riichi + pinfu + tanyao, 3 han 30 fu = 3900; tanki: 2 han 40 fu = 2600
    result = scored(hand="23444m456p345678s", win_tile="4m", riichi="riichi")
    assert (result["han"], result["fu"], result["payment"]) == (3, 30, {"ron": 3900})


def test_three_concealed_pons_beat_three_identical_runs_when_they_pay_more() -> None:
    # 111222333m: three 123m runs (iipeikou + pinfu, 2 han 30 fu = 2000) or three closed pons
    # (sanankou, 2 han, 20 + 10 + 8 + 4 + 8 = 50 fu = 3200)
    result = scored(hand="111222333m456p88s", win_tile="4p")
    assert (result["han"], result["fu"], result["payment"]) == (2, 50, {"ron": 3200})
    assert [y["name"] for y in result["yaku"]] == ["sanankou"]
