"""Every yaku and yakuman of the spec's canonical list: a hand that has it and a near miss.

Expected values are the standard riichi values (spec/hand-record.md,
`riichi-standard`), worked out by hand; each row's comment says why. Hands
are non-dealer (South) in an East round, won by ron, without dora, unless the
row says otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.hands import error_of, score, scored, yaku_of

# A closed hand with no yaku of its own: 123m 456p 789s 234s, 9m pair, tanki on 9m.
BARE = {"hand": "123m456p789s234s99m", "win_tile": "9m"}
# Closed pinfu + tanyao: 234m 567m 345p 567s 88p, ryanmen 34m on 2m.
PINFU = {"hand": "234567m345p567s88p", "win_tile": "2m"}


def case(name: str, value: int, han: int | None = None, **fields: Any) -> Any:
    """A hand that has yaku `name` worth `value` (han, or yakuman multiple), `han` in total."""
    return pytest.param(name, value, han, fields, id=fields.pop("id", name))


YAKU = [
    case("riichi", 1, 1, **BARE, riichi="riichi"),
    case("double_riichi", 2, 2, **BARE, riichi="double"),
    case("open_riichi", 2, 2, **BARE, riichi="open"),
    case("ippatsu", 1, 2, **BARE, riichi="riichi", ippatsu=True),
    case("menzen_tsumo", 1, 1, **BARE, win="tsumo"),
    case("pinfu", 1, 2, **PINFU),  # + tanyao
    case("tanyao", 1, 1, hand="234m456p678s234s55s", win_tile="5s"),  # tanki: no pinfu
    case("tanyao", 1, 1, id="open_tanyao", hand="456p678s23455s", win_tile="5s",
         melds=(("chi", "234m"),)),
    case("iipeikou", 1, 2, hand="223344m45556p789s", win_tile="4p"),  # + pinfu
    case("yakuhai_haku", 1, 1, hand="123m11456p789s555z", win_tile="1p"),
    case("yakuhai_hatsu", 1, 1, hand="123m11456p789s666z", win_tile="1p"),
    case("yakuhai_chun", 1, 1, hand="123m11456p789s777z", win_tile="1p"),
    case("yakuhai_seat_wind", 1, 1, hand="123m11456p789s222z", win_tile="1p"),
    case("yakuhai_round_wind", 1, 1, hand="123m11456p789s111z", win_tile="1p"),
    case("rinshan_kaihou", 1, 2, hand="12355m456789s", win_tile="5m", win="tsumo",
         rinshan=True, melds=(("ankan", "2222p"),)),  # + menzen tsumo (a closed kan keeps it)
    case("chankan", 1, 1, hand="123m456p789s234s99m", win_tile="3s", chankan=True),
    case("haitei", 1, 2, **BARE, win="tsumo", haitei=True),  # + menzen tsumo
    case("houtei", 1, 1, **BARE, houtei=True),
    case("sanshoku_doujun", 2, 3, hand="12399m123p123456s", win_tile="6s"),  # + pinfu
    case("sanshoku_doujun", 1, 1, id="open_sanshoku_doujun", hand="99m123p123456s",
         win_tile="6s", melds=(("chi", "123m"),)),
    case("sanshoku_doukou", 2, 4, hand="22299m222p222456s", win_tile="9m"),  # + sanankou
    case("ittsu", 2, 3, hand="123456789m456p11s", win_tile="4p"),  # + pinfu
    case("ittsu", 1, 1, id="open_ittsu", hand="456789m456p11s", win_tile="4p",
         melds=(("chi", "123m"),)),
    case("chanta", 2, 2, hand="123m789p123999s11z", win_tile="1z"),
    case("chanta", 1, 1, id="open_chanta", hand="123m123999s11z", win_tile="1z",
         melds=(("chi", "789p"),)),
    case("junchan", 3, 3, hand="11123m789p123999s", win_tile="7p"),
    case("junchan", 2, 2, id="open_junchan", hand="11123m123999s", win_tile="3m",
         melds=(("chi", "789p"),)),
    case("toitoi", 2, 3, hand="888m88p444s", win_tile="8p",
         melds=(("pon", "222m"), ("pon", "333p"))),  # + open tanyao
    case("sanankou", 2, 3, hand="222345m44488p666s", win_tile="3m"),  # + tanyao
    case("sankantsu", 2, 3, hand="678m88p", win_tile="8p",
         melds=(("ankan", "2222m"), ("minkan", "3333p"), ("kakan", "4444s"))),  # + tanyao
    # open: honroutou 2 + toitoi 2 + sanankou 2 (999p 111s 222z, won on the pair) + seat wind 1
    case("honroutou", 2, 7, hand="999p11199s222z", win_tile="9s", melds=(("pon", "111m"),)),
    case("shousangen", 2, 4, hand="123m456p55566677z", win_tile="7z"),  # + haku + hatsu
    case("chiitoitsu", 2, 2, hand="1133m5577p2288s66z", win_tile="6z"),
    case("honitsu", 3, 4, hand="123345777m11222z", win_tile="1z"),  # + seat wind
    case("honitsu", 2, 3, id="open_honitsu", hand="345777m11222z", win_tile="1z",
         melds=(("chi", "123m"),)),
    case("chinitsu", 6, 7, hand="22334456788899m", win_tile="5m"),  # + iipeikou
    case("chinitsu", 5, 5, id="open_chinitsu", hand="23456788899m", win_tile="5m",
         melds=(("chi", "234m"),)),
    case("ryanpeikou", 3, 4, hand="223344m556677p99s", win_tile="4m"),  # + pinfu, not chiitoitsu
    case("dora", 2, 4, **PINFU, dora_indicators="7p"),  # the 88p pair
    case("dora", 1, 2, id="dora_indicator_9_points_to_1", hand="123m456p789s234s99m",
         win_tile="9m", riichi="riichi", dora_indicators="9m"),  # one 1m, + riichi
    case("dora", 3, 4, id="dora_indicator_north_points_to_east", hand="123m11456p789s111z",
         win_tile="1p", dora_indicators="4z"),  # three 1z, + round wind
    case("dora", 3, 4, id="dora_indicator_chun_points_to_haku", hand="123m11456p789s555z",
         win_tile="1p", dora_indicators="7z"),  # three 5z, + haku
    case("dora", 1, 3, id="red_five_indicator_points_to_six", **PINFU, dora_indicators="0m"),
    case("aka_dora", 1, 3, hand="234067m345p567s88p", win_tile="2m"),  # + pinfu, tanyao
    case("ura_dora", 2, 5, **PINFU, riichi="riichi", ura_indicators="7p"),  # + riichi
    case("nukidora", 2, 3, ruleset="tenhou-sanma", hand="123777p234789s11z", win_tile="1z",
         riichi="riichi", nuki="4z4z"),
]

YAKUMAN = [
    case("kokushi", 1, hand="19m19p19s11234567z", win_tile="9m"),
    case("kokushi_13", 2, hand="19m19p19s11234567z", win_tile="1z"),
    case("suuankou", 1, hand="222888m44499p666s", win_tile="8m", win="tsumo"),
    case("suuankou_tanki", 2, hand="222888m44499p666s", win_tile="9p"),
    case("daisangen", 1, hand="123m99p555666777z", win_tile="1m"),
    case("shousuushii", 1, hand="123m11122233344z", win_tile="1m"),
    case("daisuushii", 2, hand="99m222333444z", win_tile="9m", melds=(("pon", "111z"),)),
    case("tsuuiisou", 1, hand="22233355566z", win_tile="6z", melds=(("pon", "111z"),)),
    case("tsuuiisou", 1, id="tsuuiisou_seven_pairs", hand="11223344556677z", win_tile="7z"),
    case("chinroutou", 1, hand="999m111999p11s", win_tile="1s", melds=(("pon", "111m"),)),
    case("ryuuiisou", 1, hand="223344666888s66z", win_tile="6z"),
    case("chuuren", 1, hand="11123456789999m", win_tile="5m"),
    case("chuuren_9", 2, hand="11123456789999m", win_tile="9m"),
    case("suukantsu", 1, hand="99m", win_tile="9m",
         melds=(("ankan", "1111m"), ("minkan", "2222p"), ("kakan", "3333s"), ("ankan", "4444z"))),
    case("tenhou", 1, **BARE, seat_wind="E", win="tsumo", tenhou=True),
    case("chiihou", 1, **BARE, win="tsumo", chiihou=True),
    # riichi-standard: "renhou is not a yaku" (see NEAR_MISSES); speed-tonpuu counts it
    case("renhou", 1, id="renhou_is_a_yakuman_in_speed_tonpuu", ruleset="speed-tonpuu",
         hand="234m456p678s234s55s", win_tile="5s", renhou=True),
]


@pytest.mark.parametrize("name, value, han, fields", YAKU)
def test_yaku_is_counted_at_its_value(name: str, value: int, han: int,
                                      fields: dict[str, Any]) -> None:
    result = scored(**fields)
    assert yaku_of(result)[name] == value, result
    assert result["han"] == han, result
    assert result["yakuman"] == 0


@pytest.mark.parametrize("name, value, _han, fields", YAKUMAN)
def test_yakuman_is_counted_alone(name: str, value: int, _han: None,
                                  fields: dict[str, Any]) -> None:
    result = scored(**fields)
    assert [y for y in result["yaku"] if y["name"] == name] == [{"name": name, "yakuman": value}]
    assert all("yakuman" in y for y in result["yaku"]), "a yakuman hand lists only yakuman"
    assert result["yakuman"] == sum(yaku_of(result).values()) >= value
    assert result["limit"] == "yakuman"
    assert result["han"] == 0 and result["fu"] is None


def miss(name: str, outcome: str, **fields: Any) -> Any:
    """A hand that nearly has yaku `name` but does not; `outcome` is "ok" or the error code."""
    return pytest.param(name, outcome, fields, id=fields.pop("id"))


NEAR_MISSES = [
    miss("riichi", "no_yaku", id="no_riichi_no_yaku", **BARE),
    miss("double_riichi", "ok", id="plain_riichi_is_not_double", **BARE, riichi="riichi"),
    miss("open_riichi", "ok", id="plain_riichi_is_not_open", **BARE, riichi="riichi"),
    miss("ippatsu", "ok", id="riichi_without_ippatsu", **BARE, riichi="riichi"),
    miss("menzen_tsumo", "ok", id="open_hand_tsumo_has_no_menzen_tsumo", hand="123m456p78999s",
         win_tile="9s", win="tsumo", melds=(("pon", "555z"),)),
    miss("pinfu", "ok", id="pinfu_not_with_round_wind_pair", hand="234567m345p567s11z",
         win_tile="2m", riichi="riichi"),
    miss("pinfu", "ok", id="pinfu_not_on_kanchan", hand="234567m345p567s88p", win_tile="6m"),
    miss("tanyao", "no_yaku", id="open_hand_with_a_terminal_has_no_tanyao",
         hand="456p789s23455s", win_tile="5s", melds=(("chi", "234m"),)),
    miss("iipeikou", "ok", id="iipeikou_needs_a_closed_hand", hand="234m45556p", win_tile="4p",
         melds=(("chi", "234m"), ("pon", "777z"))),
    miss("yakuhai_haku", "ok", id="haku_pair_is_not_yakuhai", hand="123m456p789s234s55z",
         win_tile="5z", riichi="riichi"),
    miss("yakuhai_seat_wind", "ok", id="west_pon_is_not_south_seats_wind",
         hand="123m11456p789s333z", win_tile="1p", riichi="riichi"),
    miss("yakuhai_round_wind", "ok", id="east_pon_in_south_round_for_west_seat",
         hand="123m11456p789s111z", win_tile="1p", round_wind="S", seat_wind="W", riichi="riichi"),
    miss("rinshan_kaihou", "ok", id="kan_without_rinshan_win", hand="12355m456789s",
         win_tile="5m", win="tsumo", melds=(("ankan", "2222p"),)),
    miss("chankan", "no_yaku", id="ron_on_a_single_tile_without_chankan",
         hand="123m456p789s234s99m", win_tile="3s"),
    miss("haitei", "ok", id="tsumo_that_is_not_the_last_tile", **BARE, win="tsumo"),
    miss("houtei", "no_yaku", id="ron_that_is_not_the_last_discard", **BARE),
    miss("sanshoku_doujun", "ok", id="234s_breaks_sanshoku", hand="12399m123p234456s",
         win_tile="6s"),
    miss("sanshoku_doukou", "ok", id="333s_breaks_sanshoku_doukou", hand="22299m222p333456s",
         win_tile="9m"),
    miss("ittsu", "ok", id="678m_breaks_ittsu", hand="123456678m456p11s", win_tile="4p"),
    miss("chanta", "ok", id="234s_breaks_chanta", hand="123m789p234999s11z", win_tile="1z",
         riichi="riichi"),
    miss("junchan", "ok", id="honour_pair_makes_chanta_not_junchan", hand="123m789p123999s11z",
         win_tile="1z"),
    miss("toitoi", "ok", id="a_chi_breaks_toitoi", hand="888m99p456s", win_tile="9p",
         melds=(("pon", "555z"), ("pon", "222m"))),
    miss("sanankou", "ok", id="ron_on_shanpon_opens_that_pon", hand="222345m44488p666s",
         win_tile="6s"),
    miss("sankantsu", "ok", id="two_kans_and_a_pon", hand="678m88p", win_tile="8p",
         melds=(("ankan", "2222m"), ("minkan", "3333p"), ("pon", "444s"))),
    miss("honroutou", "ok", id="123s_breaks_honroutou", hand="999p12399s222z", win_tile="9s",
         melds=(("pon", "111m"),)),
    miss("shousangen", "ok", id="two_dragon_pons_and_a_non_dragon_pair",
         hand="123m11456p555666z", win_tile="1p"),
    miss("chiitoitsu", "not_a_winning_hand", id="four_of_a_kind_is_not_two_pairs",
         hand="1111m3344p5566s77z", win_tile="7z"),
    miss("honitsu", "ok", id="a_pin_set_breaks_honitsu", hand="123777m345p11222z", win_tile="1z"),
    miss("chinitsu", "ok", id="honour_pair_makes_honitsu", hand="223344567888m11z", win_tile="5m"),
    miss("ryanpeikou", "ok", id="one_identical_pair_of_runs_is_iipeikou",
         hand="223344m567p56799s", win_tile="4m"),
    miss("dora", "ok", id="indicator_points_to_the_next_tile_only", **PINFU, dora_indicators="8p"),
    miss("ura_dora", "ok", id="ura_dora_counts_only_with_riichi", **PINFU, ura_indicators="7p"),
    miss("aka_dora", "ok", id="plain_five_is_not_aka", hand="234567m345p567s88p", win_tile="2m"),
    miss("nukidora", "ok", id="no_nuki_no_nukidora", ruleset="tenhou-sanma",
         hand="123777p234789s11z", win_tile="1z", riichi="riichi"),
    miss("kokushi", "not_a_winning_hand", id="kokushi_with_a_2m_instead_of_a_pair",
         hand="129m19p19s1234567z", win_tile="9m"),
    miss("suuankou", "ok", id="ron_on_shanpon_is_sanankou_toitoi", hand="222888m44499p666s",
         win_tile="8m"),
    miss("suuankou_tanki", "ok", id="suuankou_on_shanpon_tsumo_is_single",
         hand="222888m44499p666s", win_tile="8m", win="tsumo"),
    miss("daisangen", "ok", id="two_dragon_pons_and_dragon_pair_is_shousangen",
         hand="123m999p55566677z", win_tile="1m"),
    miss("shousuushii", "ok", id="three_wind_pons_and_a_dragon_pair",
         hand="123m11122233355z", win_tile="1m"),
    miss("daisuushii", "ok", id="three_wind_pons_and_wind_pair_is_shousuushii",
         hand="123m11122233344z", win_tile="1m"),
    miss("tsuuiisou", "ok", id="999m_makes_honroutou", hand="999m22233366z", win_tile="6z",
         melds=(("pon", "111z"),)),
    miss("chinroutou", "ok", id="honour_pair_makes_honroutou", hand="999m111999p11z",
         win_tile="1z", melds=(("pon", "111m"),)),
    miss("ryuuiisou", "ok", id="999s_is_not_green", hand="223344666999s66z", win_tile="6z"),
    miss("chuuren", "ok", id="open_nine_gates_is_chinitsu", hand="11456789999m", win_tile="4m",
         melds=(("chi", "123m"),)),
    miss("chuuren_9", "ok", id="nine_gates_on_a_single_wait", hand="11123456789999m",
         win_tile="5m"),
    miss("kokushi_13", "ok", id="kokushi_on_a_single_wait", hand="19m19p19s11234567z",
         win_tile="9m"),
    miss("suukantsu", "ok", id="three_kans_and_a_pon", hand="99m", win_tile="9m",
         melds=(("ankan", "1111m"), ("minkan", "2222p"), ("kakan", "3333s"), ("pon", "444z"))),
    miss("tenhou", "ok", id="dealer_tsumo_without_tenhou", **BARE, seat_wind="E", win="tsumo"),
    miss("chiihou", "ok", id="non_dealer_tsumo_without_chiihou", **BARE, win="tsumo"),
    miss("renhou", "ok", id="renhou_is_not_a_yaku_in_riichi_standard",
         hand="234m456p678s234s55s", win_tile="5s", renhou=True),
]


@pytest.mark.parametrize("name, outcome, fields", NEAR_MISSES)
def test_near_miss_does_not_count(name: str, outcome: str, fields: dict[str, Any]) -> None:
    result = score(**fields)
    if outcome == "ok":
        assert result["ok"], result
        assert name not in yaku_of(result), result
    else:
        assert error_of(result)[0] == outcome


def test_ura_dora_counts_only_with_riichi() -> None:
    with_riichi = scored(**PINFU, riichi="riichi", ura_indicators="7p")
    without = scored(**PINFU, ura_indicators="7p")
    assert yaku_of(with_riichi)["ura_dora"] == 2 and with_riichi["han"] == 5
    assert "ura_dora" not in yaku_of(without) and without["han"] == 2


def test_double_wind_pon_is_two_entries() -> None:
    result = scored(hand="123m11456p789s111z", win_tile="1p", seat_wind="E", round_wind="E")
    assert yaku_of(result) == {"yakuhai_seat_wind": 1, "yakuhai_round_wind": 1}
    assert result["han"] == 2


def test_ryanpeikou_hand_is_not_also_scored_as_chiitoitsu() -> None:
    result = scored(hand="223344m556677p99s", win_tile="4m")
    assert "chiitoitsu" not in yaku_of(result) and "iipeikou" not in yaku_of(result)


def test_chinitsu_replaces_honitsu() -> None:
    assert "honitsu" not in yaku_of(scored(hand="22334456788899m", win_tile="5m"))


def test_junchan_replaces_chanta() -> None:
    assert "chanta" not in yaku_of(scored(hand="11123m789p123999s", win_tile="7p"))


def test_yakuman_drops_ordinary_yaku_and_dora() -> None:
    result = scored(hand="123m99p555666777z", win_tile="1m", riichi="riichi",
                    dora_indicators="4z", ura_indicators="8p")
    assert result["yaku"] == [{"name": "daisangen", "yakuman": 1}]


def test_tenhou_stacks_with_another_yakuman() -> None:
    result = scored(hand="123m99p555666777z", win_tile="1m", seat_wind="E", win="tsumo",
                    tenhou=True)
    assert yaku_of(result) == {"tenhou": 1, "daisangen": 1}
    assert result["yakuman"] == 2


@pytest.mark.parametrize("name, fields", [
    ("kokushi_13", {"hand": "19m19p19s11234567z", "win_tile": "1z"}),
    ("suuankou_tanki", {"hand": "222888m44499p666s", "win_tile": "9p"}),
    ("chuuren_9", {"hand": "11123456789999m", "win_tile": "9m"}),
    ("daisuushii", {"hand": "99m222333444z", "win_tile": "9m", "melds": (("pon", "111z"),)}),
])
def test_tenhou_ruleset_counts_wait_based_double_yakuman_once(name: str,
                                                              fields: dict[str, Any]) -> None:
    result = scored(**fields, ruleset="tenhou")
    assert result["yakuman"] == 1, result
    assert result["payment"] == {"ron": 32000}
