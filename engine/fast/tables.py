"""Tiles as packed counts, and the memoised tables the fast scorer reads.

A *packed count* holds one 7-bit field per tile: field ``c`` (bits ``7c`` to
``7c+6``) counts tile ``c``. Adding two packed counts adds every field at
once, so a hand's counts are the sum of its tile groups' counts, and "no
field above its limit" is one addition and one mask (each field's top bit is
a guard that the addition sets only when the count is over the limit; counts
stay below 64 because the scorer bounds how many tiles a record may name).
Two packings: by *code* (0..36, the red fives 34..36 apart from the plain
fives) for the physical-copies check, and by *kind* (0..33, red fives counted
as fives) for decompositions and dora.

A suit's *reading* (its concealed tiles as sets and maybe the pair) is summed
the same way: :data:`READING` lists the fields, so the sum over a hand's
suits and melds is the whole arrangement's summary (runs, triplets, their
masks, fu, ...) in one integer.

Everything here is keyed by a small piece of a record (one suit group such as
``"2340m"``, one meld, one indicator string, one suit's counts), never by a
whole hand: the tables stay small and a stream of distinct hands hits them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from engine.hand.arrangement import KAN, SEQ, SHANPON, TRIPLET
from engine.hand.decompose import suit_readings
from engine.hand.fu import set_fu
from engine.hand.shapes import run_wait
from engine.hand.validate import meld_set
from engine.record import MELD_KINDS
from engine.tiles import (
    GREENS,
    KIND,
    N_KINDS,
    RED_M,
    TERMINALS,
    TileSet,
    is_yaochuu,
    mpsz,
    parse_tiles,
)

WIDTH = 7
FIELD = (1 << WIDTH) - 1
GUARD_BIT = 1 << (WIDTH - 1)
N_CODES = N_KINDS + 3
SUIT_FIELDS = tuple(
    sum(FIELD << (WIDTH * k) for k in range(lo, hi))
    for lo, hi in ((0, 9), (9, 18), (18, 27), (27, 34))
)
GROUP = re.compile(r"[0-9]+[mpsz]")
# Entries per table before it is emptied: bounded memory (`python -m engine score` on a
# million distinct records stays under 150 MB) and room for every suit group, meld and
# suit count of the benchmarks' corpora.
CACHE_LIMIT = 1 << 13
READINGS_LIMIT = 1 << 12  # per suit


def over_limit(limits: tuple[int, ...]) -> tuple[int, int]:
    """(addend, guards): ``(packed + addend) & guards`` is non-zero when a field > its limit."""
    addend = sum((GUARD_BIT - 1 - limit) << (WIDTH * i) for i, limit in enumerate(limits))
    return addend, sum(GUARD_BIT << (WIDTH * i) for i in range(len(limits)))


def copies_check(tiles: TileSet) -> tuple[int, int]:
    """The over-limit pair for a tile set on a ``Tiles.sum``: each code at most
    ``tiles.allowed`` copies, each kind (red fives included) at most ``tiles.copies``."""
    add, guards = over_limit((*tiles.allowed, *tiles.copies))
    return add << CODES_AT, guards << CODES_AT


# At most two of a kind: with 14 tiles and 7 kinds, exactly the seven pairs.
PAIRS_ONLY = over_limit((2,) * N_KINDS)

# Tile classes, counted over a hand's groups and melds: groups holding each suit, and
# groups holding tiles that rule out tanyao, honroutou, chinroutou and ryuuiisou.
CLASSES = ("m", "p", "s", "z", "yaochuu", "simple", "non_terminal", "non_green")


def tile_class(kinds: tuple[int, ...]) -> int:
    """One 4-bit counter per CLASSES entry, 1 when the tiles hold that class."""
    held = set()
    for kind in kinds:
        held.add("mpsz"[kind // 9 if kind < 27 else 3])
        held.add("yaochuu" if is_yaochuu(kind) else "simple")
        if kind not in TERMINALS:
            held.add("non_terminal")
        if kind not in GREENS:
            held.add("non_green")
    return sum(1 << (4 * i) for i, name in enumerate(CLASSES) if name in held)


def has_class(counters: int, name: str) -> bool:
    return bool(counters >> (4 * CLASSES.index(name)) & 15)


# The fields of a reading summary: name -> (offset, width); sums never carry across them.
READING = {
    "seq_mask": (0, 34),  # bit k: a concealed run starts at kind k
    "triplet_mask": (34, 34),  # bit k: a triplet or kan of kind k
    "seqs": (68, 4),
    "twins": (72, 4),  # pairs of identical runs
    "ankou": (76, 4),  # concealed triplets, ankan included
    "set_fu": (80, 8),  # fu of the triplets and kans, concealed triplets as concealed
    "not_outside": (88, 4),  # sets (or the pair) without a terminal or honour
    "pairs": (92, 4),
    "pair_plus_1": (96, 8),  # the pair's kind + 1 (meaningful when pairs is 1)
}


def packed(**fields: int) -> int:
    return sum(value << READING[name][0] for name, value in fields.items())


class SuitReading(NamedTuple):
    """One reading of one suit's concealed tiles (kinds absolute)."""

    summary: int  # the READING fields
    waits: dict[int, tuple[tuple[int, int], ...]]  # win kind -> ((wait, triplet kind or -1),)


