"""The evaluation pipeline as plain functions a ruleset can reuse or wrap.

``standard_score`` is the default ``Ruleset.score``: build the context, find
every arrangement, value each with the ruleset's yaku table and ``valuate``,
keep the one that pays most, pay it, render it. A ruleset that must try
several hands (wildcard substitution, say) calls ``build_context`` and
``evaluate`` itself and picks the best ``Valuation``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.hand.arrangement import Arrangement
from engine.hand.context import HandContext, build_context, no_yaku, not_winning
from engine.hand.valuation import Valuation
from engine.record import HandRecord
from engine.result import ScoreResult, render
from engine.yaku.base import Yaku, YakuHit

if TYPE_CHECKING:
    from engine.rulesets.base import Ruleset


def find_arrangements(ctx: HandContext, ruleset: Ruleset) -> list[Arrangement]:
    out: list[Arrangement] = []
    for finder in ruleset.shapes:
        out.extend(finder(ctx))
    return out


def yaku_hits(a: Arrangement, c: HandContext, ruleset: Ruleset) -> list[YakuHit]:
    """The yaku that count on one arrangement, in the ruleset's table order.

    Yakuman first: when any counts, only yakuman (and yaku marked
    ``with_yakuman``) are listed, as the spec requires.
    """
    closed = c.closed
    hits: list[YakuHit] = []
    for y, multiple in ruleset.yakuman_table:
        if closed or y.han_open is not None:
            n = y.check(a, c)
            if n:
                hits.append(YakuHit(y.name, n * multiple, "yakuman"))
    if hits:
        if not ruleset.yakuman_stack:
            hits = [max(hits, key=lambda h: h.value)]
        _collect_yaku(ruleset.with_yakuman_table, a, c, hits, ruleset.value_unit)
        return _drop_superseded(hits, ruleset) if ruleset.supersedes else hits
    unit = ruleset.value_unit
    for check, value, name, bonus in ruleset.closed_table if closed else ruleset.open_table:
        n = check(a, c)
        if n:
            hits.append(YakuHit(name, n * value, unit, bonus))
    return _drop_superseded(hits, ruleset) if ruleset.supersedes else hits


def _collect_yaku(
    table: tuple[Yaku, ...], a: Arrangement, c: HandContext, hits: list[YakuHit], unit: str
) -> None:
    closed = c.closed
    for y in table:
        value = y.han_closed if closed else y.han_open
        if value is not None:
            n = y.check(a, c)
            if n:
                hits.append(YakuHit(y.name, n * value, unit, y.bonus))


def _drop_superseded(hits: list[YakuHit], ruleset: Ruleset) -> list[YakuHit]:
    supersedes = ruleset.supersedes
    dropped = {name for h in hits for name in supersedes.get(h.name, ())}
    return [h for h in hits if h.name not in dropped] if dropped else hits


def evaluate(ctx: HandContext, ruleset: Ruleset) -> Valuation:
    """The valuation that pays most over every arrangement; raises when none wins."""
    arrangements = find_arrangements(ctx, ruleset)
    if not arrangements:
        raise not_winning(ctx)
    best: Valuation | None = None
    for a in arrangements:
        v = ruleset.valuate(a, yaku_hits(a, ctx, ruleset), ctx, ruleset)
        if v is not None and (best is None or v.rank > best.rank):
            best = v
    if best is None:
        raise no_yaku(ctx)
    return best


def standard_score(record: HandRecord, ruleset: Ruleset) -> ScoreResult:
    ctx = build_context(record, ruleset)
    valuation = evaluate(ctx, ruleset)
    return render(record, valuation, ruleset.pay(valuation, ctx, ruleset))
