"""Yaku built on triplets and kans."""

from __future__ import annotations

from engine.hand.arrangement import Arrangement
from engine.hand.context import HandContext
from engine.yaku.base import regular_yaku


def _toitoi(a: Arrangement, c: HandContext) -> bool:
    return len(a.triplets) == 4


def _sanankou(a: Arrangement, c: HandContext) -> bool:
    return a.concealed_triplets == 3


def _sankantsu(a: Arrangement, c: HandContext) -> bool:
    return a.kans == 3


def _sanshoku_doukou(a: Arrangement, c: HandContext) -> bool:
    t = a.triplets
    if len(t) < 3:
        return False
    return any(k < 9 and k + 9 in t and k + 18 in t for k in t)


TOITOI = regular_yaku("toitoi", 2, 2, _toitoi)
SANANKOU = regular_yaku("sanankou", 2, 2, _sanankou)
SANKANTSU = regular_yaku("sankantsu", 2, 2, _sankantsu)
SANSHOKU_DOUKOU = regular_yaku("sanshoku_doukou", 2, 2, _sanshoku_doukou)
