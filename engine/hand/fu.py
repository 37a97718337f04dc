"""Fu of one arrangement (riichi-standard; tenhou counts the same)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.hand.arrangement import (
    CHIITOITSU,
    KAN,
    KANCHAN,
    PENCHAN,
    REGULAR,
    SEQ,
    TANKI,
    Arrangement,
)
from engine.hand.context import HandContext
from engine.tiles import HAKU, is_yaochuu

if TYPE_CHECKING:
    from engine.rulesets.base import Ruleset

CHIITOITSU_FU = 25


def pair_fu(pair: int, c: HandContext, ruleset: Ruleset) -> int:
    if pair >= HAKU:
        return 2
    seat = pair == c.seat_wind
    round_ = pair in c.round_winds
    if seat and round_:
        return ruleset.double_wind_pair_fu
    return 2 if seat or round_ else 0


def set_fu(kind: int, tile: int, is_open: bool) -> int:
    """Triplet 2 open / 4 closed, doubled for terminals and honours, x4 for a kan."""
    if kind == SEQ:
        return 0
    fu = 2 if is_open else 4
    if is_yaochuu(tile):
        fu *= 2
    if kind == KAN:
        fu *= 4
    return fu


def fu_of(a: Arrangement, c: HandContext, ruleset: Ruleset, *, pinfu: bool) -> int | None:
    """Rounded fu, or None for shapes without fu (kokushi)."""
    if a.shape == CHIITOITSU:
        return CHIITOITSU_FU
    if a.shape != REGULAR:
        return None
    if pinfu:
        return 20 if c.tsumo else 30
    fu = 20
    if c.tsumo:
        fu += 2
    elif c.closed:
        fu += 10  # menzen ron
    fu += pair_fu(a.pair, c, ruleset)
    for kind, tile, is_open in a.sets:
        fu += set_fu(kind, tile, is_open)
    if a.wait in (KANCHAN, PENCHAN, TANKI):
        fu += 2
    if fu == 20:
        return 30  # riichi-standard: "an open hand with no fu beyond its base is paid as 30 fu"
    return (fu + 9) // 10 * 10
