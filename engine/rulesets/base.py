"""The ruleset seam: a ruleset is data plus a few small functions.

Design overview
---------------
A :class:`Ruleset` is a frozen dataclass. The evaluator never asks which
ruleset it runs; it reads these fields:

- ``tiles`` (a :class:`~engine.tiles.TileSet`: copies per kind, red fives per
  suit) and ``dora_next`` (indicator -> dora, derived from the tile set
  unless given: the next kind of the same cycle that exists in the set, so
  three-player 1m points to 9m).
- ``yaku``: the yaku table, in output order. Add a yaku by declaring a
  :class:`~engine.yaku.base.Yaku` (name, closed/open value, predicate over an
  arrangement and the context) and putting it in the tuple
  (``ruleset.adding(SANRENKO, after="sanankou")``); drop one with
  ``ruleset.without("renhou")``; re-value one with
  ``ruleset.revalue("tanyao", han_open=None)``. ``double_yakuman`` names the
  yakuman worth two; ``yakuman_stack``, ``kazoe_han``, ``kiriage``,
  ``double_wind_pair_fu``, ``extra_round_winds`` (tonshaaba: West) are plain
  flags. ``rounds_played`` (with ``rounds_rule``, the sentence quoted when a
  record names another round) limits ``round_wind``; ``players`` limits
  ``seat_wind`` (no North seat with three players).
- payments: ``honba_per_payer`` (100; Speed Tonpuu's basengo 500),
  ``riichi_stick`` (1000), ``players`` (three-player tsumo has two payers at
  the four-player split); or replace ``pay`` altogether.
- ``shapes``: the shape finders (regular, chiitoitsu, kokushi); swap one to
  accept another winning shape.
- ``valuate``: arrangement + yaku hits -> :class:`Valuation` (han/fu by
  default). A points ruleset (Toutenkou) supplies its own, sets
  ``value_unit="points"`` so regular yaku report points, returns han/fu None
  and ``points``, and its ``pay`` turns points into payments.
- ``score``: the whole pipeline (record -> :class:`ScoreResult`). The default
  is ``engine.hand.evaluate.standard_score``; a ruleset that must evaluate a
  hand several times (wildcards) or add output keys wraps it using the
  building blocks ``build_context``, ``evaluate``, ``yaku_hits``, ``render``.
  Output keys: ``Valuation.extra`` and ``Payment.extra`` are merged into the
  result (``chips``), ``Valuation.points`` renders as ``points``.
- record fields: ``record_fields`` lists which of the spec's optional
  ruleset fields (``nuki``, ``discards``, ``specials``) the ruleset uses; a
  non-empty value of any other is ``bad_field``. ``extra_fields`` maps
  project field names to parsers; their values land in ``HandContext.extra``.
  ``nuki_tiles`` are the kinds that may be set aside.
- ``options``: the per-hand/per-game schema (:class:`Option`); see
  ``engine.rulesets.configure``.

Register a ruleset by calling ``engine.rulesets.register(RULESET)`` in a
module listed in ``engine.rulesets.registry.BUILTIN_MODULES``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from engine.hand.arrangement import Arrangement
from engine.hand.context import HandContext
from engine.hand.evaluate import standard_score
from engine.hand.payment import Payment, standard_payment
from engine.hand.shapes import STANDARD_SHAPES, ShapeFinder
from engine.hand.valuation import Valuation, han_fu_valuation
from engine.record import HandRecord
from engine.result import ScoreResult
from engine.rulesets.options import Option
from engine.tiles import N_KINDS, TileSet
from engine.yaku.base import Check, Yaku, YakuHit

FieldParser = Callable[[str, Any], Any]
Valuate = Callable[[Arrangement, list[YakuHit], HandContext, "Ruleset"], Valuation | None]
Pay = Callable[[Valuation, HandContext, "Ruleset"], Payment]
Score = Callable[[HandRecord, "Ruleset"], ScoreResult]
ALL_RIICHI = frozenset({"none", "riichi", "double", "open"})
_EMPTY: Mapping[str, Any] = MappingProxyType({})


def dora_successors(tiles: TileSet) -> tuple[int, ...]:
    """Indicator kind -> dora kind: the next kind in its cycle that the set holds."""
    cycles = [list(range(s * 9, s * 9 + 9)) for s in range(3)] + [[27, 28, 29, 30], [31, 32, 33]]
    out = [-1] * N_KINDS
    for cycle in cycles:
        present = [k for k in cycle if tiles.copies[k]]
        for i, kind in enumerate(present):
            out[kind] = present[(i + 1) % len(present)]
    return tuple(out)


TableRow = tuple[Check, int, str, bool]


def _rows(table: tuple[Yaku, ...], *, closed: bool) -> tuple[TableRow, ...]:
    rows = []
    for y in table:
        value = y.han_closed if closed else y.han_open
        if value is not None:
            rows.append((y.check, value, y.name, y.bonus))
    return tuple(rows)


@dataclass(frozen=True, eq=False)
class Ruleset:
    slug: str
    players: int
    tiles: TileSet
    yaku: tuple[Yaku, ...]
    doc: str = ""
    options: tuple[Option, ...] = ()
    option_values: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    # yaku and limits
    double_yakuman: frozenset[str] = frozenset()
    yakuman_stack: bool = True
    kazoe_han: int | None = 13
    kiriage: bool = False
    double_wind_pair_fu: int = 4
    extra_round_winds: tuple[int, ...] = ()
    riichi_kinds: frozenset[str] = ALL_RIICHI
    # Round winds a record may name, and the rule sentence quoted when one is refused.
    # Seat winds follow ``players``: three players sit E, S and W.
    rounds_played: str = "ESWN"
    rounds_rule: str = ""
    value_unit: str = "han"
    # payments
    honba_per_payer: int = 100
    riichi_stick: int = 1000
    # tiles and record fields
    dora_table: tuple[int, ...] | None = None  # indicator -> dora; None: dora_successors(tiles)
    nuki_tiles: frozenset[int] = frozenset()
    nuki_counts_as_dora: bool = True
    record_fields: frozenset[str] = frozenset()
    extra_fields: Mapping[str, FieldParser] = field(default_factory=lambda: _EMPTY)
    # functions
    shapes: tuple[ShapeFinder, ...] = STANDARD_SHAPES
    valuate: Valuate = han_fu_valuation
    pay: Pay = standard_payment
    score: Score = standard_score
    # derived from the fields above
    yakuman_table: tuple[tuple[Yaku, int], ...] = field(init=False, repr=False)
    regular_table: tuple[Yaku, ...] = field(init=False, repr=False)
    with_yakuman_table: tuple[Yaku, ...] = field(init=False, repr=False)
    supersedes: Mapping[str, tuple[str, ...]] = field(init=False, repr=False)
    # (check, value per occurrence, name, bonus) for closed and for open hands
    closed_table: tuple[TableRow, ...] = field(init=False, repr=False)
    open_table: tuple[TableRow, ...] = field(init=False, repr=False)
    dora_next: tuple[int, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        names = [y.name for y in self.yaku]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.slug}: duplicate yaku names in {names}")
        s = object.__setattr__
        s(self, "yakuman_table", tuple(
            (y, y.yakuman * (2 if y.name in self.double_yakuman else 1))
            for y in self.yaku if y.is_yakuman
        ))  # fmt: skip
        s(self, "regular_table", tuple(y for y in self.yaku if not y.is_yakuman))
        s(self, "with_yakuman_table", tuple(y for y in self.regular_table if y.with_yakuman))
        s(self, "closed_table", _rows(self.regular_table, closed=True))
        s(self, "open_table", _rows(self.regular_table, closed=False))
        s(
            self,
            "supersedes",
            MappingProxyType({y.name: y.supersedes for y in self.yaku if y.supersedes}),
        )
        s(self, "dora_next", self.dora_table or dora_successors(self.tiles))
        # values of options this ruleset no longer has are dropped (``replace(options=...)``)
        defaults = {o.name: o.default for o in self.options}
        current = {k: v for k, v in self.option_values.items() if k in defaults}
        s(self, "option_values", MappingProxyType({**defaults, **current}))

    # -- building variants (each returns a new Ruleset) -------------------

    def replace(self, **changes: Any) -> Ruleset:
        return replace(self, **changes)

    def yaku_named(self, name: str) -> Yaku:
        for y in self.yaku:
            if y.name == name:
                return y
        raise KeyError(f"{self.slug} has no yaku {name!r}")

    def revalue(self, name: str, **values: Any) -> Ruleset:
        """Change a yaku's ``han_closed`` / ``han_open`` (None: closed only)."""
        self.yaku_named(name)
        return self.replace(
            yaku=tuple(y.revalued(**values) if y.name == name else y for y in self.yaku)
        )

    def without(self, *names: str) -> Ruleset:
        for name in names:
            self.yaku_named(name)
        return self.replace(yaku=tuple(y for y in self.yaku if y.name not in names))

    def adding(self, *yaku: Yaku, after: str | None = None) -> Ruleset:
        """Insert yaku after ``after`` (default: at the end of the table)."""
        table = list(self.yaku)
        at = len(table) if after is None else table.index(self.yaku_named(after)) + 1
        table[at:at] = yaku
        return self.replace(yaku=tuple(table))

    def with_option_default(self, name: str, default: Any) -> Ruleset:
        """A derived ruleset whose option ``name`` defaults to ``default``.

        The caller must also apply the change (the ruleset embodies its
        defaults); ``derive`` below does both.
        """
        options = tuple(o.with_default(default) if o.name == name else o for o in self.options)
        values = {**self.option_values, name: default}
        return self.replace(options=options, option_values=values)

    def derive(self, slug: str, doc: str, **option_defaults: Any) -> Ruleset:
        """A new ruleset: this one with other option defaults, applied."""
        known = {o.name: o for o in self.options}
        out = self.replace(slug=slug, doc=doc, tiles=replace(self.tiles, name=slug))
        for name, value in option_defaults.items():
            out = known[name].apply(out, known[name].check(value)).with_option_default(name, value)
        return out

    def describe(self) -> dict[str, Any]:
        return {
            "slug": self.slug,
            "players": self.players,
            "doc": self.doc,
            "tiles": {"name": self.tiles.name, "count": self.tiles.total},
            "record_fields": sorted(self.record_fields),
            "extra_fields": sorted(self.extra_fields),
            "yaku": [y.name for y in self.yaku],
            "options": [o.describe() for o in self.options],
        }
