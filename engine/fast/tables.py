"""Tiles as packed counts, and the memoised tables the fast scorer reads.

A *packed count* holds one 7-bit field per tile kind of one suit: field
``r`` (bits ``7r`` to ``7r+6``) of suit word ``s`` counts kind ``9s + r``
(red fives counted as fives), so each suit's counts fit one 63-bit word.
Adding two packed counts adds every field at once, so a hand's counts are
the sum of its tile groups' counts, and "no field above its limit" is one
addition and one mask per word (each field's top bit is a guard that the
addition sets only when the count is over the limit; counts stay below 64
because the scorer bounds how many tiles a record may name). A fifth word
counts the red fives (field ``s`` for suit ``s``); the plain fives are the
kind count minus it, which is how the physical-copies check reads codes.

A suit's *reading* (its concealed tiles as sets and maybe the pair) is summed
the same way: :data:`READING_A` and :data:`READING_B` list the fields of its
two words, so the sum over a hand's suits and melds is the whole
arrangement's summary (runs, triplets, their masks, fu, ...) in two
integers.

Every word stays below 2**63, so a mypyc build keeps them as native 64-bit
integers (``i64``); without the build they are plain ints, same values.

Everything here is keyed by a small piece of a record (one suit group such as
``"2340m"``, one meld, one indicator string, one suit's counts), never by a
whole hand: the tables stay small and a stream of distinct hands hits them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final, final

import engine.tiles
from engine.hand.arrangement import KAN, SEQ, SHANPON, TRIPLET
from engine.hand.decompose import suit_readings
from engine.hand.fu import set_fu
from engine.hand.shapes import run_wait
from engine.hand.validate import meld_set
from engine.record import MELD_KINDS
from engine.tiles import (
    GREENS,
    N_KINDS,
    RED_M,
    TERMINALS,
    TileSet,
    is_yaochuu,
    mpsz,
    parse_tiles,
)

if TYPE_CHECKING:
    from mypy_extensions import i64

# Module-level names that the scorer reads on every hand are Final: compiled, a Final is a C
# static (or an inlined constant), any other global a lookup in the module's dict at each use.
KIND: Final = engine.tiles.KIND  # code -> kind, for the other modules as well
WIDTH: Final = 7
FIELD: Final = (1 << WIDTH) - 1
GUARD_BIT: Final = 1 << (WIDTH - 1)
FIVE_AT: Final = WIDTH * 4  # the five's field in a number suit's word
GROUP = re.compile(r"[0-9]+[mpsz]")
# Entries per table before it is emptied: bounded memory (`python -m engine score` on a
# million distinct records stays under 150 MB) and room for every suit group, meld and
# suit count of the benchmarks' corpora.
CACHE_LIMIT: Final = 1 << 13
READINGS_LIMIT: Final = 1 << 12  # per suit


def over_limit(limits: tuple[int, ...]) -> tuple[int, int]:
    """(addend, guards): ``(packed + addend) & guards`` is non-zero when a field > its limit
    (at most 9 fields: one word)."""
    addend = sum((GUARD_BIT - 1 - limit) << (WIDTH * i) for i, limit in enumerate(limits))
    return addend, sum(GUARD_BIT << (WIDTH * i) for i in range(len(limits)))


def suit_limits(limits: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """``over_limit`` of each suit word's fields, for a 34-entry per-kind tuple."""
    return tuple(over_limit(limits[9 * s: 9 * s + (9 if s < 3 else 7)]) for s in range(4))


def copies_check(tiles: TileSet) -> tuple[tuple[int, int], ...]:
    """Five over-limit pairs for a tile set: each suit word's plain codes (a kind's count,
    less its red fives for a five) at most ``tiles.allowed``, then the red word's codes.
    With ``allowed`` a five's copies less its red ones, this also keeps each kind within
    ``tiles.copies``."""
    return (*suit_limits(tiles.allowed[:N_KINDS]), over_limit(tiles.allowed[N_KINDS:]))


# At most two of a kind: with 14 tiles and 7 kinds, exactly the seven pairs.
PAIRS_ONLY: Final = suit_limits((2,) * N_KINDS)
# kinds held: (suit word + OCCUPIED[s][0]) & OCCUPIED[s][1] has field r's top bit set when
# kind 9s + r is held
OCCUPIED: Final = suit_limits((0,) * N_KINDS)

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