# A tile string's *sum*: one int whose fields add up over a hand's groups and melds:
# small counters, tile-class counters, the reading summary (a suit group's only reading),
# the code packing and the kind packing (highest, so that a shift alone extracts it). No
# valid hand overflows a field (a longer hand string is refused before summing).
SMALL_AT = 0
CLASS_AT = 64
SUMMARY_AT = 128
CODES_AT = 256
KINDS_AT = CODES_AT + WIDTH * N_CODES
SMALL_BITS = (1 << CLASS_AT) - 1
CLASS_BITS = (1 << 32) - 1
SUMMARY_BITS = (1 << (CODES_AT - SUMMARY_AT)) - 1
# small counters (offsets from SMALL_AT)
N_AT, RED_AT, LENGTH_AT, SUITS_AT, UNREAD_AT, OPEN_AT, KAN_AT = 0, 8, 16, 24, 40, 44, 48
# some suit in two groups, or a group with no reading or several: the general path
NOT_ONE_READING_EACH = sum(0xE << (SUITS_AT + 4 * s) for s in range(4)) | 0xF << UNREAD_AT
# kinds held: (kind packing + OCCUPIED[0]) & OCCUPIED[1] has field k's top bit set when
# kind k is held
OCCUPIED = over_limit((0,) * N_KINDS)


def occupancy(kinds: Iterable[int]) -> int:
    """The OCCUPIED bits of a set of kinds (to compare with a hand's)."""
    return sum(GUARD_BIT << (WIDTH * k) for k in set(kinds))


class Tiles(NamedTuple):
    """One tile string or suit group: its sum and what the scorer asks of it."""

    sum: int
    suit: int  # 0-3 for a suit group, -1 for a string of several suits
    readings: tuple[SuitReading, ...]  # a suit group's readings as a whole suit
    codes: tuple[int, ...]
    canonical: str  # mpsz, sorted (error messages)


