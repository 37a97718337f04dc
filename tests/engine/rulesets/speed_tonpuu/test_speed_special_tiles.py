"""Special tiles: red, blue, gold and pocchi (the pocchi as a wildcard), and their validation."""

from __future__ import annotations

import pytest

from tests.engine.game.games import game, settled, tsumo
from tests.engine.hands import error_of, yaku_of
from tests.engine.rulesets.speed_tonpuu.speed import chi, pon, speed, speed_ok

PINFU_TANYAO_3S = ("234m456p678s345s88s", "3s")  # pinfu, tanyao: 2 han 30 fu on ron


def test_red_five_is_one_han_and_one_chip() -> None:
    # "1 red 0m0p0s: +1 han and +1 shuugi": pinfu, tanyao, aka: 3 han 30 fu.
    result = speed_ok("234m406p678s345s88s", "3s")
    assert yaku_of(result) == {"pinfu": 1, "tanyao": 1, "aka_dora": 1}
    assert result["payment"] == {"ron": 3900}
    assert result["chips"] == {"ron": 1}


def test_blue_seven_is_one_han_and_two_chips() -> None:
    # "1 blue 7m7p7s: +1 han and +2 shuugi"
    result = speed_ok(*PINFU_TANYAO_3S, specials=["blue_7s"])
    assert yaku_of(result) == {"pinfu": 1, "tanyao": 1, "blue_dora": 1}
    assert result["payment"] == {"ron": 3900}
    assert result["chips"] == {"ron": 2}


def test_three_blues_are_three_han_and_six_chips() -> None:
    result = speed_ok("567m789p567s345s88s", "3s", specials=["blue_7m", "blue_7p", "blue_7s"])
    assert yaku_of(result)["blue_dora"] == 3
    assert result["chips"] == {"ron": 6}


def test_blue_seven_alone_is_no_yaku() -> None:
    # Like the red five it adds han but does not make a hand winnable.
    result = speed("456p678s345s99s", "3s", melds=(chi("123m"),), specials=["blue_7s"])
    assert error_of(result)[0] == "no_yaku"


def test_gold_five_is_a_one_han_yaku_and_one_chip() -> None:
    # "1 gold 5p: grants a 1-han yaku and +1 shuugi": an open hand with no other yaku wins.
    melds = (chi("123m"),)
    result = speed_ok("456p678s345s99s", "3s", melds=melds, specials=["gold_5p"])
    assert yaku_of(result) == {"gold_5p": 1}
    assert (result["han"], result["fu"], result["payment"]) == (1, 30, {"ron": 1000})
    assert result["chips"] == {"ron": 1}
    assert error_of(speed("456p678s345s99s", "3s", melds=melds))[0] == "no_yaku"


def test_gold_five_is_a_plain_5p_not_the_red_one() -> None:
    code, message = error_of(speed("234m406p678s345s88s", "3s", specials=["gold_5p"]))
    assert code == "bad_field"
    assert message == ("specials[0]: gold_5p names a plain 5p but hand and melds hold only "
                       "the red five 0p")


def test_pocchi_is_one_chip_when_not_used_as_a_wildcard() -> None:
    # "also gives +1 shuugi (whether used as wildcard or not)": haku 1 han 40 fu.
    result = speed_ok("555z234m456p678s88s", "2m", specials=["pocchi_5z"])
    assert yaku_of(result) == {"yakuhai_haku": 1}
    assert result["payment"] == {"ron": 1300}
    assert result["chips"] == {"ron": 1}


def test_pocchi_in_a_meld_is_one_chip() -> None:
    result = speed_ok("234m456p678s88s", "2m", melds=(pon("777z"),), specials=["pocchi_7z"])
    assert result["chips"] == {"ron": 1}


# Riichi on 23m + 456p 678s 345s 77p (waits 1m, 4m), the 5z pocchi drawn: the wildcard.
WILD_5Z = {"hand": "23m456p678s345s77p5z", "win_tile": "5z", "win": "tsumo", "riichi": "riichi",
           "specials": ["pocchi_5z"], "wildcard": True}


def test_pocchi_wildcard_takes_the_tile_that_pays_most() -> None:
    # 4m: riichi, tsumo, pinfu, tanyao, dora (indicator 3m) = 5 han, mangan 2,000/4,000.
    # 1m would be riichi, tsumo, pinfu: 3 han 20 fu (700/1,300).
    result = speed_ok(**WILD_5Z, dora_indicators="3m")
    assert yaku_of(result) == {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "tanyao": 1, "dora": 1}
    assert result["payment"] == {"tsumo_dealer": 4000, "tsumo_non_dealer": 2000}
    assert result["total"] == 8000
    assert result["chips"] == {"tsumo_each": 1}


