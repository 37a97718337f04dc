"""Payments: basic points -> what each payer pays, and the winner's total.

The split is a table on (win, dealer): each row names a payment key, the
multiple of basic points (rounded up to 100) and who pays it. Honba pay
``Ruleset.honba_per_payer`` from every payer as if all others paid (on ron
the discarder pays for all of them), riichi sticks ``Ruleset.riichi_stick``.
Three-player rulesets have two payers at the four-player split.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from engine.hand.context import HandContext
from engine.hand.valuation import Valuation

if TYPE_CHECKING:
    from engine.rulesets.base import Ruleset

ONE, ALL_OTHERS, NON_DEALERS = "one", "all_others", "non_dealers"
# (win, winner is dealer) -> ((payment key, multiple of basic points, payers), ...)
SPLITS: dict[tuple[str, bool], tuple[tuple[str, int, str], ...]] = {
    ("ron", True): (("ron", 6, ONE),),
    ("ron", False): (("ron", 4, ONE),),
    ("tsumo", True): (("tsumo_all", 2, ALL_OTHERS),),
    ("tsumo", False): (("tsumo_dealer", 2, ONE), ("tsumo_non_dealer", 1, NON_DEALERS)),
}


@dataclass(frozen=True, slots=True)
class Payment:
    payment: dict[str, int]  # per payer, before honba and sticks
    total: int  # what the winner receives, honba and sticks included
    extra: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))  # e.g. "chips"


def round_up_100(points: int) -> int:
    return -(-points // 100) * 100


def standard_payment(v: Valuation, c: HandContext, ruleset: Ruleset) -> Payment:
    others = ruleset.players - 1
    payers = {ONE: 1, ALL_OTHERS: others, NON_DEALERS: others - 1}
    payment: dict[str, int] = {}
    total = 0
    for key, multiple, who in SPLITS[c.record.win, c.dealer]:
        each = round_up_100(v.base * multiple)
        payment[key] = each
        total += each * payers[who]
    total += c.record.honba * ruleset.honba_per_payer * others
    total += c.record.riichi_sticks * ruleset.riichi_stick
    return Payment(payment, total)