def _tiles_of(codes: tuple[int, ...], length: int) -> Tiles:
    packed_codes = packed_kinds = red = 0
    kind_list = tuple(KIND[c] for c in codes)
    for code, kind in zip(codes, kind_list, strict=True):
        packed_codes += 1 << (WIDTH * code)
        packed_kinds += 1 << (WIDTH * kind)
        red += code >= N_KINDS
    suits = {k // 9 if k < 27 else 3 for k in kind_list}
    suit = suits.pop() if len(suits) == 1 else -1
    found = readings(suit, packed_kinds) if suit >= 0 and len(codes) <= 14 else ()
    small = len(codes) << N_AT | red << RED_AT | min(length, 255) << LENGTH_AT
    summary = 0
    if suit >= 0:
        small |= 1 << (SUITS_AT + 4 * suit) | (len(found) != 1) << UNREAD_AT
        summary = found[0].summary if len(found) == 1 else 0
    total = (small << SMALL_AT | tile_class(kind_list) << CLASS_AT | summary << SUMMARY_AT
             | packed_codes << CODES_AT | packed_kinds << KINDS_AT)
    return Tiles(total, suit, found, codes, mpsz(codes))


def _parsed(text: str) -> Tiles | None:
    try:
        codes = parse_tiles(text)
    except Exception:  # noqa: BLE001 - the reference path names the problem
        return None
    return _tiles_of(codes, len(text))


groups: dict[str, Tiles | None] = {}


def group(text: str) -> Tiles | None:
    """One suit group (``"2340m"``) of a hand string; None when it is not valid mpsz."""
    if len(groups) >= CACHE_LIMIT:
        groups.clear()
    found = groups[text] = _parsed(text)
    return found


strings: dict[str, Tiles | None] = {}


def tile_string(text: str) -> Tiles | None:
    """A short tile string (indicators, a meld's tiles); None when it is not valid mpsz."""
    if len(strings) >= CACHE_LIMIT:
        strings.clear()
    found = strings[text] = _parsed(text) if text else _tiles_of((), 0)
    return found


class CalledSet(NamedTuple):
    """A meld as the scorer uses it."""

    sum: int  # as Tiles.sum (its summary has no seq_mask: a called run may repeat one)
    seq_bit: int  # bit of the run's first kind, or 0
    description: str  # " + chi 234m" (error messages)


melds: dict[tuple[str, str], CalledSet | None] = {}


def meld(kind: str, text: str) -> CalledSet | None:
    """A meld of ``kind`` with tiles ``text``; None when it is not a valid set."""
    if len(melds) >= CACHE_LIMIT:
        melds.clear()
    found = melds[kind, text] = _called(kind, text)
    return found


def _called(kind: str, text: str) -> CalledSet | None:
    tiles = strings.get(text) or tile_string(text)
    if kind not in MELD_KINDS or tiles is None or len(tiles.codes) > 4:
        return None
    called = meld_set(kind, parse_tiles(text))
    if isinstance(called, str):
        return None
    set_kind, first, is_open = called
    description = f" + {kind} {tiles.canonical}"
    red = sum(code >= N_KINDS for code in tiles.codes)
    small = red << RED_AT | is_open << OPEN_AT | (set_kind == KAN) << KAN_AT
    if set_kind == SEQ:
        summary = packed(seqs=1, not_outside=first % 9 not in (0, 6))
    else:
        summary = packed(triplet_mask=1 << first, ankou=not is_open,
                         set_fu=set_fu(set_kind, first, is_open),
                         not_outside=not is_yaochuu(first))
    codes_and_kinds = tiles.sum >> CODES_AT << CODES_AT
    total = (small << SMALL_AT | (tiles.sum >> CLASS_AT & CLASS_BITS) << CLASS_AT
             | summary << SUMMARY_AT | codes_and_kinds)
    return CalledSet(total, 1 << first if set_kind == SEQ else 0, description)


def packed_reading(pair: int, sets: tuple[tuple[int, int], ...]) -> int:
    seq_mask = triplet_mask = seqs = ankou = fu = not_outside = 0
    starts: list[int] = []
    for kind, tile in sets:
        if kind == SEQ:
            seqs += 1
            seq_mask |= 1 << tile
            starts.append(tile)
            not_outside += tile % 9 not in (0, 6)
        else:
            ankou += 1
            triplet_mask |= 1 << tile
            fu += 8 if is_yaochuu(tile) else 4
            not_outside += not is_yaochuu(tile)
    twins = sum(starts.count(s) // 2 for s in set(starts))
    if pair >= 0:
        not_outside += not is_yaochuu(pair)
    return packed(seq_mask=seq_mask, triplet_mask=triplet_mask, seqs=seqs, twins=twins,
                  ankou=ankou, set_fu=fu, not_outside=not_outside, pairs=pair >= 0,
                  pair_plus_1=pair + 1)


_suits: list[dict[int, tuple[SuitReading, ...]]] = [{}, {}, {}, {}]


def readings(suit: int, key: int) -> tuple[SuitReading, ...]:
    """Every reading of one suit, ``key`` being the kind packing of that suit's tiles."""
    table = _suits[suit]
    found = table.get(key)
    if found is None:
        if len(table) >= READINGS_LIMIT:
            table.clear()
        found = table[key] = _suit_readings(suit, key)
    return found


def _suit_readings(suit: int, key: int) -> tuple[SuitReading, ...]:
    lo = 9 * suit
    size = 9 if suit < 3 else 7
    counts = tuple((key >> (WIDTH * (lo + r))) & FIELD for r in range(size))
    out = []
    for pair, sets in suit_readings(counts, suit < 3):
        absolute = tuple((kind, lo + rank) for kind, rank in sets)
        pair_kind = -1 if pair < 0 else lo + pair
        out.append(SuitReading(packed_reading(pair_kind, absolute), _waits(absolute)))
    return tuple(out)


def _waits(sets: tuple[tuple[int, int], ...]) -> dict[int, tuple[tuple[int, int], ...]]:
    """Per winning kind, the sets it can complete, in the reading's order (as
    engine.hand.shapes.regular_shapes places it: each distinct set once)."""
    out: dict[int, list[tuple[int, int]]] = {}
    for win in sorted({t + d for _, t in sets for d in range(3)}):
        seen: set[tuple[int, int]] = set()
        for kind, tile in sets:
            if (kind, tile) in seen:
                continue
            if kind == TRIPLET:
                if tile != win:
                    continue
                placed = (SHANPON, tile)
            else:
                if not tile <= win <= tile + 2:
                    continue
                placed = (run_wait(tile, win), -1)
            seen.add((kind, tile))
            out.setdefault(win, []).append(placed)
    return {win: tuple(placed) for win, placed in out.items()}


# The winning tile's text -> its code (every tile of every set; red fives "0m" 0p" "0s").
WIN_TILES = {
    **{f"{r + 1}{s}": 9 * i + r for i, s in enumerate("mps") for r in range(9)},
    **{f"{r + 1}z": 27 + r for r in range(7)},
    **{f"0{s}": RED_M + i for i, s in enumerate("mps")},
}
