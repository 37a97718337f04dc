"""Yakuman, each worth one multiple; rulesets name the ones that count double."""

from __future__ import annotations

from engine.hand.arrangement import KOKUSHI as KOKUSHI_SHAPE
from engine.hand.arrangement import TANKI, Arrangement
from engine.hand.context import HandContext
from engine.tiles import (
    DRAGON_MASK,
    EAST,
    NORTH,
    NOT_GREEN_MASK,
    NOT_HONOUR_MASK,
    NOT_TERMINAL_MASK,
    SUIT_MASKS,
    WIND_MASK,
)
from engine.yaku.base import yakuman_yaku
from engine.yaku.situational import CHIIHOU, TENHOU

_CHUUREN_BASE = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _kokushi(a: Arrangement, c: HandContext) -> bool:
    return a.shape == KOKUSHI_SHAPE


def _kokushi_13(a: Arrangement, c: HandContext) -> bool:
    # Thirteen-sided wait: the winning tile is the one held twice.
    return a.shape == KOKUSHI_SHAPE and c.concealed[c.win_tile] == 2


def _suuankou(a: Arrangement, c: HandContext) -> bool:
    return a.concealed_triplets == 4


def _suuankou_tanki(a: Arrangement, c: HandContext) -> bool:
    return a.concealed_triplets == 4 and a.wait == TANKI


def _daisangen(a: Arrangement, c: HandContext) -> bool:
    return a.triplet_mask & DRAGON_MASK == DRAGON_MASK


def _shousuushii(a: Arrangement, c: HandContext) -> bool:
    return EAST <= a.pair <= NORTH and (a.triplet_mask & WIND_MASK).bit_count() == 3


def _daisuushii(a: Arrangement, c: HandContext) -> bool:
    return a.triplet_mask & WIND_MASK == WIND_MASK


def _tsuuiisou(a: Arrangement, c: HandContext) -> bool:
    return not c.mask & NOT_HONOUR_MASK


def _chinroutou(a: Arrangement, c: HandContext) -> bool:
    return not c.mask & NOT_TERMINAL_MASK


def _ryuuiisou(a: Arrangement, c: HandContext) -> bool:
    # Hatsu is not required (tenhou counts 23468s-only hands).
    return not c.mask & NOT_GREEN_MASK


def _chuuren_counts(c: HandContext) -> tuple[int, ...] | None:
    # Every rank of one suit and nothing else, no melds, at least 1112345678999.
    mask = c.mask
    for suit in range(3):
        if mask == SUIT_MASKS[suit] and not c.melds:
            counts = c.counts[suit * 9 : suit * 9 + 9]
            if counts[0] >= 3 and counts[8] >= 3:
                return counts
    return None


def _chuuren(a: Arrangement, c: HandContext) -> bool:
    return _chuuren_counts(c) is not None


def _chuuren_9(a: Arrangement, c: HandContext) -> bool:
    # Nine-sided wait: without the winning tile the hand is exactly 1112345678999.
    counts = _chuuren_counts(c)
    return counts is not None and counts[c.win_tile % 9] - 1 == _CHUUREN_BASE[c.win_tile % 9]


def _suukantsu(a: Arrangement, c: HandContext) -> bool:
    return a.kans == 4


KOKUSHI = yakuman_yaku("kokushi", _kokushi, closed_only=True)
KOKUSHI_13 = yakuman_yaku("kokushi_13", _kokushi_13, closed_only=True, supersedes=("kokushi",))
SUUANKOU = yakuman_yaku("suuankou", _suuankou, closed_only=True)
SUUANKOU_TANKI = yakuman_yaku(
    "suuankou_tanki", _suuankou_tanki, closed_only=True, supersedes=("suuankou",)
)
DAISANGEN = yakuman_yaku("daisangen", _daisangen)
SHOUSUUSHII = yakuman_yaku("shousuushii", _shousuushii)
DAISUUSHII = yakuman_yaku("daisuushii", _daisuushii)
TSUUIISOU = yakuman_yaku("tsuuiisou", _tsuuiisou)
CHINROUTOU = yakuman_yaku("chinroutou", _chinroutou)
RYUUIISOU = yakuman_yaku("ryuuiisou", _ryuuiisou)
CHUUREN = yakuman_yaku("chuuren", _chuuren, closed_only=True)
CHUUREN_9 = yakuman_yaku("chuuren_9", _chuuren_9, closed_only=True, supersedes=("chuuren",))
SUUKANTSU = yakuman_yaku("suukantsu", _suukantsu)

__all__ = [
    "CHIIHOU",
    "CHINROUTOU",
    "CHUUREN",
    "CHUUREN_9",
    "DAISANGEN",
    "DAISUUSHII",
    "KOKUSHI",
    "KOKUSHI_13",
    "RYUUIISOU",
    "SHOUSUUSHII",
    "SUUANKOU",
    "SUUANKOU_TANKI",
    "SUUKANTSU",
    "TENHOU",
    "TSUUIISOU",
]
