"""Toutenkou house variants from toutenkou-ja.txt with no option before (issue #13, item 3).

Each test quotes the sentence its option rests on (docs/rules/toutenkou.md,
"Options"). Values are worked out from the rules, not read back from the engine.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.game.games import draw, game, last, lines, settled
from tests.engine.rulesets.toutenkou.hands import error_of, points_of, record, scored

# Every gari of the 112 set: 1m 5m(0m) 9m set aside, North as an ankan.
ALL_GARI: dict[str, Any] = {"melds": (("ankan", "4444z"),), "nuki": "1111m5550m9999m"}


def test_all_gari_as_a_yakuman_is_50_points_and_drops_the_regular_yaku() -> None:
    """JA: "50点(役満) ... ガリを全て集める" (50 points, yakuman: collecting all the gari),
    with "なお、役満は50点として計算する" (a yakuman counts 50 points). Option
    ``all_gari_yakuman``: all_gari is a yakuman worth ``yakuman_points``; haku and the red
    0m (dora) drop as for any yakuman, the special yaku stay: 50 + menzen 1 + gari 12 +
    banban 2 + ankan 4 + gari_set 16 + ron 8 = 93."""
    options = {"all_gari_yakuman": True, "yakuman_points": 50}
    result = scored(record("123p456s11p555z", "1p", **ALL_GARI, options=options))
    assert points_of(result) == {
        "all_gari": 50, "menzen": 1, "gari": 12, "banban": 2, "ankan": 4, "gari_set": 16,
        "ron": 8,
    }
    assert (result["points"], result["yakuman"], result["limit"]) == (93, 1, "yakuman")


def test_all_gari_as_a_yakuman_wins_a_hand_with_no_other_yaku() -> None:
    """A yakuman is a yaku: an open 123p 456s 789s(chi) 11p with every gari wins on it
    (20 by default yakuman_points: 20 + gari 12 + banban 2 + ankan 4 + gari_set 16 + ron 8
    = 62); as the default bonus it is "a hand cannot win with only special yakus"."""
    rec = record("123p456s11p", "1p", melds=(("ankan", "4444z"), ("chi", "789s")),
                 nuki="1111m5550m9999m")
    assert error_of(rec)[0] == "no_yaku"
    result = scored({**rec, "options": {"all_gari_yakuman": True}})
    assert points_of(result) == {
        "all_gari": 20, "gari": 12, "banban": 2, "ankan": 4, "gari_set": 16, "ron": 8,
    }
    assert result["points"] == 62


def test_all_gari_stays_a_bonus_by_default() -> None:
    """tenhou: "(20 pts) All Gari: Add twenty points when collecting all gari tiles" — a
    bonus: haku and the red 0m still count beside it."""
    got = points_of(scored(record("123p456s11p555z", "1p", **ALL_GARI)))
    assert (got["all_gari"], got["yakuhai_haku"], got["aka_dora"]) == (20, 1, 1)


# 345p 4s0s6s 789s 11p 555z, 0m and 4z set aside; fives "gari": 0m set aside 3 + 4z 1 = 4
# gari; five_gari 5p 1 + 0s 3 = 4.
FIVES = record("345p406s789s11p555z", "1p", nuki="0m4z")


@pytest.mark.parametrize(("indicator", "plain_gari"), [("9m", 8), ("5p", 4)])
def test_gari_bai_multiplies_fives_as_gari_by_option(indicator: str, plain_gari: int) -> None:
    """JA: "ドラ表示牌にガリがめくれた場合はガリの点数を倍にする「ガリ倍」" with
    "「黒5牌は1点ガリ、赤5牌は3点ガリ」": fives are gari, so with ``gari_multiplies_fives``
    gari bai doubles five_gari (4 -> 8) beside gari, and a 5p turned up is a gari turned
    up (without the option a 9m doubles gari alone and a 5p doubles nothing)."""
    rec = {**FIVES, "dora_indicators": indicator}
    plain = points_of(scored({**rec, "options": {"fives": "gari", "gari_bai": True}}))
    assert (plain["gari"], plain["five_gari"]) == (plain_gari, 4)
    options = {"fives": "gari", "gari_bai": True, "gari_multiplies_fives": True}
    both = points_of(scored({**rec, "options": options}))
    assert (both["gari"], both["five_gari"]) == (8, 8)


def test_gari_tori_triples_fives_as_gari_by_option() -> None:
    """JA: "ドラ表示牌に赤牌がめくれた場合はガリの点数を3倍にする「ガリトリ」": a red 0p
    turned up triples gari (12) and, with ``gari_multiplies_fives``, five_gari (12)."""
    options = {"fives": "gari", "gari_tori": True, "gari_multiplies_fives": True}
    got = points_of(scored({**FIVES, "dora_indicators": "0p", "options": options}))
    assert (got["gari"], got["five_gari"]) == (12, 12)


def test_nagashi_as_a_yakuman_takes_the_special_yaku_by_option() -> None:
    """JA: "流し満貫は役満として扱う" (nagashi mangan counts as a yakuman) and tenhou: a
    yakuman "can still stack with toutenkou-specified special yakus". With
    ``nagashi_special_yaku`` the nagashi takes those that need no tiles: banban 2 for
    every win, oya 1 for the dealer. Seat 1 (non-dealer): 50 + 2 from each; seat 0, the
    dealer: 50 + 2 + 1 from each, and again at 1 honba (renchan): 54."""
    options = {"nagashi_yakuman_points": 50, "nagashi_special_yaku": True}
    non_dealer = settled(game(draw(1, nagashi=[1]), ruleset="toutenkou", players=3, **options))
    assert lines(last(non_dealer)) == [(0, 1, 52, 0), (2, 1, 52, 0)]
    dealer = settled(game(draw(0, nagashi=[0]), draw(0, nagashi=[0]), ruleset="toutenkou",
                          players=3, **options))
    assert lines(dealer["hands"][0]) == [(1, 0, 53, 0), (2, 0, 53, 0)]
    assert lines(last(dealer)) == [(1, 0, 54, 0), (2, 0, 54, 0)]
    win = last(dealer)["wins"][0]["score"]
    assert (win["limit"], win["yakuman"]) == ("yakuman", 1)


def test_nagashi_without_the_special_yaku_by_default() -> None:
    """Default off: the nagashi yakuman is ``nagashi_yakuman_points`` (plus honba) alone."""
    result = settled(game(draw(1, nagashi=[1]), ruleset="toutenkou", players=3,
                          nagashi_yakuman_points=50))
    assert lines(last(result)) == [(0, 1, 50, 0), (2, 1, 50, 0)]
