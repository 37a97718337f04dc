"""Yaku built on honour tiles: yakuhai and shousangen."""

from __future__ import annotations

from engine.hand.arrangement import Arrangement
from engine.hand.context import HandContext
from engine.tiles import CHUN, DRAGON_MASK, HAKU, HATSU
from engine.yaku.base import regular_yaku


def is_value_tile(kind: int, c: HandContext) -> bool:
    """A dragon, the seat wind or a round wind: a pair of it earns fu and denies pinfu."""
    return kind >= HAKU or kind == c.seat_wind or kind in c.round_winds


def _haku(a: Arrangement, c: HandContext) -> bool:
    return HAKU in a.triplets


def _hatsu(a: Arrangement, c: HandContext) -> bool:
    return HATSU in a.triplets


def _chun(a: Arrangement, c: HandContext) -> bool:
    return CHUN in a.triplets


def _seat_wind(a: Arrangement, c: HandContext) -> bool:
    return c.seat_wind in a.triplets


def _round_wind(a: Arrangement, c: HandContext) -> int:
    # One han per round wind held; a ruleset with two round winds (tonshaaba) can score 2.
    return (a.triplet_mask & c.round_wind_mask).bit_count()


def _shousangen(a: Arrangement, c: HandContext) -> bool:
    return a.pair >= HAKU and (a.triplet_mask & DRAGON_MASK).bit_count() == 2


YAKUHAI_HAKU = regular_yaku("yakuhai_haku", 1, 1, _haku)
YAKUHAI_HATSU = regular_yaku("yakuhai_hatsu", 1, 1, _hatsu)
YAKUHAI_CHUN = regular_yaku("yakuhai_chun", 1, 1, _chun)
YAKUHAI_SEAT_WIND = regular_yaku("yakuhai_seat_wind", 1, 1, _seat_wind)
YAKUHAI_ROUND_WIND = regular_yaku("yakuhai_round_wind", 1, 1, _round_wind)
SHOUSANGEN = regular_yaku("shousangen", 2, 2, _shousangen)
