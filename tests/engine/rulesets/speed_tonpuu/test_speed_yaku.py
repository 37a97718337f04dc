"""Yaku changes: Kansai chiitoitsu, local yaku and yakuman, stacking, doubles, kokushi robbing
an ankan."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.hands import error_of, yaku_of
from tests.engine.rulesets.speed_tonpuu.speed import pon, speed, speed_ok

# --- Kansai chiitoitsu: "1 quad: +1 han; 2 quads: +3 han; 3 quads: yakuman" -------------


def test_kansai_chiitoitsu_one_quad_is_one_more_han() -> None:
    result = speed_ok("1111m22p33p44s55s77z", "7z")
    assert yaku_of(result) == {"chiitoitsu": 2, "kansai_chiitoitsu": 1}
    assert (result["han"], result["fu"], result["payment"]) == (3, 25, {"ron": 3200})


def test_kansai_chiitoitsu_two_quads_are_three_more_han() -> None:
    result = speed_ok("1111m2222p33s55s77z", "7z")
    assert yaku_of(result) == {"chiitoitsu": 2, "kansai_chiitoitsu": 3}
    assert (result["han"], result["payment"]) == (5, {"ron": 8000})


def test_kansai_chiitoitsu_three_quads_is_a_yakuman() -> None:
    result = speed_ok("1111m2222p3333s77z", "7z")
    assert yaku_of(result) == {"kansai_chiitoitsu_yakuman": 1}
    assert (result["yakuman"], result["payment"]) == (1, {"ron": 32000})


def test_kansai_chiitoitsu_off_a_quad_is_not_two_pairs() -> None:
    result = speed("1111m22p33p44s55s77z", "7z", options={"kansai_chiitoitsu": False})
    assert error_of(result)[0] == "not_a_winning_hand"


# --- local yaku: "sanrenko: 2 han", "sanpuuko: 2 han" ---------------------------------


def test_sanrenko_is_two_han() -> None:
    # pon 111p, closed 222p 333p, 456m, tanki 5s: 20 + 4 + 4 + 4 + 2 = 34 -> 40 fu.
    result = speed_ok("222333p456m55s", "5s", melds=(pon("111p"),))
    assert yaku_of(result) == {"sanrenko": 2}
    assert (result["han"], result["fu"], result["payment"]) == (2, 40, {"ron": 2600})
    off = speed("222333p456m55s", "5s", melds=(pon("111p"),), options={"sanrenko": False})
    assert error_of(off)[0] == "no_yaku"


@pytest.mark.parametrize(("on", "han", "payment"), [(True, 4, 8000), (False, 2, 2600)])
def test_sanpuuko_is_two_han(on: bool, han: int, payment: int) -> None:
    # East, West (both round winds) and North triplets: 2 han yakuhai + 2 han sanpuuko, 40 fu.
    result = speed_ok("444z234m55p", "5p", melds=(pon("111z"), pon("333z")),
                      options={"sanpuuko": on})
    assert result["han"] == han
    assert ("sanpuuko" in yaku_of(result)) is on
    assert result["payment"] == {"ron": payment}


# --- local yakuman --------------------------------------------------------------------


def test_suurenko_is_a_yakuman() -> None:
    result = speed_ok("111222333p55s", "5s", melds=(pon("444p"),))
    assert yaku_of(result) == {"suurenko": 1}
    assert result["payment"] == {"ron": 32000}
    # Off: toitoi, sanankou, sanrenko: 6 han, haneman.
    off = speed_ok("111222333p55s", "5s", melds=(pon("444p"),), options={"suurenko": False})
    assert yaku_of(off) == {"toitoi": 2, "sanankou": 2, "sanrenko": 2}
    assert off["payment"] == {"ron": 12000}


def test_a_kan_inside_the_run_counts_as_a_triplet() -> None:
    """"four triplets in a row": a kan is a triplet here, wherever it sits in the run (the
    arrangement reads its sets' kinds in order, kans among the triplets)."""
    ankan = ("ankan", "0555s")
    result = speed_ok("11333444666s", "6s", melds=(ankan,), win="tsumo", rinshan=True)
    assert yaku_of(result) == {"suuankou": 1, "suurenko": 1}
    three = speed_ok("11333444s789p", "9p", melds=(ankan,))
    assert "sanrenko" in yaku_of(three)


def test_renhou_is_a_yakuman() -> None:
    result = speed_ok("234m456p678s345s88s", "3s", renhou=True)
    assert yaku_of(result) == {"renhou": 1}
    assert result["payment"] == {"ron": 32000}
    off = speed_ok("234m456p678s345s88s", "3s", renhou=True, options={"renhou": False})
    assert yaku_of(off) == {"pinfu": 1, "tanyao": 1}


def test_shiisanpuutaa_is_a_yakuman_on_the_dealers_first_draw() -> None:
    # Twelve unrelated tiles and a pair (5z), dealt to the dealer: 16,000 all.
    result = speed_ok("147m258p36s123455z", "5z", win="tsumo", seat_wind="E", tenhou=True)
    assert yaku_of(result) == {"shiisanpuutaa": 1}
    assert result["payment"] == {"tsumo_all": 16000}
    assert result["chips"] == {"tsumo_each": 5}


def test_shiisuupuutaa_is_a_yakuman_on_a_non_dealers_first_draw() -> None:
    result = speed_ok("147m258p369s12345z", "1z", win="tsumo", chiihou=True)
    assert yaku_of(result) == {"shiisuupuutaa": 1}
    assert result["payment"] == {"tsumo_dealer": 16000, "tsumo_non_dealer": 8000}


@pytest.mark.parametrize(("hand", "fields"), [
    ("147m258p369s12345z", {"win": "tsumo"}),  # not the first draw: no tenhou/chiihou flag
    ("147m258p359s12345z", {"win": "tsumo", "chiihou": True}),  # 3s and 5s are related
    ("147m258p3s1234455z", {"win": "tsumo", "chiihou": True}),  # two pairs (4z, 5z)
    ("147m258p369s12345z", {"win": "tsumo", "chiihou": True,
                            "options": {"shiisanpuutaa": False}}),
])
def test_puutaa_needs_the_first_draw_and_unrelated_tiles(hand: str, fields: dict) -> None:
    assert error_of(speed(hand, "1z", **fields))[0] == "not_a_winning_hand"


def test_kokushi_tenhou_is_kokushi_and_tenhou_not_shiisanpuutaa() -> None:
    # Thirteen orphans are unrelated tiles too; kokushi + tenhou pay more.
    result = speed_ok("19m19p19s12345677z", "1m", win="tsumo", seat_wind="E", tenhou=True)
    assert yaku_of(result) == {"kokushi": 1, "tenhou": 1}
    assert result["payment"] == {"tsumo_all": 32000}


ALL_STARS = {"hand": "067m05p789p067s234s", "win_tile": "2s",
             "specials": ["blue_7m", "blue_7p", "blue_7s", "gold_5p"]}


def test_ultimate_all_stars_is_a_yakuman() -> None:
    # "using all colored tiles (i.e., all red, gold, and blue; pocchi tiles are not included)"
    result = speed_ok(**ALL_STARS)
    assert yaku_of(result) == {"ultimate_all_stars": 1}
    assert result["payment"] == {"ron": 32000}
    # 3 reds + 3 blues x 2 + gold + yakuman 10.
    assert result["chips"] == {"ron": 20}


def test_ultimate_all_stars_needs_every_coloured_tile() -> None:
    result = speed_ok(**{**ALL_STARS, "specials": ["blue_7m", "blue_7p", "gold_5p"]})
    assert "ultimate_all_stars" not in yaku_of(result)
    assert result["yakuman"] == 0


# --- yakuman: stacking, doubles, kazoe ------------------------------------------------


def test_yakuman_stack() -> None:
    # "yakuman may stack": daisangen and tsuuiisou, 64,000 and 20 chips.
    result = speed_ok("555666777z22z", "2z", melds=(pon("111z"),))
    assert yaku_of(result) == {"daisangen": 1, "tsuuiisou": 1}
    assert (result["yakuman"], result["payment"], result["chips"]) == (
        2, {"ron": 64000}, {"ron": 20})


def test_yakuman_does_not_stack_with_kazoe() -> None:
    # Daisangen with nine dora is still one yakuman: "except with kazoe yakuman".
    result = speed_ok("777z234m55p", "7z", melds=(pon("555z"), pon("666z")),
                      dora_indicators="4p1m5z6z")
    assert yaku_of(result) == {"daisangen": 1}
    assert (result["yakuman"], result["payment"]) == (1, {"ron": 32000})


def test_kazoe_yakuman_is_13_han_and_pays_yakuman_chips() -> None:
    # riichi, tsumo, pinfu, tanyao, ryanpeikou, chinitsu = 13 han. "Applies to kazoe yakuman."
    result = speed_ok("223344m556677m88m", "2m", win="tsumo", riichi="riichi")
    assert (result["han"], result["limit"], result["yakuman"]) == (13, "kazoe", 1)
    assert result["payment"] == {"tsumo_dealer": 16000, "tsumo_non_dealer": 8000}
    assert result["chips"] == {"tsumo_each": 5}


@pytest.mark.parametrize(("name", "hand", "win_tile", "melds"), [
    ("kokushi_13", "119m19p19s1234567z", "1m", ()),
    ("chuuren_9", "11123456789999m", "9m", ()),
    ("daisuushii", "222333444z55m", "5m", (pon("111z"),)),
    ("suuankou_tanki", "111m222p777p333s55z", "5z", ()),
])
def test_wait_yakuman_are_double(name: str, hand: str, win_tile: str, melds: Any) -> None:
    # "13-sided kokushi, 9-sided chuuren, daisuushi, and suuanko tanki are double yakuman"
    result = speed_ok(hand, win_tile, melds=melds)
    assert yaku_of(result) == {name: 2}
    assert (result["payment"], result["chips"]) == ({"ron": 64000}, {"ron": 20})


# --- "kokushi can ron off ankan" -------------------------------------------------------

KOKUSHI_ROBBING = {"hand": "199m19p19s1234567z", "win_tile": "1m", "chankan": True,
                   "chankan_ankan": True}


def test_kokushi_can_ron_off_an_ankan() -> None:
    result = speed_ok(**KOKUSHI_ROBBING)
    assert yaku_of(result) == {"kokushi": 1}
    assert result["payment"] == {"ron": 32000}


def test_only_kokushi_can_ron_off_an_ankan() -> None:
    result = speed("123m456p678s345s88s", "1m", chankan=True, chankan_ankan=True)
    assert error_of(result) == ("bad_field", "field 'chankan_ankan': only kokushi may ron off an "
                                "ankan")


def test_robbing_an_ankan_is_a_chankan() -> None:
    result = speed(**{**KOKUSHI_ROBBING, "chankan": False})
    assert error_of(result) == ("bad_field", "field 'chankan_ankan' describes a chankan: set "
                                "'chankan' too")


def test_kokushi_ankan_ron_can_be_turned_off() -> None:
    result = speed(**KOKUSHI_ROBBING, options={"kokushi_ankan_ron": False})
    assert error_of(result)[0] == "bad_field"


def test_a_robbed_ankan_leaves_no_other_copy_of_its_tile() -> None:
    # A 13-sided kokushi holds the robbed tile already: five copies, impossible.
    result = speed(**{**KOKUSHI_ROBBING, "hand": "119m19p19s1234567z"})
    assert error_of(result) == ("bad_field", "field 'chankan_ankan': the robbed ankan held all "
                                "four 1m, so the hand cannot hold another")


# --- special suukantsu: "if the rinshan tile completes the hand, the win is resolved normally
# (where suukantsu is a yaku, not a special win)" -----------------------------------------

FOUR_KANS = (("ankan", "1111m"), ("ankan", "2222p"), ("minkan", "3333s"), ("kakan", "4444p"))


def test_suukantsu_completed_by_the_rinshan_tile_is_the_ordinary_yakuman() -> None:
    # A hand record, scored as usual: suukantsu (one yakuman, 8,000/16,000) and, unlike the
    # special win, the colour tiles' chips: the red 0s, 1 chip, + 5 yakuman chips from each.
    result = speed_ok("05s", "5s", melds=FOUR_KANS, win="tsumo", rinshan=True)
    assert yaku_of(result) == {"suukantsu": 1}
    assert result["payment"] == {"tsumo_dealer": 16000, "tsumo_non_dealer": 8000}
    assert result["chips"] == {"tsumo_each": 1 + 5}
