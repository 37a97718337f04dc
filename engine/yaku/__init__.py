"""Yaku as declared objects, grouped by family; ``STANDARD_YAKU`` is riichi-standard's table."""

from engine.yaku.base import Yaku, YakuHit, bonus_yaku, regular_yaku, yakuman_yaku
from engine.yaku.standard import CANONICAL_NAMES, STANDARD_YAKU, WAIT_DOUBLE_YAKUMAN

__all__ = [
    "CANONICAL_NAMES",
    "STANDARD_YAKU",
    "WAIT_DOUBLE_YAKUMAN",
    "Yaku",
    "YakuHit",
    "bonus_yaku",
    "regular_yaku",
    "yakuman_yaku",
]
