"""The pocchi wildcard read from a plain record (issue #13, item 1).

speed-tonpuu-shuugi.txt: "1 5z pocchi and 1 7z pocchi: both are wildcards if
drawn after riichi"; "1 6z pocchi: wildcard if drawn while tenpai with open
hand". When the record shows that condition (the pocchi is the tsumo tile, the
only copy of its tile held, under riichi or with an open hand for 6z), the
pocchi is wild without the project field ``wildcard``; ``wildcard`` stays as
the explicit word either way.
"""

from __future__ import annotations

from tests.engine.hands import error_of, yaku_of
from tests.engine.rulesets.speed_tonpuu.speed import chi, speed, speed_ok

# Riichi on 23m + 456p 678s 345s 77p (waits 1m, 4m), the 5z pocchi drawn and called tsumo.
PLAIN_5Z = {"hand": "23m456p678s345s77p5z", "win_tile": "5z", "win": "tsumo",
            "riichi": "riichi", "specials": ["pocchi_5z"], "dora_indicators": "3m"}  # fmt: skip
# 4m: riichi, tsumo, pinfu, tanyao, dora (indicator 3m) = 5 han, mangan 2,000/4,000.
MANGAN = {"tsumo_dealer": 4000, "tsumo_non_dealer": 2000}


def test_5z_pocchi_drawn_after_riichi_is_wild_without_the_wildcard_field() -> None:
    """ "both are wildcards if drawn after riichi": a tsumo on the 5z pocchi under riichi
    is wild as recorded (it was refused as not_a_winning_hand before)."""
    result = speed_ok(**PLAIN_5Z)
    assert yaku_of(result) == {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "tanyao": 1, "dora": 1}
    assert result["payment"] == MANGAN
    assert result["chips"] == {"tsumo_each": 1}  # "+1 shuugi (whether used as wildcard or not)"


def test_7z_pocchi_drawn_after_riichi_is_wild_without_the_wildcard_field() -> None:
    """ "1 5z pocchi and 1 7z pocchi: both are wildcards if drawn after riichi"."""
    fields = {**PLAIN_5Z, "hand": "23m456p678s345s77p7z", "win_tile": "7z",
              "specials": ["pocchi_7z"]}  # fmt: skip
    assert speed_ok(**fields)["payment"] == MANGAN


def test_6z_pocchi_drawn_with_an_open_hand_is_wild_without_the_wildcard_field() -> None:
    """ "wildcard if drawn while tenpai with open hand": tanki on 7p (or 4p) after a chi,
    the 6z pocchi drawn: tanyao, 30 fu, 300/500."""
    result = speed_ok("456p678s345s7p6z", "6z", melds=(chi("234m"),), win="tsumo",
                      specials=["pocchi_6z"])
    assert yaku_of(result) == {"tanyao": 1}
    assert result["payment"] == {"tsumo_dealer": 500, "tsumo_non_dealer": 300}


def test_wildcard_false_scores_the_pocchi_as_its_own_tile() -> None:
    """``wildcard: false`` overrides the reading: the 5z is a plain haku, and
    23m456p678s345s77p5z is then no winning hand."""
    result = speed(**PLAIN_5Z, wildcard=False)
    assert error_of(result)[0] == "not_a_winning_hand"


def test_a_pocchi_outside_its_condition_is_its_own_tile() -> None:
    """Not drawn after riichi (5z), not with an open hand (6z), or won by ron: the record
    shows no wildcard, and the pocchi is scored as the tile it is."""
    no_riichi = speed(**{**PLAIN_5Z, "riichi": "none"})
    assert error_of(no_riichi)[0] == "not_a_winning_hand"
    closed_6z = speed("456p678s345s7p6z", "6z", melds=(("ankan", "2222m"),), win="tsumo",
                      specials=["pocchi_6z"])
    assert error_of(closed_6z)[0] == "not_a_winning_hand"
    ron = speed(**{**PLAIN_5Z, "win": "ron"})
    assert error_of(ron)[0] == "not_a_winning_hand"


def test_another_copy_held_leaves_the_record_silent_so_wildcard_decides() -> None:
    """With another 5z held the record does not show which copy was drawn: a plain record
    scores the hand as its tiles (shanpon on 5z and 3s: riichi, tsumo, haku = 3 han 30 fu,
    1,000/2,000), and ``wildcard: true`` says the pocchi was the tile drawn (as haku it
    still pays most)."""
    fields = {"hand": "234m456p678s55z33s5z", "win_tile": "5z", "win": "tsumo",
              "riichi": "riichi", "specials": ["pocchi_5z"]}  # fmt: skip
    plain = speed_ok(**fields)
    assert yaku_of(plain) == {"riichi": 1, "menzen_tsumo": 1, "yakuhai_haku": 1}
    assert plain["payment"] == {"tsumo_dealer": 2000, "tsumo_non_dealer": 1000}
    wild = speed_ok(**fields, wildcard=True)
    assert yaku_of(wild) == {"riichi": 1, "menzen_tsumo": 1, "yakuhai_haku": 1}
