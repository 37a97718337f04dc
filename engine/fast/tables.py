"""Tiles as packed counts, and the memoised tables the fast scorer reads.

A *packed count* holds one 7-bit field per tile: field ``c`` (bits ``7c`` to
``7c+6``) counts tile ``c``. Adding two packed counts adds every field at
once, so a hand's counts are the sum of its tile groups' counts, and "no
field above its limit" is one addition and one mask (each field's top bit is
a guard that the addition sets only when the count is over the limit; counts
stay below 64 because the scorer bounds how many tiles a record may name).

Two packings: by *code* (0..36, the red fives 34..36 apart from the plain
fives) for the physical-copies check, and by *kind* (0..33, red fives counted
as fives) for decompositions, masks and dora.

Everything here is keyed by a small piece of a record (one suit group such as
``"2340m"``, one meld, one indicator string, one suit's counts), never by a
whole hand, so the tables stay small and a stream of distinct hands hits them.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from engine.hand.arrangement import SEQ, SHANPON, TRIPLET
from engine.hand.decompose import suit_readings
from engine.hand.shapes import run_wait
from engine.record import MELD_KINDS
from engine.tiles import KIND, N_KINDS, RED_M, TileSet, is_yaochuu, parse_tiles

WIDTH = 7
FIELD = (1 << WIDTH) - 1
GUARD_BIT = 1 << (WIDTH - 1)
N_CODES = N_KINDS + 3
# One mask per suit covering its kinds' fields in a kind packing (m, p, s, honours).
SUIT_FIELDS = tuple(
    sum(FIELD << (WIDTH * k) for k in range(lo, hi))
    for lo, hi in ((0, 9), (9, 18), (18, 27), (27, 34))
)
_GUARDS = sum(GUARD_BIT << (WIDTH * c) for c in range(N_CODES))
GROUP = re.compile(r"[0-9]+[mpsz]")
CACHE_LIMIT = 1 << 16  # entries per table before it is emptied (bounded memory)


def field_of(packed: int, index: int) -> int:
    return (packed >> (WIDTH * index)) & FIELD


def over_limit(limits: tuple[int, ...]) -> tuple[int, int]:
    """(addend, guards): ``(packed + addend) & guards`` is non-zero when a field > its limit."""
    addend = sum((GUARD_BIT - 1 - limit) << (WIDTH * i) for i, limit in enumerate(limits))
    return addend, sum(GUARD_BIT << (WIDTH * i) for i in range(len(limits)))


def copies_check(tiles: TileSet) -> tuple[int, int]:
    """The over-limit pair for a tile set: each code at most ``tiles.allowed`` copies."""
    return over_limit(tiles.allowed)


# At most two of a kind: with 14 tiles and 7 kinds, exactly the seven pairs.
PAIRS_ONLY = over_limit((2,) * N_KINDS)


class Tiles(NamedTuple):
    """One tile string (or suit group): its packed counts and what the scorer asks of it."""

    codes: int  # packed by code
    kinds: int  # packed by kind
    n: int  # tiles
    mask: int  # bit k: kind k present
    red: int  # red fives
    length: int  # characters of the text (groups must cover the whole hand string)
    kind_list: tuple[int, ...]  # kinds in order (indicators)


def _tiles_of(codes: tuple[int, ...], length: int) -> Tiles:
    packed_codes = packed_kinds = mask = red = 0
    for code in codes:
        kind = KIND[code]
        packed_codes += 1 << (WIDTH * code)
        packed_kinds += 1 << (WIDTH * kind)
        mask |= 1 << kind
        red += code >= N_KINDS
    return Tiles(packed_codes, packed_kinds, len(codes), mask, red, length,
                 tuple(KIND[c] for c in codes))


_groups: dict[str, Tiles | None] = {}


def group(text: str) -> Tiles | None:
    """One suit group (``"2340m"``) of a hand string; None when it is not valid mpsz."""
    found = _groups.get(text, _groups)
    if found is not _groups:
        return found  # type: ignore[return-value]
    if len(_groups) >= CACHE_LIMIT:
        _groups.clear()
    result = _parsed(text)
    _groups[text] = result
    return result


def _parsed(text: str) -> Tiles | None:
    try:
        codes = parse_tiles(text)
    except Exception:  # noqa: BLE001 - the reference path names the problem
        return None
    return _tiles_of(codes, len(text))


_strings: dict[str, Tiles | None] = {"": _tiles_of((), 0)}


def tile_string(text: str) -> Tiles | None:
    """A whole short tile string (indicators, a winning tile); None when not valid mpsz."""
    found = _strings.get(text, _strings)
    if found is not _strings:
        return found  # type: ignore[return-value]
    if len(_strings) >= CACHE_LIMIT:
        _strings.clear()
        _strings[""] = _tiles_of((), 0)
    result = _parsed(text)
    _strings[text] = result
    return result


class CalledSet(NamedTuple):
    """A meld as the scorer uses it."""

    set: tuple[int, int, bool]  # (SEQ / TRIPLET / KAN, kind, open), as engine.hand.validate
    tiles: Tiles
    seq_bit: int  # bit of the run's first kind, or 0
    triplet_bit: int  # bit of the triplet's or kan's kind, or 0
    fu: int
    outside: bool  # holds a terminal or honour (chanta / junchan)


_melds: dict[tuple[str, str], CalledSet | None] = {}


def meld(kind: str, text: str) -> CalledSet | None:
    """A meld of ``kind`` with tiles ``text``; None when it is not a valid set."""
    key = (kind, text)
    found = _melds.get(key, _melds)
    if found is not _melds:
        return found  # type: ignore[return-value]
    if len(_melds) >= CACHE_LIMIT:
        _melds.clear()
    result = _called(kind, text)
    _melds[key] = result
    return result


def _called(kind: str, text: str) -> CalledSet | None:
    from engine.hand.fu import set_fu
    from engine.hand.validate import meld_set

    tiles = tile_string(text)
    if kind not in MELD_KINDS or tiles is None:
        return None
    called = meld_set(kind, parse_tiles(text))
    if isinstance(called, str):
        return None
    set_kind, first, is_open = called
    if set_kind == SEQ:
        return CalledSet(called, tiles, 1 << first, 0, 0, first % 9 in (0, 6))
    return CalledSet(called, tiles, 0, 1 << first, set_fu(set_kind, first, is_open),
                     is_yaochuu(first))


class SuitReading(NamedTuple):
    """One reading of one suit's concealed tiles (kinds absolute), summarised for yaku."""

    pair: int  # kind, or -1 when the pair is in another suit
    seqs: int  # runs
    twins: int  # pairs of identical runs (iipeikou, ryanpeikou)
    seq_mask: int  # bit k: a run starts at kind k
    triplet_mask: int
    triplets: int
    triplet_fu: int  # as concealed triplets
    outside: bool  # every set (and the pair) holds a terminal or honour
    waits: dict[int, tuple[tuple[int, int], ...]]  # win kind -> ((wait, triplet kind or -1),)


