"""Points instead of han and fu: the worked examples, regular and special yaku, payments."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from tests.engine.rulesets.toutenkou.hands import (
    CHUN_PON,
    HAKU_CLOSED,
    error_of,
    of,
    points_of,
    record,
    scored,
)

# toutenkou-ja.txt's first example: closed non-dealer riichi tsumo, haku, honitsu, 3 gari.
TWELVE_ALL = record("123p345p678p99p555z", "5z", win="tsumo", riichi="riichi", nuki="1m4z4z")


def test_twelve_points_all_tsumo_totals_24() -> None:
    # "門前(1点)+立直(1点)+自摸(1点)+白(1点)+混一色(3点)+ガリ3(3点)+バンバン(2点)=12点オール
    # で計24点の得点"
    result = scored(TWELVE_ALL)
    assert points_of(result) == {
        "riichi": 1, "menzen_tsumo": 1, "yakuhai_haku": 1, "honitsu": 3, "menzen": 1,
        "gari": 3, "banban": 2,
    }
    assert result["points"] == 12
    assert result["payment"] == {"tsumo_each": 12}
    assert result["total"] == 24


def test_minimum_ron_is_4_points_plus_the_ron_bonus() -> None:
    # "中(1点)+ガリ1(1点)+バンバン(2点)=4点(最低点)": the example lists the hand's own
    # points; tenhou's rules add "8 more extra points than tsumo" to every ron.
    result = scored(of(CHUN_PON, nuki="4z"))
    assert points_of(result) == {"yakuhai_chun": 1, "gari": 1, "banban": 2, "ron": 8}
    assert result["points"] - points_of(result)["ron"] == 4
    assert result["payment"] == {"ron": 12}


def test_minimum_ron_is_exactly_4_points_without_the_ron_bonus() -> None:
    # The parlor tradition: "出アガリは1人分" and no ron bonus among its yaku.
    result = scored(of(CHUN_PON, nuki="4z", options={"ron_points": 0}))
    assert points_of(result) == {"yakuhai_chun": 1, "gari": 1, "banban": 2}
    assert result["payment"] == {"ron": 4}
    assert result["total"] == 4


def test_chun_and_banban_alone_would_be_karasu() -> None:
    # "中+バンバンのみの3点が最低のように見えるがそれだとガリなしのカラスになってしまう"
    result = scored(of(CHUN_PON, options={"ron_points": 0}))
    assert points_of(result) == {"yakuhai_chun": 1, "banban": 2, "karasu": 10}


def test_points_not_han_and_fu_in_the_output() -> None:
    # spec: "each yaku entry carries points, han and fu are null, points is the hand's value"
    result = scored(TWELVE_ALL)
    assert result["han"] is None and result["fu"] is None
    assert all(set(y) == {"name", "points"} for y in result["yaku"])
    assert result["points"] == sum(y["points"] for y in result["yaku"])
    assert (result["yakuman"], result["limit"]) == (0, None)


@pytest.mark.parametrize(
    ("hand", "win_tile", "melds", "name", "points"),
    [
        ("234p567p88p", "7p", (("pon", "222s"), ("pon", "666s")), "tanyao", 1),
        ("123p456p789p11p555z", "1p", (), "ittsu", 2),
        ("123p456p11p", "1p", (("pon", "999p"), ("pon", "555z")), "honitsu", 2),
        ("123p345p789p11p999p", "1p", (), "chinitsu", 6),
        ("123p456p11p", "1p", (("pon", "999p"), ("pon", "888p")), "chinitsu", 5),
        ("1199p2255s33z6677z", "1p", (), "chiitoitsu", 2),
    ],
)
def test_regular_yaku_count_their_han_as_points(
    hand: str, win_tile: str, melds: tuple[tuple[str, str], ...], name: str, points: int
) -> None:
    # "the score is only counted with points" / "基本は四麻の翻数を点として数え"
    assert points_of(scored(record(hand, win_tile, melds=melds, nuki="4z")))[name] == points


def test_a_hand_cannot_win_with_only_special_yaku_and_dora() -> None:
    # "A valid winning hand must include at least one regular yaku; it cannot win with just
    # special yaku."
    rec = record("123p456s789s11p999p", "9p", dora_indicators="8p", nuki="1m4z4z")
    code, message = error_of(rec)
    assert code == "no_yaku"
    assert "special yaku" in message


@pytest.mark.parametrize(("seat", "expected"), [("E", 1), ("S", None), ("W", None)])
def test_oya_is_one_point_for_the_dealer(seat: str, expected: int | None) -> None:
    # "(1 pt) Oya: Add one point when winning as dealer."
    assert points_of(scored(of(CHUN_PON, nuki="4z", seat_wind=seat))).get("oya") == expected


def test_menzen_is_one_point_for_a_closed_hand_ron_or_tsumo_ankan_included() -> None:
    # "(1 pt) Menzen: Add one point when the winning hand is closed."
    assert points_of(scored(of(HAKU_CLOSED, nuki="4z")))["menzen"] == 1
    assert points_of(scored(of(HAKU_CLOSED, nuki="4z", win="tsumo")))["menzen"] == 1
    ankan = record("456s789s11p555z", "1p", melds=(("ankan", "1111s"),))
    assert points_of(scored(ankan))["menzen"] == 1
    assert "menzen" not in points_of(scored(of(CHUN_PON, nuki="4z")))


def test_honba_is_one_point_each_inside_the_hands_value() -> None:
    # "(1 pt) Honba: Add one point for each honba."
    result = scored(of(CHUN_PON, nuki="4z", honba=3))
    assert points_of(result)["honba"] == 3
    assert result["payment"] == {"ron": 15}
    tsumo = scored(of(CHUN_PON, nuki="4z", honba=3, win="tsumo"))
    assert tsumo["payment"] == {"tsumo_each": 1 + 1 + 3 + 2}


def test_banban_is_two_points_for_every_winning_hand() -> None:
    # "All valid winning hands obtain 2 points by default (listed as base point / banban)."
    for rec in (of(CHUN_PON), of(HAKU_CLOSED, win="tsumo", seat_wind="E"), TWELVE_ALL):
        assert points_of(scored(rec))["banban"] == 2


@pytest.mark.parametrize("kind", ["minkan", "kakan"])
def test_minkan_is_two_points_for_each_open_kan(kind: str) -> None:
    # "(2 pts) Minkan: Add two points for each opened kan."
    rec = record("456s789s11p", "1p", melds=((kind, "2222p"), ("pon", "777z")), nuki="4z")
    assert points_of(scored(rec))["minkan"] == 2
    two = record("456s11p", "1p", melds=((kind, "2222p"), (kind, "3333s"), ("pon", "777z")),
                 nuki="4z")
    assert points_of(scored(two))["minkan"] == 4


def test_minkan_is_one_point_by_option() -> None:
    # toutenkou-ja.txt lists 明槓 among the 1点 yaku.
    rec = record("456s789s11p", "1p", melds=(("minkan", "2222p"), ("pon", "777z")), nuki="4z",
                 options={"minkan_points": 1})
    assert points_of(scored(rec))["minkan"] == 1


def test_ankan_is_four_points_for_each_closed_kan() -> None:
    # "(4 pts) Ankan: Add four points for each concealed kan."
    rec = record("456s789s11p555z", "1p", melds=(("ankan", "2222p"),), nuki="4z")
    assert points_of(scored(rec))["ankan"] == 4


def test_ron_is_eight_points_paid_by_the_discarder_alone() -> None:
    # "(8 pts) Ron" / "Ron takes points from only one opponent (with 8 more extra points
    # than tsumo)."
    ron = scored(of(CHUN_PON, nuki="4z"))
    tsumo = scored(of(CHUN_PON, nuki="4z", win="tsumo"))
    assert points_of(ron)["ron"] == 8
    assert ron["points"] == tsumo["points"] + 8
    assert ron["payment"] == {"ron": 12}
    assert ron["total"] == 12


def test_tsumo_is_paid_by_each_of_the_two_others() -> None:
    # "Tsumo takes points from two opponents."
    tsumo = scored(of(CHUN_PON, nuki="4z", win="tsumo"))
    assert tsumo["payment"] == {"tsumo_each": 4}
    assert tsumo["total"] == 8


def test_riichi_is_one_point_and_each_riichi_stick_one_point() -> None:
    # "Riichi is worth 1 point. The riichi bet is also 1 point."
    result = scored(of(HAKU_CLOSED, nuki="4z", riichi="riichi", riichi_sticks=2))
    assert points_of(result)["riichi"] == 1
    assert result["payment"] == {"ron": 14}
    assert result["total"] == 16


DAISUUSHII = record("111z222z333z44p", "4p", melds=(("pon", "444z"),), seat_wind="E",
                    dora_indicators="3p", honba=2)


def test_yakuman_is_20_points_and_stacks_with_the_special_yaku_only() -> None:
    # "Yakuman yaku cannot stack with other regular non-yakuman yaku as usual, though they
    # can still stack with toutenkou-specified special yakus. Each yakuman is worth 20 points."
    result = scored(DAISUUSHII)
    assert points_of(result) == {"daisuushii": 20, "oya": 1, "honba": 2, "banban": 2, "ron": 8}
    assert (result["yakuman"], result["limit"], result["points"]) == (1, "yakuman", 33)


def test_each_yakuman_is_20_points() -> None:
    result = scored(record("555z666z777z22z", "2z", melds=(("pon", "111z"),)))
    assert points_of(result)["daisangen"] == 20
    assert points_of(result)["tsuuiisou"] == 20
    assert result["yakuman"] == 2


def test_yakuman_is_50_points_by_option() -> None:
    # "なお、役満は50点として計算する"
    result = scored({**DAISUUSHII, "options": {"yakuman_points": 50}})
    assert points_of(result)["daisuushii"] == 50
    assert result["points"] == 63


def test_all_gari_is_a_yakuman_worth_with_50_point_yakuman() -> None:
    # "50点(役満): ガリを全て集める"
    rec = record("123p456s11p555z", "1p", melds=(("ankan", "4444z"),), nuki="1111m5550m9999m",
                 options={"yakuman_points": 50})
    assert points_of(scored(rec))["all_gari"] == 50


@pytest.mark.parametrize(
    ("indicator", "nuki", "dora"),
    [("1m", "9m", 1), ("9m", "1m", 1), ("5m", "1m5m9m", 0), ("0m", "1m5m9m", 0)],
)
def test_manzu_dora_1m_shows_9m_9m_shows_1m_5m_shows_none(
    indicator: str, nuki: str, dora: int
) -> None:
    # "A 1m indicator points to 9m; a 9m indicator points to 1m. When 5m is the indicator,
    # no tile is considered dora."
    got = points_of(scored(of(HAKU_CLOSED, nuki=nuki, dora_indicators=indicator)))
    assert got.get("dora", 0) == dora


@pytest.mark.parametrize(
    ("order", "indicator", "dora_tile"),
    [("cycle", "1m", "5m"), ("cycle", "5m", "9m"), ("cycle", "9m", "1m"),
     ("pairs", "1m", "9m"), ("pairs", "9m", "1m"), ("pairs", "5m", "5m")],
)
def test_the_two_other_manzu_orders_by_option(order: str, indicator: str,
                                              dora_tile: str) -> None:
    # "One is 1m -> 5m -> 9m -> 1m; the other is 1m -> 9m -> 1m while 5m -> 5m."
    rec = of(HAKU_CLOSED, nuki=dora_tile, dora_indicators=indicator,
             options={"manzu_dora": order})
    assert points_of(scored(rec))["dora"] == 1


def test_without_5m_every_manzu_order_is_1m_9m() -> None:
    for order in ("tenhou", "cycle", "pairs"):
        rec = of(HAKU_CLOSED, nuki="9m", dora_indicators="1m",
                 options={"manzu_dora": order, "tiles": 108})
        assert points_of(scored(rec))["dora"] == 1


def test_a_gari_set_aside_counts_as_dora_like_nukidora() -> None:
    # "gari tiles function identically to nukidora in sanma": West shows North.
    got = points_of(scored(of(HAKU_CLOSED, nuki="4z", dora_indicators="3z")))
    assert (got["dora"], got["gari"]) == (1, 1)


def test_fives_always_dora_option() -> None:
    # "筒子・索子の五を常時ドラとするルール"
    rec = record("345p406s789s11p555z", "1p", nuki="4z", options={"fives": "dora"})
    got = points_of(scored(rec))
    assert (got["five_dora"], got["aka_dora"]) == (2, 1)


def test_red_fives_as_3_point_gari_option() -> None:
    # "赤牌を各1枚入れて「黒5牌は1点ガリ、赤5牌は3点ガリ」とするルール"
    rec = record("345p406s789s11p555z", "1p", nuki="0m4z", options={"fives": "gari"})
    got = points_of(scored(rec))
    assert "aka_dora" not in got
    assert got["five_gari"] == 1 + 3
    assert got["gari"] == 3 + 1


def test_no_chi_option_refuses_a_chi_naming_the_meld() -> None:
    # "チーはできない。"
    rec = record("456s789s11p555z", "1p", melds=(("chi", "123p"),), nuki="4z")
    assert scored(rec)["ok"]
    code, message = error_of({**rec, "options": {"no_chi": True}})
    assert code == "bad_field"
    assert "melds[0] (chi 123p)" in message


def test_sanshoku_doujun_is_not_a_toutenkou_yaku() -> None:
    # "三色同順を除くすべての通常役が採用される"
    names = engine.rulesets.describe("toutenkou")["yaku"]
    assert "sanshoku_doujun" not in names
    assert "sanshoku_doukou" in names


@pytest.mark.parametrize(("win", "flag"), [("tsumo", "haitei"), ("ron", "houtei")])
def test_haitei_is_the_last_tile_before_the_dora_indicator(win: str, flag: str) -> None:
    # "A single hand ends when there's no tile left before dora indicators." / JA "王牌は取り
    # 切り(ドラ表示牌の隣の牌までツモりきる)": the last draw (haitei) and its discard (houtei).
    assert points_of(scored(of(HAKU_CLOSED, nuki="4z", win=win, **{flag: True})))[flag] == 1


def test_0m_set_aside_on_a_yakuman_hand_keeps_its_gari_point_not_its_red_dora() -> None:
    # "0m is also a red dora, so it is worth 2 points" beside "Yakuman yaku cannot stack with
    # other regular non-yakuman yaku ... though they can still stack with toutenkou-specified
    # special yakus": gari is a special yaku, the red dora is dora and drops.
    result = scored({**DAISUUSHII, "nuki": "0m"})
    assert points_of(result) == {"daisuushii": 20, "oya": 1, "honba": 2, "gari": 1,
                                 "banban": 2, "ron": 8}


def test_open_riichi_may_be_declared_at_2_points() -> None:
    # JA: "オープンリーチは掛けてもよい" (open riichi may be declared); the standard 2.
    result = scored(of(HAKU_CLOSED, nuki="4z", riichi="open"))
    assert points_of(result)["open_riichi"] == 2
    assert "riichi" not in points_of(result)


def test_open_riichi_option_off_refuses_an_open_riichi() -> None:
    # JA: "オープンリーチ大車輪など各種ローカル役を採用していることも多い" (local yaku such as
    # open riichi are often, so not always, adopted).
    options = {"open_riichi": False}
    code, message = error_of(of(HAKU_CLOSED, nuki="4z", riichi="open", options=options))
    assert code == "bad_field"
    assert "'riichi': 'open'" in message
    assert points_of(scored(of(HAKU_CLOSED, nuki="4z", riichi="riichi", options=options)))[
        "riichi"] == 1


DAISHARIN = record("22334405667788p", "8p")


def test_daisharin_is_a_yakuman_by_option() -> None:
    # JA: "オープンリーチ大車輪など各種ローカル役を採用していることも多い" (daisharin,
    # 22334455667788p, a local yakuman). Off by default: the regular yaku count.
    plain = points_of(scored(DAISHARIN))
    assert "daisharin" not in plain
    assert (plain["chinitsu"], plain["ryanpeikou"]) == (6, 3)
    result = scored({**DAISHARIN, "options": {"daisharin": True}})
    assert points_of(result) == {"daisharin": 20, "menzen": 1, "banban": 2, "ron": 8,
                                 "karasu": 20}
    assert (result["yakuman"], result["limit"]) == (1, "yakuman")
    fifty = scored({**DAISHARIN, "options": {"daisharin": True, "yakuman_points": 50}})
    assert points_of(fifty)["daisharin"] == 50


def test_daisharin_needs_every_pair_2p_to_8p() -> None:
    result = scored(record("22334455667799p", "9p", options={"daisharin": True}))
    assert "daisharin" not in points_of(result)


OPTION_DEFAULTS: dict[str, Any] = {
    "tiles": 112, "aka": True, "manzu_dora": "tenhou", "fives": "plain", "yakuman_points": 20,
    "ron_points": 8, "minkan_points": 2, "karasu_points": "10/20", "karasu_closed_only": False,
    "gari_bai": False, "gari_tori": False, "gari_in_hand": "allowed", "no_chi": False,
    "open_riichi": True, "daisharin": False, "all_gari_yakuman": False,
    "gari_multiplies_fives": False,
}


def test_describe_lists_every_option_with_its_default() -> None:
    described = engine.rulesets.describe("toutenkou")
    assert {o["name"]: o["default"] for o in described["options"]} == OPTION_DEFAULTS
    assert described["players"] == 3
    assert described["record_fields"] == ["discards", "nuki"]
    assert described["extra_fields"] == ["robbed_gari"]


@pytest.mark.parametrize(("name", "value"), [("yakuman_points", 30), ("tiles", "112"),
                                             ("karasu_points", "10/30"), ("no_chi", 1)])
def test_invalid_option_values_are_bad_field_naming_the_option(name: str, value: Any) -> None:
    code, message = error_of(of(HAKU_CLOSED, options={name: value}))
    assert code == "bad_field"
    assert f"options.{name}" in message


def test_special_yaku_names_are_documented() -> None:
    with open("docs/rules/toutenkou.md", encoding="utf-8") as doc:
        text = doc.read()
    specials = ["oya", "menzen", "honba", "gari", "banban", "minkan", "ankan", "gari_set",
                "ron", "karasu", "all_gari", "five_dora", "five_gari", "daisharin"]
    for name in specials:
        assert f"`{name}`" in text, name
