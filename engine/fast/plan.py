"""A ruleset compiled for the fast scorer, or None when the fast scorer cannot take it.

The fast scorer knows the standard yaku by their predicates (the ``check`` of
each :class:`~engine.yaku.base.Yaku` in ``STANDARD_YAKU``, plus renhou) and
computes all of them from a hand's packed counts and its reading's summary,
instead of calling every predicate on every arrangement. It takes a ruleset
only when that gives the same answer as the ruleset's own pipeline: the
default shapes, valuation, payment and score functions, no ruleset record
fields but ``nuki`` (three-player nukidora), and a yaku table made of standard
yaku and nukidora (any subset, any order, any han values). Anything else
(Speed Tonpuu, Toutenkou, a yaku another ruleset adds) is scored by the
ruleset's own ``score``.

A hit is a bit: bit ``i`` is the ruleset's ``yaku[i]``, so a set of hits is
an int, and listing them in table order is reading the bits upwards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, final

from engine.hand.evaluate import standard_score
from engine.hand.payment import standard_payment
from engine.hand.shapes import (
    STANDARD_SHAPES,
    chiitoitsu_shapes,
    kokushi_shapes,
    regular_shapes,
)
from engine.hand.valuation import han_fu_valuation
from engine.rulesets.base import Ruleset
from engine.rulesets.speed_tonpuu import yaku as speed_yaku
from engine.rulesets.speed_tonpuu.chips import CHIP_CAUSES
from engine.rulesets.speed_tonpuu.score import speed_score
from engine.rulesets.speed_tonpuu.shapes import kansai_chiitoitsu_shapes, puutaa_shapes
from engine.rulesets.speed_tonpuu.special_tiles import CHANKAN_ANKAN, WILDCARD
from engine.rulesets.toutenkou import yaku as toutenkou_yaku
from engine.rulesets.toutenkou.score import (
    ROBBED_GARI,
    points_payment,
    points_valuation,
    toutenkou_score,
)
from engine.rulesets.toutenkou.tiles import gari_kinds
from engine.tiles import WEST, WIND_LETTERS
from engine.yaku.base import Yaku
from engine.yaku.dora import NUKIDORA
from engine.yaku.situational import RENHOU
from engine.yaku.standard import STANDARD_YAKU

if TYPE_CHECKING:
    from engine.fast.tables import Tiles

# The yaku the fast scorer computes (engine/fast/parts.py and score.py), by name. A yaku
# added to the standard table is not among them until the fast scorer computes it: until
# then its rulesets are scored by the reference pipeline (tests/engine/test_fast.py fails
# on the generated hands it no longer takes).
IMPLEMENTED = frozenset({
    "riichi", "double_riichi", "open_riichi", "ippatsu", "menzen_tsumo", "pinfu", "tanyao",
    "iipeikou", "yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun", "yakuhai_seat_wind",
    "yakuhai_round_wind", "rinshan_kaihou", "chankan", "haitei", "houtei", "sanshoku_doujun",
    "sanshoku_doukou", "ittsu", "chanta", "junchan", "toitoi", "sanankou", "sankantsu",
    "honroutou", "shousangen", "chiitoitsu", "honitsu", "chinitsu", "ryanpeikou", "dora",
    "aka_dora", "ura_dora", "kokushi", "kokushi_13", "suuankou", "suuankou_tanki",
    "daisangen", "shousuushii", "daisuushii", "tsuuiisou", "chinroutou", "ryuuiisou",
    "chuuren", "chuuren_9", "suukantsu", "tenhou", "chiihou", "renhou", "nukidora",
})  # fmt: skip
KNOWN: dict[object, Yaku] = {
    y.check: y for y in (*STANDARD_YAKU, RENHOU, NUKIDORA) if y.name in IMPLEMENTED
}
# Speed Tonpuu's own yaku (engine/rulesets/speed_tonpuu/yaku.py), by their objects: the
# fast scorer computes them for a Speed Tonpuu plan (with the puutaa shapes, whose yakuman
# are the first draw's on a hand with no set: never tenhou or chiihou, complete hands only).
SPEED_NAMES = ("sanrenko", "sanpuuko", "gold_5p", "kansai_chiitoitsu", "blue_dora",
               "suurenko", "kansai_chiitoitsu_yakuman", "ultimate_all_stars")
SPEED_KNOWN: dict[object, Yaku] = {
    y.check: y for y in speed_yaku.SPEED_YAKU
    if y.name in SPEED_NAMES or y in (speed_yaku.TENHOU_COMPLETE, speed_yaku.CHIIHOU_COMPLETE,
                                      speed_yaku.SHIISANPUUTAA, speed_yaku.SHIISUUPUUTAA)
}
# Toutenkou's own yaku (engine/rulesets/toutenkou/yaku.py), by their checks; their values
# are points, several counted per occurrence (COUNTED_AT: their index in the scorer's counts).
POINTS_YAKU = (
    "oya", "menzen", "honba", "gari", "banban", "minkan", "ankan", "gari_set", "ron", "karasu",
    "all_gari", "five_gari", "five_dora",
)  # fmt: skip
# by check and name: banban and menzen share their check, as the two all_gari do
POINTS_KNOWN: dict[tuple[object, str, bool], Yaku] = {
    (y.check, y.name, y.is_yakuman): y
    for y in (*toutenkou_yaku.TOUTENKOU_YAKU, toutenkou_yaku.ALL_GARI_YAKUMAN,
              toutenkou_yaku.FIVE_GARI, toutenkou_yaku.FIVE_DORA, toutenkou_yaku.DAISHARIN)
}
COUNTED_AT = {"honba": 8, "gari": 9, "minkan": 10, "ankan": 11, "gari_set": 12,
              "five_dora": 13, "five_gari": 14}
# The chips options, in CHIP_CAUSES order, then the yakuman chips on tsumo.
CHIP_OPTIONS = ("red_chips", "blue_chips", "gold_chips", "pocchi_chips", "ippatsu_chips",
                "ura_chips", "yakuman_chips_ron", "yakuman_chips_tsumo")
assert CHIP_CAUSES == ("aka", "blue", "gold", "pocchi", "ippatsu", "ura", "yakuman")

# Yaku counted on each reading of a regular hand, in the order Side.reading lists them.
READING_YAKU = ("pinfu", "iipeikou", "ryanpeikou", "sanshoku_doujun", "sanshoku_doukou",
                "ittsu", "chanta", "junchan", "toitoi", "sanankou", "chiitoitsu")
READING_YAKUMAN = ("suuankou", "suuankou_tanki", "kokushi", "kokushi_13")



@final
class Part:
    """Hits that hold for a whole hand: regular bits, their han, whether one of them is a
    yaku, yakuman bits."""

    bits: int
    han: int
    winnable: bool
    yakuman: int

    def __init__(self, bits: int, han: int, winnable: bool, yakuman: int) -> None:
        self.bits = bits
        self.han = han
        self.winnable = winnable
        self.yakuman = yakuman


@final
class Shown:
    """An indicator string as the scorer uses it: its words (as Tiles') and the kinds its
    indicators make dora, one entry per indicator."""

    k0: int
    k1: int
    k2: int
    k3: int
    red: int
    dora: tuple[int, ...]

    def __init__(self, tiles: Tiles, dora: tuple[int, ...]) -> None:
        self.k0 = tiles.k0
        self.k1 = tiles.k1
        self.k2 = tiles.k2
        self.k3 = tiles.k3
        self.red = tiles.red
        self.dora = dora


# engine.fast.render.listed_yaku's: per yaku its answer entry, value and counted index
Listed = tuple[tuple[dict[str, Any], int, int], ...]


@dataclass(slots=True)
class Side:
    """The table for closed hands or for open hands."""

    han: dict[str, tuple[int, int]]  # name -> (bit, han per occurrence)
    yakuman: dict[str, tuple[int, int]]  # name -> (bit, multiples)
    names: dict[int, str]  # bit -> name
    values: dict[int, int]  # bit -> han per occurrence, or multiples
    # (bit, han) of each READING_YAKU ((0, 0) when the table does not count it)
    reading: tuple[tuple[int, int], ...]
    reading_yakuman: tuple[int, ...]  # bit of each READING_YAKUMAN (0: not counted)
    flat_reading: tuple[int, ...]  # reading[:10] flattened: bit, han, bit, han, ...
    dora: tuple[int, int]  # (bit, han per dora), (0, 0) when the table does not count them
    aka: tuple[int, int]
    ura: tuple[int, int]
    nuki: tuple[int, int]  # (bit, han per nuki tile) of nukidora, (0, 0) when not counted
    counted: int  # the bits of dora, aka_dora, ura_dora and nukidora
    # Speed Tonpuu's yaku, flat: (bit, han) of sanrenko, sanpuuko, gold_5p, kansai_chiitoitsu,
    # blue_dora, then the bits of suurenko, kansai_chiitoitsu_yakuman, ultimate_all_stars,
    # then yakuhai_round_wind's bit (counted once per round wind held, with tonshaaba)
    speed: tuple[int, ...]
    # yakuhai_round_wind's bit when it is counted per round wind (tonshaaba), else 0
    round_counted: int = 0
    # Toutenkou: (bit, points) of each POINTS_YAKU, the bits listed beside a yakuman
    # (with_yakuman), and the bits counted per occurrence -> their index in the counts
    points: tuple[tuple[int, int], ...] = ()
    with_yakuman: int = 0
    count_index: dict[int, int] = field(default_factory=dict)
    # memoised parts (engine.fast.parts): situational yaku (riichi kind, tsumo, the flags'
    # bits); tile class and riichi kind and tsumo when no flag is set; honour triplets and kans
    situational: dict[int, Part] = field(default_factory=dict)
    classes: dict[int, Part] = field(default_factory=dict)
    plain: dict[int, Part] = field(default_factory=dict)
    honours: dict[int, Part] = field(default_factory=dict)
    listed: dict[int, Listed] = field(default_factory=dict)  # engine.fast.render's
    # Toutenkou: the POINTS_YAKU's (bits, points, points beside a yakuman) per points_key
    points_hits: dict[int, tuple[int, int, int]] = field(default_factory=dict)

    def part(self, names: list[str]) -> Part:
        """The hits named (regular yaku and yakuman), where this table counts them."""
        bits = han = yakuman = 0
        winnable = False
        for name in names:
            if name in self.han:
                bit, value = self.han[name]
                bits |= bit
                han += value
                winnable = winnable or name not in BONUS
            elif name in self.yakuman:
                yakuman |= self.yakuman[name][0]
        return Part(bits, han, winnable, yakuman)

    def bit(self, name: str) -> int:
        return (self.han.get(name) or self.yakuman.get(name) or (0, 0))[0]


BONUS = frozenset({"dora", "aka_dora", "ura_dora", "nukidora"})


@dataclass(frozen=True, slots=True)
class Plan:
    ruleset: Ruleset
    closed: Side
    opened: Side
    # addend and guards of the physical-copies check on each suit word's plain codes and on
    # the red word (engine.fast.tables.copies_check)
    add0: int
    guards0: int
    add1: int
    guards1: int
    add2: int
    guards2: int
    add3: int
    guards3: int
    add_red: int
    guards_red: int
    seats: dict[str, int]  # seat_wind letter -> wind kind, for the seats the table has
    rounds: dict[str, int]  # round_wind letter -> wind kind, for the rounds the ruleset plays
    riichi_kinds: frozenset[str]
    # kazoe from this many han (1000, a han count no hand reaches: no kazoe)
    kazoe_han: int
    kiriage: bool
    double_wind_pair_fu: int
    yakuman_stack: bool
    supersedes: dict[str, tuple[str, ...]]
    others: int  # players who pay
    honba: int  # honba per payer
    stick: int  # a riichi stick
    dora_next: tuple[int, ...]
    # the kinds a record's ``nuki`` may set aside (none: nuki must be empty), and whether a
    # nuki tile counts as dora (and ura dora) where its kind is dora
    nuki_kinds: frozenset[int]
    nuki_as_dora: bool
    # Speed Tonpuu: its own yaku and checks, the chips (CHIP_OPTIONS' values), tonshaaba's
    # second round wind (-1: none), kansai chiitoitsu (quads as two pairs), the puutaa shapes
    speed: bool
    chip_values: tuple[int, ...]
    extra_round: int
    kansai: bool
    puutaa: bool
    # Toutenkou (points): its options as the scorer reads them; yakuman_points 0: not points
    yakuman_points: int
    gari: frozenset[int]  # the gari kinds of its tile set
    gari_copies: tuple[int, ...]  # copies of each kind in its set
    fives: str
    gari_bai: bool
    gari_tori: bool
    gari_multiplies_fives: bool
    no_chi: bool
    # indicator text -> its words and dora kinds; None: a string the fast scorer does not take
    indicators: dict[str, Shown | None] = field(default_factory=dict)


def compile_plan(ruleset: Ruleset) -> Plan | None:
    """The plan for ``ruleset``, or None when its own pipeline must score its hands."""
    speed = _speed_pipeline(ruleset)
    points = _points_pipeline(ruleset)
    if not speed and not points and not _standard_pipeline(ruleset):
        return None
    multiples = dict((y.name, n) for y, n in ruleset.yakuman_table)
    sides = []
    for closed in (True, False):
        han: dict[str, tuple[int, int]] = {}
        yakuman: dict[str, tuple[int, int]] = {}
        for position, y in enumerate(ruleset.yaku):
            if points and (y.check, y.name, y.is_yakuman) in POINTS_KNOWN:
                if not _same_points_yaku(y, POINTS_KNOWN[y.check, y.name, y.is_yakuman]):
                    return None
            else:
                known = KNOWN.get(y.check) or (SPEED_KNOWN.get(y.check) if speed else None)
                if known is None or not _same_yaku(y, known):
                    return None
            value = y.han_closed if closed else y.han_open
            if y.is_yakuman:
                if closed or y.han_open is not None:
                    yakuman[y.name] = (1 << position, multiples[y.name])
            elif value is not None:
                han[y.name] = (1 << position, value)
        sides.append(_side(han, yakuman))
    if sides[1].han.keys() & {"iipeikou", "ryanpeikou"}:
        return None  # counted on concealed runs only; an open value would count called ones
    for side, closed in zip(sides, (True, False), strict=True):
        # the yaku counted more than once: their han (points) is per occurrence
        side.counted |= side.speed[6] | side.speed[8]
        if points:
            side.points = tuple(side.han.get(name, (0, 0)) for name in POINTS_YAKU)
            side.with_yakuman = sum(
                side.han[y.name][0] for y in ruleset.with_yakuman_table if y.name in side.han
                and (y.han_closed if closed else y.han_open) is not None
            )
            for name, at in COUNTED_AT.items():
                bit = side.han.get(name, (0, 0))[0]
                if bit:
                    side.count_index[bit] = at
                    side.counted |= bit
        if WEST in ruleset.extra_round_winds:
            side.round_counted = side.speed[13]
            side.counted |= side.round_counted
    from engine.fast.tables import copies_check

    (a0, g0), (a1, g1), (a2, g2), (a3, g3), (ar, gr) = copies_check(ruleset.tiles)
    return Plan(
        ruleset, sides[0], sides[1], a0, g0, a1, g1, a2, g2, a3, g3, ar, gr,
        {w: WIND_LETTERS[w] for w in "ESWN"[: ruleset.players]},
        {"E": WIND_LETTERS["E"]} if speed else {w: WIND_LETTERS[w] for w in ruleset.rounds_played},
        ruleset.riichi_kinds, 1000 if ruleset.kazoe_han is None else ruleset.kazoe_han,
        ruleset.kiriage,
        ruleset.double_wind_pair_fu, ruleset.yakuman_stack, dict(ruleset.supersedes),
        ruleset.players - 1, ruleset.honba_per_payer, ruleset.riichi_stick, ruleset.dora_next,
        ruleset.nuki_tiles if "nuki" in ruleset.record_fields else frozenset(),
        ruleset.nuki_counts_as_dora,
        speed, tuple(ruleset.option_values[name] for name in CHIP_OPTIONS) if speed else (),
        WEST if WEST in ruleset.extra_round_winds else -1,
        kansai_chiitoitsu_shapes in ruleset.shapes, puutaa_shapes in ruleset.shapes,
        *_points_options(ruleset, points),
    )  # fmt: skip


def _side(han: dict[str, tuple[int, int]], yakuman: dict[str, tuple[int, int]]) -> Side:
    names = {bit: name for name, (bit, _) in (*han.items(), *yakuman.items())}
    values = {bit: value for bit, value in (*han.values(), *yakuman.values())}
    reading = tuple(han.get(name, (0, 0)) for name in READING_YAKU)
    reading_yakuman = tuple(yakuman.get(name, (0, 0))[0] for name in READING_YAKUMAN)
    flat = tuple(x for pair in reading[:10] for x in pair)
    dora, aka, ura, nuki = (
        han.get(name, (0, 0)) for name in ("dora", "aka_dora", "ura_dora", "nukidora")
    )
    counted = dora[0] | aka[0] | ura[0] | nuki[0]
    speed = tuple(x for name in SPEED_NAMES[:5] for x in han.get(name, (0, 0)))
    speed += tuple(yakuman.get(name, (0, 0))[0] for name in SPEED_NAMES[5:])
    speed += (han.get("yakuhai_round_wind", (0, 0))[0],)
    return Side(han, yakuman, names, values, reading, reading_yakuman, flat, dora, aka, ura,
                nuki, counted, speed)


def _standard_pipeline(r: Ruleset) -> bool:
    return (
        r.score is standard_score
        and r.valuate is han_fu_valuation
        and r.pay is standard_payment
        and r.shapes == STANDARD_SHAPES
        and r.value_unit == "han"
        and r.record_fields <= {"nuki"}
        and all(kind >= 27 for kind in r.nuki_tiles)  # honours: no red copy to set aside
        and not r.extra_fields
        and not r.extra_round_winds
        and not r.with_yakuman_table
        and max(r.tiles.copies) <= 4
    )


def _speed_pipeline(r: Ruleset) -> bool:
    """Speed Tonpuu (any of its options): its score, the standard valuation and payment, its
    shapes (kansai or plain chiitoitsu, puutaa or not), specials, wildcard and chankan_ankan."""
    pairs = {chiitoitsu_shapes, kansai_chiitoitsu_shapes} & set(r.shapes)
    return (
        r.score is speed_score
        and r.valuate is han_fu_valuation
        and r.pay is standard_payment
        and r.shapes[0] is regular_shapes
        and len(pairs) == 1
        and kokushi_shapes in r.shapes
        and set(r.shapes) <= {regular_shapes, *pairs, kokushi_shapes, puutaa_shapes}
        and r.value_unit == "han"
        and r.record_fields == {"specials"}
        and set(r.extra_fields) <= {WILDCARD, CHANKAN_ANKAN}
        and set(r.extra_round_winds) <= {WEST}
        and not r.with_yakuman_table
        and max(r.tiles.copies) <= 4
        and r.players == 4
    )


def _points_pipeline(r: Ruleset) -> bool:
    """Toutenkou (any of its options but a gari kept in the hand for yakuman only, whose
    refusals the reference path words): points instead of han and fu."""
    return (
        r.score is toutenkou_score
        and r.valuate is points_valuation
        and r.pay is points_payment
        and r.shapes == STANDARD_SHAPES
        and r.value_unit == "points"
        and r.record_fields == {"nuki", "discards"}
        and set(r.extra_fields) <= {ROBBED_GARI}
        and not r.extra_round_winds
        and r.option_values.get("gari_in_hand") == "allowed"
        and r.nuki_tiles == gari_kinds(r.tiles)
        and r.kazoe_han is None
        and max(r.tiles.copies) <= 4
        and r.players == 3
    )


def _points_options(r: Ruleset, points: bool) -> tuple[Any, ...]:
    if not points:
        return (0, frozenset(), (), "", False, False, False, False)
    o = r.option_values
    return (o["yakuman_points"], gari_kinds(r.tiles), r.tiles.copies, o["fives"], o["gari_bai"],
            o["gari_tori"], o["gari_multiplies_fives"], o["no_chi"])


def _same_points_yaku(y: Yaku, known: Yaku) -> bool:
    """Toutenkou's yaku, at most re-valued (a points option)."""
    return (y.name == known.name and y.yakuman == known.yakuman and y.bonus == known.bonus
            and y.with_yakuman == known.with_yakuman and y.supersedes == known.supersedes)


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
