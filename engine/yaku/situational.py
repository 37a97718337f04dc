"""Yaku that come from how and when the hand was won, not from its tiles."""

from __future__ import annotations

from operator import attrgetter

from engine.hand.arrangement import Arrangement
from engine.hand.context import HandContext
from engine.yaku.base import Check, Yaku, regular_yaku, yakuman_yaku


def riichi_is(kind: str) -> Check:
    """Predicate: the record's ``riichi`` field is ``kind``."""

    def check(a: Arrangement, c: HandContext) -> bool:
        return c.riichi == kind

    return check


def flag(name: str) -> Check:
    """Predicate: the record's situational flag ``name`` is set."""
    get = attrgetter(name)

    def check(a: Arrangement, c: HandContext) -> bool:
        return bool(get(c.record))

    return check


def _menzen_tsumo(a: Arrangement, c: HandContext) -> bool:
    return c.tsumo  # closed-only: the table skips it for open hands


RIICHI = regular_yaku("riichi", 1, None, riichi_is("riichi"))
DOUBLE_RIICHI = regular_yaku("double_riichi", 2, None, riichi_is("double"))
OPEN_RIICHI = regular_yaku("open_riichi", 2, None, riichi_is("open"))
IPPATSU = regular_yaku("ippatsu", 1, None, flag("ippatsu"))
MENZEN_TSUMO = regular_yaku("menzen_tsumo", 1, None, _menzen_tsumo)
RINSHAN_KAIHOU = regular_yaku("rinshan_kaihou", 1, 1, flag("rinshan"))
CHANKAN = regular_yaku("chankan", 1, 1, flag("chankan"))
HAITEI = regular_yaku("haitei", 1, 1, flag("haitei"))
HOUTEI = regular_yaku("houtei", 1, 1, flag("houtei"))

TENHOU = yakuman_yaku("tenhou", flag("tenhou"), closed_only=True)
CHIIHOU = yakuman_yaku("chiihou", flag("chiihou"), closed_only=True)
# Not in riichi-standard ("renhou is not a yaku"); rulesets that count it add it.
RENHOU: Yaku = yakuman_yaku("renhou", flag("renhou"), closed_only=True)
