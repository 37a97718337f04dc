"""Dora kinds: counted per tile, never enough to win on."""

from __future__ import annotations

from engine.hand.arrangement import Arrangement
from engine.hand.context import HandContext
from engine.yaku.base import bonus_yaku


def _dora(a: Arrangement, c: HandContext) -> int:
    return c.dora


def _aka(a: Arrangement, c: HandContext) -> int:
    return c.aka


def _ura(a: Arrangement, c: HandContext) -> int:
    return c.ura


def _nuki(a: Arrangement, c: HandContext) -> int:
    return c.nuki


DORA = bonus_yaku("dora", _dora)
AKA_DORA = bonus_yaku("aka_dora", _aka)
URA_DORA = bonus_yaku("ura_dora", _ura)
NUKIDORA = bonus_yaku("nukidora", _nuki)