def test_pocchi_wildcard_counts_chips_when_points_tie() -> None:
    # Dora 7p x2 and 3s: 4m gives 7 han (with tanyao), 1m 7 han (with an ura dora, 9m
    # indicator): both haneman 3,000/6,000, but 1m adds an ura chip.
    result = speed_ok(**WILD_5Z, dora_indicators="6p2s", ura_indicators="9m")
    assert yaku_of(result) == {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "dora": 3,
                               "ura_dora": 1}
    assert result["payment"] == {"tsumo_dealer": 6000, "tsumo_non_dealer": 3000}
    assert result["chips"] == {"tsumo_each": 2}


def test_pocchi_wildcard_may_stand_for_its_own_tile() -> None:
    # Shanpon on 5z and 3s: as haku, riichi tsumo haku 3 han 30 fu (1,000/2,000); as 3s 2 han.
    result = speed_ok("234m456p678s55z33s5z", "5z", win="tsumo", riichi="riichi",
                      specials=["pocchi_5z"], wildcard=True)
    assert yaku_of(result) == {"riichi": 1, "menzen_tsumo": 1, "yakuhai_haku": 1}
    assert result["payment"] == {"tsumo_dealer": 2000, "tsumo_non_dealer": 1000}


def test_six_z_pocchi_is_wild_when_drawn_tenpai_with_an_open_hand() -> None:
    # Tanki on 7p (or 4p) after a chi: tanyao, 30 fu, 300/500.
    result = speed_ok("456p678s345s7p6z", "6z", melds=(chi("234m"),), win="tsumo",
                      specials=["pocchi_6z"], wildcard=True)
    assert yaku_of(result) == {"tanyao": 1}
    assert result["payment"] == {"tsumo_dealer": 500, "tsumo_non_dealer": 300}
    assert result["chips"] == {"tsumo_each": 1}


@pytest.mark.parametrize(("fields", "message"), [
    ({"melds": (("ankan", "1111m"),), "hand": "456p678s345s7p6z", "win_tile": "6z",
      "specials": ["pocchi_6z"]},
     "field 'wildcard': the 6z pocchi is wild only when drawn while tenpai with an open hand "
     "(no chi, pon or open kan here)"),
    ({"riichi": "none"}, "field 'wildcard': the 5z pocchi is wild only when drawn after riichi"),
    ({"win": "ron"}, "field 'wildcard': a pocchi is a wildcard when drawn, so the win is tsumo"),
    ({"specials": []},
     "field 'wildcard': win_tile 5z is not the pocchi: list 'pocchi_5z' in specials"),
    ({"hand": "23m456p678s345s77p4m", "win_tile": "4m", "specials": []},
     "field 'wildcard': the winning tile is the wildcard, so win_tile must be a pocchi tile "
     "(5z, 6z or 7z), not '4m'"),
])
def test_pocchi_wildcard_conditions_are_checked(fields: dict, message: str) -> None:
    # "both are wildcards if drawn after riichi"; "wildcard if drawn while tenpai with open hand"
    record = {**WILD_5Z, **fields}
    if "melds" in fields:
        record["riichi"] = "none"
    assert error_of(speed(**record)) == ("bad_field", message)


def test_pocchi_wildcard_that_completes_nothing_is_not_a_winning_hand() -> None:
    result = speed("13m456p678s345s79p5z", "5z", **{k: v for k, v in WILD_5Z.items()
                                                     if k not in ("hand", "win_tile")})
    assert error_of(result)[0] == "not_a_winning_hand"


@pytest.mark.parametrize(("special", "tile"), [
    ("blue_7m", "7m"), ("blue_7p", "7p"), ("gold_5p", "5p"),
    ("pocchi_5z", "5z"), ("pocchi_6z", "6z"), ("pocchi_7z", "7z"),
])
def test_special_named_without_its_tile_is_a_bad_field(special: str, tile: str) -> None:
    # blue_7s is fine (789s holds a 7s); the second special's tile is missing.
    result = speed("123m123p789s345s88s", "3s", specials=["blue_7s", special])
    code, message = error_of(result)
    assert code == "bad_field"
    assert message.startswith(f"specials[1]: {special} ") and tile in message


