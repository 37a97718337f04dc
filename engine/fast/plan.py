"""A ruleset compiled for the fast scorer, or None when the fast scorer cannot take it.

The fast scorer knows the standard yaku by their predicates (the ``check`` of
each :class:`~engine.yaku.base.Yaku` in ``STANDARD_YAKU``, plus renhou) and
computes all of them from a hand's packed counts and each reading's summary
at once, instead of calling every predicate on every arrangement. It takes a
ruleset only when that gives the same answer as the ruleset's own pipeline:
the default shapes, valuation, payment and score functions, no ruleset record
fields, and a yaku table made of standard yaku (any subset, any order, any
han values). Anything else (Speed Tonpuu, Toutenkou, three-player nukidora,
a yaku another ruleset adds) is scored by the ruleset's own ``score``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.hand.evaluate import standard_score
from engine.hand.payment import standard_payment
from engine.hand.shapes import STANDARD_SHAPES
from engine.hand.valuation import han_fu_valuation
from engine.rulesets.base import Ruleset
from engine.tiles import WIND_LETTERS
from engine.yaku.base import Yaku
from engine.yaku.situational import RENHOU
from engine.yaku.standard import STANDARD_YAKU

KNOWN: dict[object, Yaku] = {y.check: y for y in (*STANDARD_YAKU, RENHOU)}

Hit = tuple[int, str, int]  # (position in the ruleset's table, name, value)


@dataclass(frozen=True, slots=True)
class Plan:
    ruleset: Ruleset
    # name -> (position in the table, han per occurrence), for closed and for open hands
    closed: dict[str, tuple[int, int]]
    opened: dict[str, tuple[int, int]]
    # name -> (position, multiples); the open table leaves out closed-only yakuman
    yakuman_closed: dict[str, tuple[int, int]]
    yakuman_open: dict[str, tuple[int, int]]
    copies_add: int  # with copies_guards: the physical-copies check on a code packing
    copies_guards: int
    seats: dict[str, int]  # seat_wind letter -> wind kind, for the seats the table has
    rounds: dict[str, int]  # round_wind letter -> wind kind, for the rounds the ruleset plays


def compile_plan(ruleset: Ruleset) -> Plan | None:
    """The plan for ``ruleset``, or None when its own pipeline must score its hands."""
    if not _standard_pipeline(ruleset):
        return None
    closed: dict[str, tuple[int, int]] = {}
    opened: dict[str, tuple[int, int]] = {}
    yakuman_closed: dict[str, tuple[int, int]] = {}
    yakuman_open: dict[str, tuple[int, int]] = {}
    multiples = dict((y.name, n) for y, n in ruleset.yakuman_table)
    for position, y in enumerate(ruleset.yaku):
        known = KNOWN.get(y.check)
        if known is None or not _same_yaku(y, known):
            return None
        if y.is_yakuman:
            yakuman_closed[y.name] = (position, multiples[y.name])
            if y.han_open is not None:
                yakuman_open[y.name] = (position, multiples[y.name])
            continue
        if y.han_closed is not None:
            closed[y.name] = (position, y.han_closed)
        if y.han_open is not None:
            opened[y.name] = (position, y.han_open)
    if "iipeikou" in opened or "ryanpeikou" in opened:
        return None  # counted on concealed runs only; an open value would count called ones
    from engine.fast.tables import copies_check

    add, guards = copies_check(ruleset.tiles)
    seats = {w: WIND_LETTERS[w] for w in "ESWN"[: ruleset.players]}
    rounds = {w: WIND_LETTERS[w] for w in ruleset.rounds_played}
    return Plan(ruleset, closed, opened, yakuman_closed, yakuman_open, add, guards, seats, rounds)


def _standard_pipeline(r: Ruleset) -> bool:
    return (
        r.score is standard_score
        and r.valuate is han_fu_valuation
        and r.pay is standard_payment
        and r.shapes == STANDARD_SHAPES
        and r.value_unit == "han"
        and not r.record_fields
        and not r.extra_fields
        and not r.extra_round_winds
        and not r.with_yakuman_table
        and max(r.tiles.copies) <= 4
    )


def _same_yaku(y: Yaku, known: Yaku) -> bool:
    """The standard yaku, at most re-valued (a value of 0 would list a hit worth nothing)."""
    return (
        y.name == known.name
        and y.yakuman == known.yakuman
        and y.bonus == known.bonus
        and y.supersedes == known.supersedes
        and not y.with_yakuman
        and (y.is_yakuman or (y.han_closed != 0 and y.han_open != 0))
    )


_plans: dict[int, tuple[Ruleset, Plan | None]] = {}


def plan_for(ruleset: Ruleset) -> Plan | None:
    """Memoised ``compile_plan`` (by the ruleset object: configured rulesets are cached)."""
    found = _plans.get(id(ruleset))
    if found is not None and found[0] is ruleset:
        return found[1]
    if len(_plans) > 1024:
        _plans.clear()
    plan = compile_plan(ruleset)
    _plans[id(ruleset)] = (ruleset, plan)
    return plan
