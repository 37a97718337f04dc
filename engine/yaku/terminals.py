"""Yaku about simples, terminals and honours across the whole hand."""

from __future__ import annotations

from engine.hand.arrangement import REGULAR, SEQ, Arrangement
from engine.hand.context import HandContext
from engine.tiles import HONOUR_MASK, NOT_YAOCHUU_MASK, YAOCHUU_MASK, is_yaochuu
from engine.yaku.base import regular_yaku


def _tanyao(a: Arrangement, c: HandContext) -> bool:
    return not c.mask & YAOCHUU_MASK


def _outside(a: Arrangement) -> bool:
    """Every set and the pair hold a terminal or honour, with at least one run."""
    if not a.seqs or a.shape != REGULAR or not is_yaochuu(a.pair):
        return False
    for kind, tile, _ in a.sets:
        if kind == SEQ:
            if tile % 9 not in (0, 6):
                return False
        elif not is_yaochuu(tile):
            return False
    return True


def _chanta(a: Arrangement, c: HandContext) -> bool:
    return bool(c.mask & HONOUR_MASK) and _outside(a)


def _junchan(a: Arrangement, c: HandContext) -> bool:
    return not c.mask & HONOUR_MASK and _outside(a)


def _honroutou(a: Arrangement, c: HandContext) -> bool:
    return not c.mask & NOT_YAOCHUU_MASK


TANYAO = regular_yaku("tanyao", 1, 1, _tanyao)
CHANTA = regular_yaku("chanta", 2, 1, _chanta)
JUNCHAN = regular_yaku("junchan", 3, 2, _junchan)
HONROUTOU = regular_yaku("honroutou", 2, 2, _honroutou)
