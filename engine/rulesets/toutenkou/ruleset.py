"""The ``toutenkou`` ruleset: tenhou.net's rules by default, the parlor variants as options.

Defaults follow toutenkou-tenhou.txt (and its revision); every variant
toutenkou-ja.txt names is an option. docs/rules/toutenkou.md quotes the
sentence behind each choice.
"""

from __future__ import annotations

from typing import Any

from engine.rulesets.base import ALL_RIICHI, Ruleset
from engine.rulesets.options import Option
from engine.rulesets.registry import register
from engine.rulesets.toutenkou import yaku as toutenkou_yaku
from engine.rulesets.toutenkou.score import (
    ROBBED_GARI,
    parse_robbed_gari,
    points_payment,
    points_valuation,
    toutenkou_score,
)
from engine.rulesets.toutenkou.tiles import (
    MANZU_ORDERS,
    TILE_COUNTS,
    dora_table,
    gari_kinds,
    manzu_order,
    toutenkou_tiles,
)
from engine.yaku import STANDARD_YAKU, Yaku


def _with_tiles(r: Ruleset, *, count: int, red: bool, order: str) -> Ruleset:
    tiles = toutenkou_tiles(count, red=red)
    return r.replace(
        tiles=tiles, dora_table=dora_table(tiles, order), nuki_tiles=gari_kinds(tiles)
    )


# Options apply one at a time, so the tile options read the manzu order back from the
# current dora table and keep it (any order applied before or after them holds).
def _tiles(r: Ruleset, count: Any) -> Ruleset:
    order = manzu_order(r.tiles, r.dora_next)
    return _with_tiles(r, count=int(count), red=any(r.tiles.red), order=order)


def _aka(r: Ruleset, on: Any) -> Ruleset:
    order = manzu_order(r.tiles, r.dora_next)
    return _with_tiles(r, count=r.tiles.total, red=bool(on), order=order)


def _manzu_dora(r: Ruleset, order: Any) -> Ruleset:
    return r.replace(dora_table=dora_table(r.tiles, str(order)))


def _fives(r: Ruleset, mode: Any) -> Ruleset:
    if mode == "dora":
        return r.adding(toutenkou_yaku.FIVE_DORA, after="aka_dora")
    if mode == "gari":  # the red fives' value is their gari points, not aka dora
        return r.adding(toutenkou_yaku.FIVE_GARI, after="aka_dora").without("aka_dora")
    return r


def _yakuman_points(r: Ruleset, points: Any) -> Ruleset:
    # "全ガリ" is 20 beside 20-point yakuman (tenhou) and 50 beside 50-point ones (JA); as a
    # yakuman (option all_gari_yakuman) it is worth yakuman_points like any other.
    if r.yaku_named("all_gari").is_yakuman:
        return r
    return r.revalue("all_gari", han_closed=int(points), han_open=int(points))


def _all_gari_yakuman(r: Ruleset, on: Any) -> Ruleset:
    # JA: "50点(役満) ... ガリを全て集める": collecting every gari is a yakuman.
    if not on:
        return r
    return r.replace(
        yaku=tuple(toutenkou_yaku.ALL_GARI_YAKUMAN if y.name == "all_gari" else y for y in r.yaku)
    )


def _ron_points(r: Ruleset, points: Any) -> Ruleset:
    return r.revalue("ron", han_closed=points, han_open=points) if points else r.without("ron")


def _minkan_points(r: Ruleset, points: Any) -> Ruleset:
    return r.revalue("minkan", han_closed=int(points), han_open=int(points))


def _karasu(r: Ruleset, *, open_: int | None, closed: int | None = None) -> Ruleset:
    return r.revalue("karasu", han_closed=closed, han_open=open_)


def _karasu_points(r: Ruleset, values: Any) -> Ruleset:
    open_, closed = (int(v) for v in str(values).split("/"))
    closed_only = r.yaku_named("karasu").han_open is None
    return _karasu(r, closed=closed, open_=None if closed_only else open_)


def _karasu_closed_only(r: Ruleset, on: Any) -> Ruleset:
    # "カラスを門前役とすることもある"; off is the default the ruleset already embodies.
    return _karasu(r, open_=None) if on else r


def _open_riichi(r: Ruleset, on: Any) -> Ruleset:
    # "オープンリーチは掛けてもよい"; off: a record with riichi "open" is bad_field.
    return r.replace(riichi_kinds=ALL_RIICHI if on else ALL_RIICHI - {"open"})