_suits: list[dict[int, tuple[SuitReading, ...]]] = [{}, {}, {}, {}]


def readings(suit: int, key: int) -> tuple[SuitReading, ...]:
    """Every reading of one suit, ``key`` being the hand's kind packing masked to that suit."""
    table = _suits[suit]
    found = table.get(key)
    if found is None:
        if len(table) >= CACHE_LIMIT:
            table.clear()
        found = table[key] = _suit_readings(suit, key)
    return found


def _suit_readings(suit: int, key: int) -> tuple[SuitReading, ...]:
    lo = 9 * suit
    size = 9 if suit < 3 else 7
    counts = tuple(field_of(key, lo + r) for r in range(size))
    out = []
    for pair, sets in suit_readings(counts, suit < 3):
        absolute = tuple((kind, lo + rank) for kind, rank in sets)
        out.append(_summary(-1 if pair < 0 else lo + pair, absolute))
    return tuple(out)


def _summary(pair: int, sets: tuple[tuple[int, int], ...]) -> SuitReading:
    seq_mask = triplet_mask = seqs = twins = triplets = triplet_fu = 0
    outside = pair < 0 or is_yaochuu(pair)
    starts: list[int] = []
    for kind, tile in sets:
        if kind == SEQ:
            seqs += 1
            seq_mask |= 1 << tile
            starts.append(tile)
            outside = outside and tile % 9 in (0, 6)
        else:
            triplets += 1
            triplet_mask |= 1 << tile
            triplet_fu += 8 if is_yaochuu(tile) else 4
            outside = outside and is_yaochuu(tile)
    twins = sum(starts.count(s) // 2 for s in set(starts))
    return SuitReading(pair, seqs, twins, seq_mask, triplet_mask, triplets, triplet_fu,
                       outside, _waits(sets))


def _waits(sets: tuple[tuple[int, int], ...]) -> dict[int, tuple[tuple[int, int], ...]]:
    """Per winning kind, the sets it can complete, in the reading's order (as
    engine.hand.shapes.regular_shapes places it: each distinct set once)."""
    out: dict[int, list[tuple[int, int]]] = {}
    for win in {t + d for _, t in sets for d in range(3)}:
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
