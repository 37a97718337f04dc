"""Flush yaku (honitsu, chinitsu) and the seven-pairs shape."""

from __future__ import annotations

from engine.hand.arrangement import CHIITOITSU as CHIITOITSU_SHAPE
from engine.hand.arrangement import Arrangement
from engine.hand.context import HandContext
from engine.tiles import HONOUR_MASK, SUIT_MASKS
from engine.yaku.base import regular_yaku


def number_suits(mask: int) -> int:
    return (mask & SUIT_MASKS[0] != 0) + (mask & SUIT_MASKS[1] != 0) + (mask & SUIT_MASKS[2] != 0)


def _honitsu(a: Arrangement, c: HandContext) -> bool:
    return bool(c.mask & HONOUR_MASK) and number_suits(c.mask) == 1


def _chinitsu(a: Arrangement, c: HandContext) -> bool:
    return not c.mask & HONOUR_MASK and number_suits(c.mask) == 1


def _chiitoitsu(a: Arrangement, c: HandContext) -> bool:
    return a.shape == CHIITOITSU_SHAPE


HONITSU = regular_yaku("honitsu", 3, 2, _honitsu)
CHINITSU = regular_yaku("chinitsu", 6, 5, _chinitsu)
CHIITOITSU = regular_yaku("chiitoitsu", 2, None, _chiitoitsu)