def _daisharin(r: Ruleset, on: Any) -> Ruleset:
    return r.adding(toutenkou_yaku.DAISHARIN) if on else r


def _same(r: Ruleset, value: Any) -> Ruleset:
    """Options read at scoring time from ``Ruleset.option_values``."""
    return r


OPTIONS = (
    Option("tiles", 112, "112 tiles (1m 5m 9m) or 108 (1m 9m: no 5m).", _tiles, int, TILE_COUNTS),
    Option("aka", True, "Red fives 0m 0p 0s (0p 0s with 108 tiles).", _aka),
    Option(
        "manzu_dora", "tenhou",
        "Manzu dora: tenhou (1m->9m, 9m->1m, 5m none), cycle (1m->5m->9m->1m), pairs"
        " (1m<->9m, 5m->5m).",
        _manzu_dora, str, tuple(MANZU_ORDERS),
    ),
    Option(
        "fives", "plain",
        "plain: red fives are aka dora; dora: every 5p/5s is also a dora (five_dora);"
        " gari: 5p/5s count as gari where held, black 1 red 3, and 0m set aside 3 (five_gari).",
        _fives, str, ("plain", "dora", "gari"),
    ),
    Option("yakuman_points", 20, "Points per yakuman (and all_gari).", _yakuman_points, int,
           (20, 50)),
    Option("all_gari_yakuman", False,
           "JA '50点(役満) ... ガリを全て集める' (50 points, yakuman: collecting all the gari):"
           " all gari collected is a yakuman (yakuman_points; the regular yaku drop and a"
           " hand needs no other yaku); off: a bonus of yakuman_points.", _all_gari_yakuman),
    Option("ron_points", 8, "The ron bonus; 0: none (ron paid by one player only).",
           _ron_points, int, (8, 0)),
    Option("minkan_points", 2, "Points per open kan.", _minkan_points, int, (2, 1)),
    Option("karasu_points", "10/20", "Karasu points, open/closed.", _karasu_points, str,
           ("10/20", "20/30")),
    Option("karasu_closed_only", False, "Karasu counts only on a closed hand.",
           _karasu_closed_only),
    Option("gari_bai", False, "A gari turned up as a dora indicator doubles gari points.", _same),
    Option("gari_tori", False, "A red five turned up as a dora indicator triples gari points.",
           _same),
    Option("gari_multiplies_fives", False,
           "JA 'ドラ表示牌にガリがめくれた場合はガリの点数を倍にする' with '黒5牌は1点ガリ、"
           "赤5牌は3点ガリ' (fives as gari): with fives 'gari', gari bai and gari tori multiply"
           " five_gari too, and a 5p/5s turned up is a gari turned up.", _same),
    Option(
        "gari_in_hand", "allowed",
        "allowed: a gari may be kept in the hand (no gari points); yakuman_only: only for"
        " kokushi, shousuushii, daisuushii or chinroutou, and such a hand may ron a gari"
        " being set aside (robbed_gari).",
        _same, str, ("allowed", "yakuman_only"),
    ),
    Option("no_chi", False, "No chi: a chi meld is refused.", _same),
    Option("open_riichi", True, "Open riichi (2 points) may be declared; off: refused.",
           _open_riichi),
    Option("daisharin", False, "Daisharin (22334455667788p, closed) is a yakuman.", _daisharin),
)

_REGULAR: tuple[Yaku, ...] = tuple(
    # "三色同順を除くすべての通常役が採用される" (it cannot be made without 2m-8m anyway).
    y for y in STANDARD_YAKU if y.name != "sanshoku_doujun"
)
_TILES = toutenkou_tiles(112)

TOUTENKOU = register(
    Ruleset(
        slug="toutenkou",
        players=3,
        tiles=_TILES,
        yaku=_REGULAR + toutenkou_yaku.TOUTENKOU_YAKU,
        doc="Toutenkou (three players, points instead of han and fu), tenhou.net rules.",
        options=OPTIONS,
        double_yakuman=frozenset(),
        kazoe_han=None,
        value_unit="points",
        rounds_played="E",
        rounds_rule="JA: '常に東場' (always the East round)",
        riichi_stick=1,
        honba_per_payer=1,
        dora_table=dora_table(_TILES, "tenhou"),
        nuki_tiles=gari_kinds(_TILES),
        record_fields=frozenset({"nuki", "discards"}),
        extra_fields={ROBBED_GARI: parse_robbed_gari},
        valuate=points_valuation,
        pay=points_payment,
        score=toutenkou_score,
    )
)