# The fields of a reading summary, in two words: name -> (offset, width); sums never carry
# across them.
READING_A = {
    "seq_mask": (0, 34),  # bit k: a concealed run starts at kind k
    "seqs": (34, 4),
    "twins": (38, 4),  # pairs of identical runs
    "ankou": (42, 4),  # concealed triplets, ankan included
    "set_fu": (46, 8),  # fu of the triplets and kans, concealed triplets as concealed
    "not_outside": (54, 4),  # sets (or the pair) without a terminal or honour
    "pairs": (58, 4),
}
READING_B = {
    "triplet_mask": (0, 34),  # bit k: a triplet or kan of kind k
    "pair_plus_1": (34, 8),  # the pair's kind + 1 (meaningful when pairs is 1)
}
SEQS_AT: Final = 34
TWINS_AT: Final = 38
ANKOU_AT: Final = 42
SET_FU_AT: Final = 46
NOT_OUTSIDE_AT: Final = 54
PAIRS_AT: Final = 58
PAIR_AT: Final = 34
M34: Final = (1 << 34) - 1


def packed(**fields: int) -> tuple[int, int]:
    """The two summary words of these fields."""
    a = sum(value << READING_A[name][0] for name, value in fields.items() if name in READING_A)
    b = sum(value << READING_B[name][0] for name, value in fields.items() if name in READING_B)
    return a, b


@final
class SuitReading:
    """One reading of one suit's concealed tiles (kinds absolute)."""

    sa: i64  # the READING_A fields
    sb: i64  # the READING_B fields
    # win kind -> its placements: wait << 8 | (triplet kind completed + 1, or 0)
    waits: dict[int, tuple[int, ...]]

    def __init__(self, sa: i64, sb: i64, waits: dict[int, tuple[int, ...]]) -> None:
        self.sa = sa
        self.sb = sb
        self.waits = waits


# A tile string's words add up over a hand's groups and melds: small counters, tile-class
# counters, the reading summary (a suit group's only reading), the kinds of each suit and
# the red fives. No valid hand overflows a field (a longer hand string is refused before
# summing).
# small counters
N_AT: Final = 0
RED_AT: Final = 8
LENGTH_AT: Final = 16
SUITS_AT: Final = 24
UNREAD_AT: Final = 40
OPEN_AT: Final = 44
KAN_AT: Final = 48
# some suit in two groups, or a group with no reading or several: the general path
NOT_ONE_READING_EACH: Final = sum(0xE << (SUITS_AT + 4 * s) for s in range(4)) | 0xF << UNREAD_AT


def occupancy(kinds: Iterable[int]) -> tuple[int, int, int, int]:
    """The OCCUPIED bits of a set of kinds, per suit word (to compare with a hand's)."""
    words = [0, 0, 0, 0]
    for k in set(kinds):
        suit = k // 9 if k < 27 else 3
        words[suit] |= GUARD_BIT << (WIDTH * (k - 9 * suit))
    return words[0], words[1], words[2], words[3]


def suit_words(codes: tuple[int, ...]) -> tuple[int, int, int, int, int]:
    """The four suit words (kinds) and the red word of some tile codes."""
    words = [0, 0, 0, 0, 0]
    for code in codes:
        kind = KIND[code]
        suit = kind // 9 if kind < 27 else 3
        words[suit] += 1 << (WIDTH * (kind - 9 * suit))
        if code >= N_KINDS:
            words[4] += 1 << (WIDTH * (code - N_KINDS))
    return words[0], words[1], words[2], words[3], words[4]


@final
class Tiles:
    """One tile string or suit group: its words and what the scorer asks of it."""

    small: i64
    cls: i64
    sa: i64  # summary words (a suit group's only reading; 0 otherwise)
    sb: i64
    k0: i64  # kinds of each suit
    k1: i64
    k2: i64
    k3: i64
    red: i64
    suit: int  # 0-3 for a suit group, -1 for a string of several suits
    kw: i64  # a suit group's word (its suit's kinds); 0 for several suits
    readings: tuple[SuitReading, ...]  # a suit group's readings as a whole suit
    codes: tuple[int, ...]
    canonical: str  # mpsz, sorted (error messages)

    def __init__(self, small: i64, cls: i64, sa: i64, sb: i64,
                 words: tuple[int, int, int, int, int], suit: int,
                 readings: tuple[SuitReading, ...], codes: tuple[int, ...],
                 canonical: str) -> None:
        self.small = small
        self.cls = cls
        self.sa = sa
        self.sb = sb
        self.k0, self.k1, self.k2, self.k3, self.red = words
        self.suit = suit
        self.kw = words[suit] if suit >= 0 else 0
        self.readings = readings
        self.codes = codes
        self.canonical = canonical


