"""Gari (1m 5m 9m North): set aside through ``nuki``, kept, discarded; set, all gari, karasu.

Base hands (hands.py): ``HAKU_CLOSED`` ron by a non-dealer is yakuhai_haku 1 +
menzen 1 + banban 2 + ron 8 = 12 points before gari and karasu.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.rulesets.toutenkou.hands import (
    CHUN_PON,
    HAKU_CLOSED,
    error_of,
    of,
    points_of,
    record,
    scored,
)

BASE = {"yakuhai_haku": 1, "menzen": 1, "banban": 2, "ron": 8}


@pytest.mark.parametrize("tile", ["1m", "5m", "9m", "4z"])
def test_each_gari_set_aside_is_one_point(tile: str) -> None:
    # "(1 pt) Gari: Add one point for each tile called for gari and set aside like nukidora"
    result = scored(of(HAKU_CLOSED, nuki=tile))
    assert points_of(result) == {**BASE, "gari": 1}
    assert result["points"] == 13


def test_0m_set_aside_is_a_gari_and_a_red_dora() -> None:
    # "0m is also a red dora, so it is worth 2 points."
    result = scored(of(HAKU_CLOSED, nuki="0m"))
    assert points_of(result) == {"yakuhai_haku": 1, "aka_dora": 1, **BASE, "gari": 1}
    assert result["points"] == 14


def test_gari_set_aside_draws_a_replacement_and_rinshan_kaihou_counts() -> None:
    # "After the call, one tile is drawn from the dead wall; winning with the tile scores
    # rinshan."
    result = scored(of(HAKU_CLOSED, win="tsumo", nuki="4z", rinshan=True))
    assert points_of(result) == {
        "menzen_tsumo": 1, "yakuhai_haku": 1, "rinshan_kaihou": 1, "menzen": 1, "gari": 1,
        "banban": 2,
    }
    assert result["payment"] == {"tsumo_each": 7}
    assert result["total"] == 14


def test_twenty_rinshan_tiles_serve_sixteen_gari_and_four_kans() -> None:
    # "There are 20 rinshan tiles in total": every gari set aside (16) and four kans, each
    # drawing a replacement, is a hand the engine takes (suukantsu, all gari).
    kans = (("ankan", "2222p"), ("ankan", "3333s"), ("minkan", "6666z"), ("kakan", "7777z"))
    result = scored(record("55p", "5p", melds=kans, win="tsumo", rinshan=True,
                           nuki="1111m5550m9999m4444z"))
    got = points_of(result)
    assert (got["suukantsu"], got["gari"], got["gari_set"], got["all_gari"]) == (20, 16, 16, 20)


def test_rinshan_needs_a_gari_set_aside_or_a_kan() -> None:
    code, message = error_of(of(HAKU_CLOSED, win="tsumo", rinshan=True))
    assert code == "bad_field"
    assert "rinshan" in message


def test_gari_claimed_on_the_last_turn_wins_on_its_replacement_not_haitei() -> None:
    # "Gari can be claimed even in last turn." The replacement tile is a rinshan draw.
    last_turn = of(HAKU_CLOSED, win="tsumo", nuki="9m", rinshan=True)
    assert "rinshan_kaihou" in points_of(scored(last_turn))
    code, message = error_of({**last_turn, "haitei": True})
    assert code == "bad_field"
    assert "haitei" in message


def test_gari_kept_in_the_hand_earns_no_gari_points() -> None:
    # "They can be used in the hand or discarded, but won't count as points."
    result = scored(record("111m456s789s11p555z", "1p"))
    assert points_of(result) == BASE


def test_gari_discarded_earns_no_gari_points() -> None:
    result = scored(of(HAKU_CLOSED, discards="9m4z"))
    assert points_of(result) == BASE


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"nuki": "9999m"}, {"gari": 4, "gari_set": 4}),
        # revision: "a closed triplet of 5m + a called 5m will still count towards this yaku"
        ({"hand": "555m456s789s11p555z", "nuki": "0m"},
         {"aka_dora": 1, "gari": 1, "gari_set": 4}),
        ({"hand": "456s789s11p555z", "melds": [{"kind": "ankan", "tiles": "4444z"}]},
         {"ankan": 4, "gari_set": 4}),
        ({"hand": "456s789s11p555z", "melds": [{"kind": "minkan", "tiles": "1111m"}]},
         {"minkan": 2, "gari_set": 4}),
    ],
    ids=["all_set_aside", "triplet_in_hand_and_one_set_aside", "ankan", "minkan"],
)
def test_set_is_four_of_one_gari_kept_or_set_aside(
    fields: dict[str, Any], expected: dict[str, int]
) -> None:
    # "(4 pts) Set: Add four points for each collected set of gari ... Can be stacked with
    # gari." / "Does not require the gari tiles to be called"
    got = points_of(scored(of(HAKU_CLOSED, **fields)))
    assert {name: got[name] for name in expected} == expected


def test_all_gari_collects_every_gari_tile_of_the_112_set() -> None:
    # "(20 pts) All Gari: Add twenty points when collecting all gari tiles. Can be stacked
    # with gari." 16 tiles: 1m 5m 9m set aside, North as an ankan.
    result = scored(record("123p456s11p555z", "1p", melds=(("ankan", "4444z"),),
                           nuki="1111m5550m9999m"))
    assert points_of(result) == {
        "yakuhai_haku": 1, "aka_dora": 1, "menzen": 1, "gari": 12, "banban": 2, "ankan": 4,
        "gari_set": 16, "ron": 8, "all_gari": 20,
    }
    assert result["points"] == 65


def test_all_gari_of_the_108_set_is_twelve_tiles() -> None:
    result = scored(record("123p456s11p555z", "1p", melds=(("ankan", "4444z"),),
                           nuki="1111m9999m", options={"tiles": 108}))
    assert points_of(result)["all_gari"] == 20
    assert result["points"] == 1 + 1 + 8 + 2 + 4 + 12 + 8 + 20


def test_karasu_open_is_10_points() -> None:
    # "Karasu: Win a hand without drawing any gari tiles. Worth ten points when winning
    # hand is opened, or twenty points when concealed."
    result = scored(of(CHUN_PON))
    assert points_of(result) == {"yakuhai_chun": 1, "banban": 2, "ron": 8, "karasu": 10}


def test_karasu_closed_is_20_points() -> None:
    assert points_of(scored(of(HAKU_CLOSED))) == {**BASE, "karasu": 20}


@pytest.mark.parametrize(
    "fields",
    [
        {"hand": "111m456s789s11p555z"},
        {"hand": "456s789s11p555z", "melds": [{"kind": "pon", "tiles": "999m"}]},
        {"nuki": "4z"},
        {"discards": "1p5m3s"},
    ],
    ids=["in_hand", "in_a_meld", "set_aside", "discarded"],
)
def test_karasu_needs_no_gari_in_hand_melds_nuki_or_discards(fields: dict[str, Any]) -> None:
    # "Crow / Karasu requires no any gari tiles both existing in hand, in discards and used
    # as nukidoras."
    assert "karasu" not in points_of(scored(of(HAKU_CLOSED, **fields)))


def test_karasu_20_open_30_closed_option() -> None:
    # toutenkou-ja.txt: "鳴きカラス(...)20点 ... 門前カラス(...)30点"
    options = {"karasu_points": "20/30"}
    assert points_of(scored(of(CHUN_PON, options=options)))["karasu"] == 20
    assert points_of(scored(of(HAKU_CLOSED, options=options)))["karasu"] == 30


def test_karasu_as_a_closed_only_yaku_option() -> None:
    # "カラスを門前役とすることもある" (karasu is sometimes a closed-hand-only yaku)
    options = {"karasu_closed_only": True}
    assert "karasu" not in points_of(scored(of(CHUN_PON, options=options)))
    assert points_of(scored(of(HAKU_CLOSED, options=options)))["karasu"] == 20
    both = {"karasu_closed_only": True, "karasu_points": "20/30"}
    assert "karasu" not in points_of(scored(of(CHUN_PON, options=both)))
    assert points_of(scored(of(HAKU_CLOSED, options=both)))["karasu"] == 30


def test_gari_bai_doubles_gari_points_when_a_gari_is_turned_up_as_indicator() -> None:
    # "ドラ表示牌にガリがめくれた場合はガリの点数を倍にする「ガリ倍」"; 9m shows 1m as dora.
    rec = of(HAKU_CLOSED, nuki="4z1m", dora_indicators="9m")
    assert points_of(scored(rec))["gari"] == 2
    doubled = points_of(scored({**rec, "options": {"gari_bai": True}}))
    assert (doubled["gari"], doubled["dora"]) == (4, 1)


def test_gari_tori_triples_gari_points_when_a_red_five_is_turned_up() -> None:
    # "ドラ表示牌に赤牌がめくれた場合はガリの点数を3倍にする「ガリトリ」"
    rec = of(HAKU_CLOSED, nuki="4z1m", dora_indicators="0p", options={"gari_tori": True})
    assert points_of(scored(rec))["gari"] == 6


def test_gari_tori_and_gari_bai_on_one_indicator_triple_not_sextuple() -> None:
    rec = of(HAKU_CLOSED, nuki="4z1m", dora_indicators="0m",
             options={"gari_tori": True, "gari_bai": True})
    assert points_of(scored(rec))["gari"] == 6


YAKUMAN_ONLY = {"gari_in_hand": "yakuman_only"}


def test_gari_in_the_hand_only_for_four_yakuman_option_refuses_other_hands() -> None:
    # "国士無双・小四喜・大四喜・清老頭の場合のみガリを手牌の中で使ってもよい、とするルールもある"
    code, message = error_of(record("111m456s789s11p555z", "1p", options=YAKUMAN_ONLY))
    assert code == "bad_field"
    assert "gari 1m" in message
    assert "kokushi, shousuushii, daisuushii or chinroutou" in message


@pytest.mark.parametrize(
    ("hand", "win_tile", "yakuman"),
    [
        ("119m19p19s1234567z", "1m", "kokushi_13"),
        ("111z222z333z44z123p", "3p", "shousuushii"),
        ("111z222z333z444z55p", "5p", "daisuushii"),
        ("111m999m111p999p11s", "1s", "chinroutou"),
    ],
)
def test_gari_in_the_hand_is_allowed_for_the_four_yakuman(
    hand: str, win_tile: str, yakuman: str
) -> None:
    result = scored(record(hand, win_tile, options=YAKUMAN_ONLY))
    assert points_of(result)[yakuman] == 20


def test_gari_set_aside_or_discarded_is_fine_under_the_yakuman_only_option() -> None:
    assert scored(of(HAKU_CLOSED, nuki="4z", discards="1m", options=YAKUMAN_ONLY))["ok"]


def test_ron_on_a_gari_being_set_aside_with_the_yakuman_only_option() -> None:
    # "その場合、相手がガリを抜いた瞬間にそのガリに対してロンを宣言できる"
    result = scored(record("119m19p19s1234567z", "1m", robbed_gari=True, options=YAKUMAN_ONLY))
    assert points_of(result) == {"kokushi_13": 20, "menzen": 1, "banban": 2, "ron": 8}
    assert result["payment"] == {"ron": 31}


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({}, "needs the option gari_in_hand"),
        ({"options": YAKUMAN_ONLY, "win": "tsumo"}, "is a ron"),
        ({"options": YAKUMAN_ONLY, "win_tile": "1p"}, "not a gari"),
    ],
)
def test_robbed_gari_is_refused_where_it_cannot_happen(fields: dict[str, Any],
                                                       words: str) -> None:
    rec = record("119m19p19s1234567z", "1m", robbed_gari=True)
    code, message = error_of({**rec, **fields})
    assert code == "bad_field"
    assert "robbed_gari" in message and words in message


def test_robbed_gari_must_be_true_or_false() -> None:
    code, message = error_of(record("119m19p19s1234567z", "1m", robbed_gari="yes",
                                    options=YAKUMAN_ONLY))
    assert code == "bad_field"
    assert "robbed_gari" in message


def test_nuki_holds_only_gari() -> None:
    code, message = error_of(of(HAKU_CLOSED, nuki="1p"))
    assert code == "bad_field"
    assert "nuki: 1p cannot be set aside" in message