def test_specials_are_bad_fields_in_other_rulesets() -> None:
    result = speed(*PINFU_TANYAO_3S, ruleset="riichi-standard", specials=["blue_7s"])
    assert error_of(result) == ("bad_field", "field 'specials' is not used by the "
                                "riichi-standard ruleset")


@pytest.mark.parametrize("field", ["wildcard", "chankan_ankan"])
def test_speed_tonpuu_fields_are_unknown_in_other_rulesets(field: str) -> None:
    result = speed(*PINFU_TANYAO_3S, ruleset="riichi-standard", **{field: False})
    assert error_of(result) == ("bad_field", f"unknown field {field!r}")


@pytest.mark.parametrize("value", [1, "yes", None])
def test_wildcard_must_be_a_boolean(value: object) -> None:
    result = speed(*PINFU_TANYAO_3S, wildcard=value)
    assert error_of(result) == ("bad_field", f"field 'wildcard' must be true or false, not "
                                f"{value!r}")


def test_seven_z_pocchi_is_wild_after_riichi_too() -> None:
    hand = WILD_5Z["hand"].replace("5z", "7z")
    result = speed_ok(**{**WILD_5Z, "hand": hand, "win_tile": "7z", "specials": ["pocchi_7z"]},
                      dora_indicators="3m")
    assert result["payment"] == {"tsumo_dealer": 4000, "tsumo_non_dealer": 2000}
    assert result["chips"] == {"tsumo_each": 1}


# Dealer riichi on 123p 123s 678m 22s + 23m (waits 1m, 4m), the 5z pocchi drawn as the wildcard.
# Three 9m indicators make 1m three dora; the 3m ura indicator makes 4m one ura dora.
WILD_CHIPS = {"hand": "123p123s678m22s23m5z", "win_tile": "5z", "win": "tsumo",
              "riichi": "riichi", "seat_wind": "E", "specials": ["pocchi_5z"], "wildcard": True,
              "dora_indicators": "9m9m9m", "ura_indicators": "3m"}  # fmt: skip


def test_pocchi_wildcard_ranks_a_chip_at_5000_points_by_default() -> None:
    # "Each shuugi chip is worth 5,000 points." 1m: riichi, tsumo, pinfu, sanshoku 2, dora 3 =
    # 8 han, baiman 8,000 all (24,000) and the pocchi chip from each (3 chips: 15,000 more).
    # 4m: riichi, tsumo, pinfu, ura 1 = 4 han 20 fu, 2,600 all (7,800) and 2 chips from each
    # (6 chips: 30,000 more). 24,000 + 15,000 = 39,000 beats 7,800 + 30,000 = 37,800.
    result = speed_ok(**WILD_CHIPS)
    assert yaku_of(result) == {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1,
                               "sanshoku_doujun": 2, "dora": 3}  # fmt: skip
    assert (result["total"], result["chips"]) == (24000, {"tsumo_each": 1})


def test_pocchi_wildcard_ranks_a_chip_at_the_games_chip_value_of_10000() -> None:
    # At 10,000 a chip: 1m 24,000 + 30,000 = 54,000; 4m 7,800 + 60,000 = 67,800: 4m pays most.
    result = speed_ok(**WILD_CHIPS, options={"chip_points": 10000})
    assert yaku_of(result) == {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "ura_dora": 1}
    assert (result["total"], result["chips"]) == (7800, {"tsumo_each": 2})


def test_a_speed_tonpuu_game_scores_wildcards_at_its_chip_value() -> None:
    # The hand's chip_points follows game_options.chip_value (docs/rules/speed-tonpuu.md):
    # the same dealer wildcard tsumo takes 1m (baiman) at 5,000 a chip and 4m (ura chip) at 10,000.
    record = {"hand": "123p123s678m22s23m5z", "win_tile": "5z", "riichi": "riichi",
              "specials": ["pocchi_5z"], "wildcard": True, "dora_indicators": "9m9m9m",
              "ura_indicators": "3m"}  # fmt: skip
    totals = {}
    for chip_value in (5000, 10000):
        out = settled(
            game(tsumo(0, record, riichi=[0]), ruleset="speed-tonpuu", chip_value=chip_value)
        )
        totals[chip_value] = out["hands"][0]["wins"][0]["score"]["total"]

    # Each total takes back the dealer's own riichi stick (1,000).
    assert totals == {5000: 24000 + 1000, 10000: 7800 + 1000}
