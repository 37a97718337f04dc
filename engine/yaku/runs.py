"""Yaku built on runs: pinfu, iipeikou, ryanpeikou, sanshoku doujun, ittsu."""

from __future__ import annotations

from engine.hand.arrangement import RYANMEN, Arrangement
from engine.hand.context import HandContext
from engine.yaku.base import regular_yaku
from engine.yaku.honours import is_value_tile


def _pinfu(a: Arrangement, c: HandContext) -> bool:
    return len(a.seqs) == 4 and a.wait == RYANMEN and not is_value_tile(a.pair, c)


def _iipeikou(a: Arrangement, c: HandContext) -> bool:
    return len(set(a.seqs)) < len(a.seqs)


def _ryanpeikou(a: Arrangement, c: HandContext) -> bool:
    s = a.seqs
    return len(s) == 4 and s[0] == s[1] and s[2] == s[3]


def _sanshoku_doujun(a: Arrangement, c: HandContext) -> bool:
    s = a.seqs
    if len(s) < 3:
        return False
    return any(t < 9 and t + 9 in s and t + 18 in s for t in s)


def _ittsu(a: Arrangement, c: HandContext) -> bool:
    s = a.seqs
    if len(s) < 3:
        return False
    return any(t % 9 == 0 and t + 3 in s and t + 6 in s for t in s)


PINFU = regular_yaku("pinfu", 1, None, _pinfu)
IIPEIKOU = regular_yaku("iipeikou", 1, None, _iipeikou)
RYANPEIKOU = regular_yaku("ryanpeikou", 3, None, _ryanpeikou, supersedes=("iipeikou",))
SANSHOKU_DOUJUN = regular_yaku("sanshoku_doujun", 2, 1, _sanshoku_doujun)
ITTSU = regular_yaku("ittsu", 2, 1, _ittsu)