def _tiles_of(codes: tuple[int, ...], length: int) -> Tiles:
    kind_list = tuple(KIND[c] for c in codes)
    red = sum(1 for code in codes if code >= N_KINDS)
    words = suit_words(codes)
    suits = {k // 9 if k < 27 else 3 for k in kind_list}
    suit = suits.pop() if len(suits) == 1 else -1
    found = readings(suit, words[suit]) if suit >= 0 and len(codes) <= 14 else ()
    small = len(codes) << N_AT | red << RED_AT | min(length, 255) << LENGTH_AT
    sa = sb = 0
    if suit >= 0:
        small |= 1 << (SUITS_AT + 4 * suit) | (len(found) != 1) << UNREAD_AT
        if len(found) == 1:
            sa, sb = found[0].sa, found[0].sb
    return Tiles(small, tile_class(kind_list), sa, sb, words, suit, found, codes, mpsz(codes))


def _parsed(text: str) -> Tiles | None:
    try:
        codes = parse_tiles(text)
    except Exception:  # noqa: BLE001 - the reference path names the problem
        return None
    return _tiles_of(codes, len(text))


groups: Final[dict[str, Tiles | None]] = {}


def group(text: str) -> Tiles | None:
    """One suit group (``"2340m"``) of a hand string; None when it is not valid mpsz or not
    one group (digits, then one suit letter)."""
    if len(groups) >= CACHE_LIMIT:
        groups.clear()
    found = groups[text] = _parsed(text) if GROUP.fullmatch(text) else None
    return found


# ``group`` by a code of the text (hand_groups'): the compiled scorer's table of suit groups
coded_groups: Final[dict[int, Tiles]] = {}


def hand_groups(hand: str) -> list[Tiles] | None:
    """The suit groups of a hand's text (``group`` of each piece that ends with a suit
    letter), or None when one is not valid. Each is memoised under a code of its characters,
    a leading 1 then four bits per digit and two for the suit: computing it costs less than
    cutting the piece out and hashing it (the interpreter's way, GROUP.findall, is faster
    there). Text after the last suit letter is left out: the scorer's length check refuses
    the hand."""
    out = []
    code = 1
    start = 0
    for i in range(len(hand)):
        c = ord(hand[i])
        if 48 <= c <= 57:  # a digit  # noqa: PLR2004
            code = code << 4 | (c - 48)
            continue
        suit = 0 if c == 109 else 1 if c == 112 else 2 if c == 115 else 3 if c == 122 else -1
        if suit < 0:
            return None  # neither a digit nor a suit letter: no group holds it
        code = code << 2 | suit
        found = coded_groups.get(code)
        if found is None:
            found = group(hand[start:i + 1])
            if found is None:
                return None
            if len(coded_groups) >= CACHE_LIMIT:
                coded_groups.clear()
            coded_groups[code] = found
        out.append(found)
        code = 1
        start = i + 1
    return out


strings: Final[dict[str, Tiles | None]] = {}


def tile_string(text: str) -> Tiles | None:
    """A short tile string (indicators, a meld's tiles); None when it is not valid mpsz."""
    if len(strings) >= CACHE_LIMIT:
        strings.clear()
    found = strings[text] = _parsed(text) if text else _tiles_of((), 0)
    return found


def tally(text: str) -> tuple[i64, i64, i64, i64, i64, i64, i64]:
    """A tile string read directly, for strings that are new on almost every record (the
    winner's discards): its four suit words and red word (as ``suit_words``), how many
    tiles, and the kinds it holds (bit k for kind k). The count is -1 when the text is not
    valid mpsz (``parse_tiles`` would refuse it) or names more than 63 tiles (no field may
    reach its guard bit)."""
    w0: i64 = 0
    w1: i64 = 0
    w2: i64 = 0
    w3: i64 = 0
    red: i64 = 0
    n: i64 = 0
    kinds: i64 = 0
    start = 0
    for i in range(len(text)):
        c = ord(text[i])
        if 48 <= c <= 57:  # a digit: counted at its suit letter  # noqa: PLR2004
            continue
        suit = 0 if c == 109 else 1 if c == 112 else 2 if c == 115 else 3 if c == 122 else -1
        if suit < 0 or start == i:
            return 0, 0, 0, 0, 0, -1, 0
        for j in range(start, i):
            digit = ord(text[j]) - 48
            if suit == 3 and not 1 <= digit <= 7:  # noqa: PLR2004
                return 0, 0, 0, 0, 0, -1, 0
            rank = digit - 1
            if digit == 0:  # a red five
                rank = 4
                red += 1 << (WIDTH * suit)
            if suit == 0:
                w0 += 1 << (WIDTH * rank)
            elif suit == 1:
                w1 += 1 << (WIDTH * rank)
            elif suit == 2:
                w2 += 1 << (WIDTH * rank)
            else:
                w3 += 1 << (WIDTH * rank)
            kinds |= 1 << (9 * suit + rank)
            n += 1
            if n > 63:  # noqa: PLR2004
                return 0, 0, 0, 0, 0, -1, 0
        start = i + 1
    if start != len(text):  # digits with no suit letter
        return 0, 0, 0, 0, 0, -1, 0
    return w0, w1, w2, w3, red, n, kinds


@final
class CalledSet:
    """A meld as the scorer uses it: words as Tiles' (its summary has no seq_mask: a called
    run may repeat one)."""

    small: i64
    cls: i64
    sa: i64
    sb: i64
    suit: int
    kw: i64  # its suit's kinds
    red: i64
    seq_bit: i64  # bit of the run's first kind, or 0
    description: str  # " + chi 234m" (error messages)

    def __init__(self, small: i64, cls: i64, sa: i64, sb: i64, suit: int, kw: i64, red: i64,
                 seq_bit: i64, description: str) -> None:
        self.small = small
        self.cls = cls
        self.sa = sa
        self.sb = sb
        self.suit = suit
        self.kw = kw
        self.red = red
        self.seq_bit = seq_bit
        self.description = description


melds: Final[dict[tuple[str, str], CalledSet | None]] = {}


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
    if isinstance(called, str) or tiles.suit < 0:
        return None
    set_kind, first, is_open = called
    description = f" + {kind} {tiles.canonical}"
    red = sum(1 for code in tiles.codes if code >= N_KINDS)
    small = red << RED_AT | is_open << OPEN_AT | (set_kind == KAN) << KAN_AT
    if set_kind == SEQ:
        sa, sb = packed(seqs=1, not_outside=first % 9 not in (0, 6))
    else:
        sa, sb = packed(triplet_mask=1 << first, ankou=not is_open,
                        set_fu=set_fu(set_kind, first, is_open),
                        not_outside=not is_yaochuu(first))
    return CalledSet(small, tiles.cls, sa, sb, tiles.suit, tiles.kw, tiles.red,
                     1 << first if set_kind == SEQ else 0, description)


def packed_reading(pair: int, sets: tuple[tuple[int, int], ...]) -> tuple[int, int]:
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


_suits: Final[list[dict[int, tuple[SuitReading, ...]]]] = [{}, {}, {}, {}]


def readings(suit: int, key: int) -> tuple[SuitReading, ...]:
    """Every reading of one suit, ``key`` being that suit's word of kinds."""
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
    counts = tuple((key >> (WIDTH * r)) & FIELD for r in range(size))
    out = []
    for pair, sets in suit_readings(counts, suit < 3):
        absolute = tuple((kind, lo + rank) for kind, rank in sets)
        pair_kind = -1 if pair < 0 else lo + pair
        sa, sb = packed_reading(pair_kind, absolute)
        out.append(SuitReading(sa, sb, _waits(absolute)))
    return tuple(out)


def _waits(sets: tuple[tuple[int, int], ...]) -> dict[int, tuple[int, ...]]:
    """Per winning kind, the sets it can complete, in the reading's order (as
    engine.hand.shapes.regular_shapes places it: each distinct set once), as
    ``wait << 8 | (triplet kind + 1, or 0 for a run)``."""
    out: dict[int, list[int]] = {}
    for win in sorted({t + d for _, t in sets for d in range(3)}):
        seen: set[tuple[int, int]] = set()
        for kind, tile in sets:
            if (kind, tile) in seen:
                continue
            if kind == TRIPLET:
                if tile != win:
                    continue
                placed = SHANPON << 8 | (tile + 1)
            else:
                if not tile <= win <= tile + 2:
                    continue
                placed = run_wait(tile, win) << 8
            seen.add((kind, tile))
            out.setdefault(win, []).append(placed)
    return {win: tuple(placed) for win, placed in out.items()}


# The winning tile's text -> its code (every tile of every set; red fives "0m" 0p" "0s").
WIN_TILES: Final = {
    **{f"{r + 1}{s}": 9 * i + r for i, s in enumerate("mps") for r in range(9)},
    **{f"{r + 1}z": 27 + r for r in range(7)},
    **{f"0{s}": RED_M + i for i, s in enumerate("mps")},
}
