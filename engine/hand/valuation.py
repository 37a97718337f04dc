"""Valuation: what one arrangement is worth, and the default han/fu valuation.

A ruleset's ``valuate`` hook turns an arrangement's yaku hits into a
:class:`Valuation` (or None when the hand has no yaku). The default counts
han and fu; a points ruleset (Toutenkou) supplies its own and sets ``han``
and ``fu`` to None, ``points`` to its value and ``base`` to what its payment
function multiplies.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from engine.hand.arrangement import Arrangement
from engine.hand.context import HandContext
from engine.hand.fu import fu_of
from engine.hand.limits import basic_points, yakuman_points
from engine.yaku.base import YakuHit

if TYPE_CHECKING:
    from engine.rulesets.base import Ruleset

_NO_EXTRA: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Valuation:
    yaku: tuple[YakuHit, ...]
    han: int | None
    fu: int | None
    yakuman: int
    limit: str | None
    base: int  # basic points the payment multiplies
    arrangement: Arrangement
    points: int | None = None
    extra: Mapping[str, Any] = field(
        default_factory=lambda: _NO_EXTRA
    )  # output keys a ruleset adds

    @property
    def rank(self) -> tuple[int, bool, int, int]:
        """Pays most first; ties go to a true yakuman over kazoe (yakuman are judged
        first), then to more han, then more fu."""
        return (self.base, self.limit == "yakuman", self.han or 0, self.fu or 0)


def has_yaku(hits: list[YakuHit]) -> bool:
    return any(not h.bonus for h in hits)


def han_fu_valuation(
    a: Arrangement, hits: list[YakuHit], c: HandContext, ruleset: Ruleset
) -> Valuation | None:
    han = multiples = 0
    winnable = pinfu = False
    for hit in hits:
        if hit.unit == "yakuman":
            multiples += hit.value
        else:
            han += hit.value
        if not hit.bonus:
            winnable = True
        if hit.name == "pinfu":
            pinfu = True
    if not winnable:
        return None
    if multiples:
        # spec: a yakuman hand lists only its yakuman; han 0, fu null
        shown = tuple(h for h in hits if h.unit == "yakuman")
        return Valuation(shown, 0, None, multiples, "yakuman", yakuman_points(multiples), a)
    fu = fu_of(a, c, ruleset, pinfu=pinfu) or 0
    base, limit = basic_points(han, fu, ruleset)
    return Valuation(tuple(hits), han, fu, 1 if limit == "kazoe" else 0, limit, base, a)
