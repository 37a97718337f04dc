"""Seeded random winning hands, written as spec hand records.

Used by the benchmark (a corpus when the real records are missing, and the
million-record stream) and by the differential test against the `mahjong`
package. Every hand is a valid win: it is built from four sets and a pair
(or seven pairs, or thirteen orphans), some sets become melds, the winning
tile is one of the concealed tiles, no tile is used more than the set holds
(three plain fives and one red five per suit), and the situational flags are
consistent with the shape (rinshan needs a kan, chankan a tile nobody else
can hold, tenhou/chiihou a closed hand with no call, ...).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.tiles import mpsz, parse_tiles

SUIT_LETTERS = "mpsz"
WINDS = "ESWN"
FIVES = (4, 13, 22)  # 34-indices of 5m 5p 5s
TERMINALS = (0, 8, 9, 17, 18, 26)
HONOURS = tuple(range(27, 34))
DRAGONS = (31, 32, 33)
WIND_TILES = (27, 28, 29, 30)
GREENS = (19, 20, 21, 23, 25, 32)  # 2s 3s 4s 6s 8s 6z
SIMPLES = tuple(k for k in range(27) if k not in TERMINALS)
FLAGS = ("ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou", "renhou")


class _Retry(Exception):
    """The random choices painted the hand into a corner; start again."""


@dataclass
class _Pool:
    """Copies still available of each of the 34 kinds."""

    left: list[int] = field(default_factory=lambda: [4] * 34)

    def take(self, kinds: list[int]) -> list[int]:
        need: dict[int, int] = {}
        for k in kinds:
            need[k] = need.get(k, 0) + 1
        if any(self.left[k] < n for k, n in need.items()):
            raise _Retry
        for k, n in need.items():
            self.left[k] -= n
        return kinds


@dataclass
class _Shape:
    sets: list[list[int]]  # 3 tiles each (a kan's fourth tile is added by melding)
    pair: list[int]
    special: str = ""  # "chiitoitsu", "kokushi", "chuuren": sets is empty and pair holds all 14
    closed_only: bool = False
    melds: list[tuple[str, list[int]]] = field(default_factory=list)


def _chi(rng: random.Random, pool: _Pool, suits: str = "mps",
         starts: tuple[int, ...] = ()) -> list[int]:
    suit = SUIT_LETTERS.index(rng.choice(suits))
    start = rng.choice(starts or tuple(range(7)))
    return pool.take([9 * suit + start + i for i in range(3)])


def _pon(rng: random.Random, pool: _Pool, kinds: tuple[int, ...]) -> list[int]:
    return pool.take([rng.choice(kinds)] * 3)


def _pair(rng: random.Random, pool: _Pool, kinds: tuple[int, ...]) -> list[int]:
    return pool.take([rng.choice(kinds)] * 2)


def _suit_kinds(suits: str) -> tuple[int, ...]:
    return tuple(9 * SUIT_LETTERS.index(s) + i for s in suits for i in range(9))


ALL = tuple(range(34))


def _mixed(rng: random.Random, pool: _Pool, chi_share: float, suits: str, kinds: tuple[int, ...],
           pair_kinds: tuple[int, ...]) -> _Shape:
    sets = [
        _chi(rng, pool, suits) if rng.random() < chi_share else _pon(rng, pool, kinds)
        for _ in range(4)
    ]
    return _Shape(sets, _pair(rng, pool, pair_kinds))


def _style_mixed(rng: random.Random, pool: _Pool) -> _Shape:
    return _mixed(rng, pool, 0.65, "mps", ALL, ALL)


def _style_tanyao(rng: random.Random, pool: _Pool) -> _Shape:
    sets = [
        _chi(rng, pool, "mps", tuple(range(1, 6))) if rng.random() < 0.7
        else _pon(rng, pool, SIMPLES)
        for _ in range(4)
    ]
    return _Shape(sets, _pair(rng, pool, SIMPLES))


def _style_one_suit(rng: random.Random, pool: _Pool) -> _Shape:
    suit = rng.choice("mps")
    return _mixed(rng, pool, 0.7, suit, _suit_kinds(suit), _suit_kinds(suit))


def _style_one_suit_honours(rng: random.Random, pool: _Pool) -> _Shape:
    suit = rng.choice("mps")
    kinds = _suit_kinds(suit) + HONOURS
    return _mixed(rng, pool, 0.5, suit, kinds, kinds)


def _style_outside(rng: random.Random, pool: _Pool) -> _Shape:
    outer = TERMINALS if rng.random() < 0.5 else TERMINALS + HONOURS
    sets = [
        _chi(rng, pool, "mps", (0, 6)) if rng.random() < 0.6 else _pon(rng, pool, outer)
        for _ in range(4)
    ]
    return _Shape(sets, _pair(rng, pool, outer))


def _style_all_pons(rng: random.Random, pool: _Pool) -> _Shape:
    kinds = rng.choice((ALL, TERMINALS + HONOURS, SIMPLES, HONOURS + (0, 8)))
    return _Shape([_pon(rng, pool, kinds) for _ in range(4)], _pair(rng, pool, kinds))


def _style_honour_sets(rng: random.Random, pool: _Pool) -> _Shape:
    n_honour = rng.randint(1, 2)
    sets = [_pon(rng, pool, HONOURS) for _ in range(n_honour)]
    sets += [_chi(rng, pool) if rng.random() < 0.6 else _pon(rng, pool, ALL)
             for _ in range(4 - n_honour)]
    return _Shape(sets, _pair(rng, pool, ALL))


def _style_sanshoku(rng: random.Random, pool: _Pool) -> _Shape:
    start = rng.randint(0, 6)
    sets = [_chi(rng, pool, s, (start,)) for s in "mps"]
    sets.append(_chi(rng, pool) if rng.random() < 0.6 else _pon(rng, pool, ALL))
    return _Shape(sets, _pair(rng, pool, ALL))


def _style_doukou(rng: random.Random, pool: _Pool) -> _Shape:
    n = rng.randint(0, 8)
    sets = [pool.take([9 * s + n] * 3) for s in range(3)]
    sets.append(_chi(rng, pool) if rng.random() < 0.5 else _pon(rng, pool, ALL))
    return _Shape(sets, _pair(rng, pool, ALL))


def _style_ittsu(rng: random.Random, pool: _Pool) -> _Shape:
    suit = rng.choice("mps")
    sets = [_chi(rng, pool, suit, (s,)) for s in (0, 3, 6)]
    sets.append(_chi(rng, pool) if rng.random() < 0.6 else _pon(rng, pool, ALL))
    return _Shape(sets, _pair(rng, pool, ALL))


def _style_peikou(rng: random.Random, pool: _Pool) -> _Shape:
    first = _chi(rng, pool)
    sets = [first, pool.take(list(first))]
    if rng.random() < 0.4:
        second = _chi(rng, pool)
        sets += [second, pool.take(list(second))]
    while len(sets) < 4:
        sets.append(_chi(rng, pool) if rng.random() < 0.6 else _pon(rng, pool, ALL))
    return _Shape(sets, _pair(rng, pool, ALL), closed_only=rng.random() < 0.8)


def _style_chiitoitsu(rng: random.Random, pool: _Pool) -> _Shape:
    kinds = rng.choice((ALL, ALL, SIMPLES, TERMINALS + HONOURS, HONOURS,
                        _suit_kinds(rng.choice("mps")) + HONOURS))
    chosen = rng.sample(kinds, 7)
    return _Shape([], pool.take([k for k in chosen for _ in range(2)]), "chiitoitsu", True)


def _style_kokushi(rng: random.Random, pool: _Pool) -> _Shape:
    orphans = list(TERMINALS + HONOURS)
    return _Shape([], pool.take(orphans + [rng.choice(orphans)]), "kokushi", True)


def _style_dragons(rng: random.Random, pool: _Pool) -> _Shape:
    dragons = list(DRAGONS)
    rng.shuffle(dragons)
    if rng.random() < 0.4:  # shousangen: the third dragon is the pair
        sets = [pool.take([d] * 3) for d in dragons[:2]] + [_chi(rng, pool)]
        pair = pool.take([dragons[2]] * 2)
    else:
        sets = [pool.take([d] * 3) for d in dragons]
        pair = _pair(rng, pool, ALL)
    sets.append(_chi(rng, pool) if rng.random() < 0.5 else _pon(rng, pool, ALL))
    return _Shape(sets, pair)


def _style_winds(rng: random.Random, pool: _Pool) -> _Shape:
    winds = list(WIND_TILES)
    rng.shuffle(winds)
    if rng.random() < 0.5:  # daisuushii
        return _Shape([pool.take([w] * 3) for w in winds], _pair(rng, pool, ALL))
    sets = [pool.take([w] * 3) for w in winds[:3]]
    sets.append(_chi(rng, pool) if rng.random() < 0.5 else _pon(rng, pool, ALL))
    return _Shape(sets, pool.take([winds[3]] * 2))


def _style_all_honours(rng: random.Random, pool: _Pool) -> _Shape:
    return _Shape([_pon(rng, pool, HONOURS) for _ in range(4)], _pair(rng, pool, HONOURS))


def _style_green(rng: random.Random, pool: _Pool) -> _Shape:
    sets = [
        pool.take([19, 20, 21]) if rng.random() < 0.4 else _pon(rng, pool, GREENS)
        for _ in range(4)
    ]
    return _Shape(sets, _pair(rng, pool, GREENS))


def _style_terminals(rng: random.Random, pool: _Pool) -> _Shape:
    return _Shape([_pon(rng, pool, TERMINALS) for _ in range(4)], _pair(rng, pool, TERMINALS))


def _style_chuuren(rng: random.Random, pool: _Pool) -> _Shape:
    base = 9 * rng.randint(0, 2)
    extra = base + rng.randint(0, 8)
    tiles = [base] * 3 + [base + i for i in range(1, 8)] + [base + 8] * 3 + [extra]
    return _Shape([], pool.take(tiles), "chuuren", True)


def _style_kans(rng: random.Random, pool: _Pool) -> _Shape:
    shape = _style_all_pons(rng, pool) if rng.random() < 0.5 else _style_mixed(rng, pool)
    pons = [s for s in shape.sets if s[0] == s[1]]
    for s in pons[: rng.choice((3, 4, 4))]:
        kind = rng.choice(("ankan", "minkan", "kakan"))
        shape.melds.append((kind, s + pool.take([s[0]])))
    return shape


def _style_four_concealed(rng: random.Random, pool: _Pool) -> _Shape:
    shape = _style_all_pons(rng, pool)
    shape.closed_only = True
    return shape


STYLES: tuple[tuple[Callable[[random.Random, _Pool], _Shape], float], ...] = (
    (_style_mixed, 28),
    (_style_tanyao, 10),
    (_style_one_suit, 6),
    (_style_one_suit_honours, 8),
    (_style_outside, 6),
    (_style_all_pons, 5),
    (_style_honour_sets, 8),
    (_style_sanshoku, 3),
    (_style_doukou, 1.5),
    (_style_ittsu, 3),
    (_style_peikou, 4),
    (_style_chiitoitsu, 7),
    (_style_kokushi, 1.5),
    (_style_dragons, 2),
    (_style_winds, 1.5),
    (_style_all_honours, 1),
    (_style_green, 1),
    (_style_terminals, 1),
    (_style_chuuren, 1),
    (_style_kans, 3),
    (_style_four_concealed, 2),
)
_STYLE_FUNCS = [s for s, _ in STYLES]
_STYLE_WEIGHTS = [w for _, w in STYLES]


def _choose_melds(rng: random.Random, pool: _Pool, shape: _Shape) -> None:
    """Turn some of the shape's sets into melds (the kans style has chosen its own)."""
    if shape.special or shape.melds:
        return
    if shape.closed_only or rng.random() < 0.45:
        for s in shape.sets:  # a closed hand may still hold a closed kan
            if s[0] == s[1] and rng.random() < 0.08 and pool.left[s[0]]:
                shape.melds.append(("ankan", s + pool.take([s[0]])))
        return
    for s in rng.sample(shape.sets, rng.choice((1, 1, 2, 2, 3, 4))):
        if s[0] != s[1]:
            shape.melds.append(("chi", s))
            continue
        kind = rng.choices(("pon", "minkan", "kakan", "ankan"), (60, 12, 12, 16))[0]
        if kind == "pon" or not pool.left[s[0]]:
            shape.melds.append(("pon", s))
        else:
            shape.melds.append((kind, s + pool.take([s[0]])))


def _concealed(shape: _Shape) -> list[int]:
    if shape.special:
        return list(shape.pair)
    melded = [tiles[:3] for _, tiles in shape.melds]
    tiles = list(shape.pair)
    for s in shape.sets:
        if s in melded:
            melded.remove(s)
        else:
            tiles += s
    return tiles


@dataclass
class _Tile:
    kind: int
    red: bool = False

    @property
    def text(self) -> str:
        digit = "0" if self.red else str(self.kind % 9 + 1)
        return digit + SUIT_LETTERS[self.kind // 9]


def tiles_text(tiles: list[_Tile]) -> str:
    """mpsz text, grouped by suit in 1-9 order (a red five where its five would be)."""
    out = []
    for suit in range(4):
        digits = sorted(
            (t.kind, t.text[0]) for t in tiles if t.kind // 9 == suit
        )
        if digits:
            out.append("".join(d for _, d in digits) + SUIT_LETTERS[suit])
    return "".join(out)


def _paint_red_fives(rng: random.Random, groups: list[list[_Tile]]) -> None:
    """Make at most one five of each suit red; the only one when all four are in play."""
    for five in FIVES:
        copies = [t for g in groups for t in g if t.kind == five]
        if copies and (len(copies) == 4 or rng.random() < 0.5):
            rng.choice(copies).red = True


def _flags(rng: random.Random, *, closed: bool, no_melds: bool, has_kan: bool,
           win_is_unique: bool, dealer: bool) -> dict[str, Any]:
    tsumo = rng.random() < 0.5
    riichi = "none"
    if closed:
        riichi = rng.choices(("none", "riichi", "double", "open"), (45, 40, 8, 7))[0]
    f: dict[str, Any] = {"win": "tsumo" if tsumo else "ron", "riichi": riichi}
    f.update(dict.fromkeys(FLAGS, False))
    if tsumo and no_melds and riichi == "none" and rng.random() < 0.04:
        f["tenhou" if dealer else "chiihou"] = True
        return f
    if riichi != "none":
        f["ippatsu"] = rng.random() < 0.2
    if tsumo:
        if has_kan and rng.random() < 0.25:
            f["rinshan"], f["ippatsu"] = True, False
        elif rng.random() < 0.06:
            f["haitei"] = True
    else:
        if win_is_unique and rng.random() < 0.06:
            f["chankan"] = True
        elif rng.random() < 0.06:
            f["houtei"] = True
        if not dealer and no_melds and riichi == "none" and rng.random() < 0.03:
            f["renhou"] = True
    return f


def _indicators(rng: random.Random, pool: _Pool, n: int) -> list[_Tile]:
    free = [k for k in range(34) for _ in range(pool.left[k])]
    picked = rng.sample(free, min(n, len(free)))
    pool.take(picked)
    return [_Tile(k) for k in picked]


def random_record(rng: random.Random, record_id: str,
                  ruleset: str = "riichi-standard") -> dict[str, Any]:
    """One random, valid, consistently flagged winning hand as a spec record."""
    while True:
        try:
            return _build(rng, record_id, ruleset)
        except _Retry:
            continue


# Three-player rulesets of the standard kind: no 2m-8m, seats E S W, North set aside (nuki).
THREE_PLAYERS = ("tenhou-sanma",)
NORTH_KIND = 30
# How many Norths a three-player winner has set aside (each North drawn is usually pulled).
NUKI_WEIGHTS = (35, 35, 20, 8, 2)


def _build(rng: random.Random, record_id: str, ruleset: str) -> dict[str, Any]:
    pool = _Pool()
    three = ruleset in THREE_PLAYERS
    if three:
        for kind in range(1, 8):
            pool.left[kind] = 0
    shape = rng.choices(_STYLE_FUNCS, _STYLE_WEIGHTS)[0](rng, pool)
    _choose_melds(rng, pool, shape)
    hand = [_Tile(k) for k in _concealed(shape)]
    melds = [(kind, [_Tile(k) for k in tiles]) for kind, tiles in shape.melds]
    win = rng.choice(hand)
    seat = rng.choice(WINDS[:3] if three else WINDS)
    has_kan = any(len(tiles) == 4 for _, tiles in melds)
    # Chankan robs the fourth copy of a pon: no other copy may be in our hand or on the wall.
    win_is_unique = sum(t.kind == win.kind for t in hand) == 1 and pool.left[win.kind] == 3
    flags = _flags(
        rng,
        closed=all(kind == "ankan" for kind, _ in melds),
        no_melds=not melds,
        has_kan=has_kan,
        win_is_unique=win_is_unique,
        dealer=seat == "E",
    )
    if flags["chankan"]:
        pool.left[win.kind] = 0
    n_kans = sum(len(tiles) == 4 for _, tiles in melds)
    dora = _indicators(rng, pool, 1 + n_kans)
    with_ura = flags["riichi"] != "none" or rng.random() < 0.3
    ura = _indicators(rng, pool, 1 + n_kans) if with_ura else []
    _paint_red_fives(rng, [hand, *(tiles for _, tiles in melds), dora, ura])
    nuki = min(rng.choices(range(5), NUKI_WEIGHTS)[0], pool.left[NORTH_KIND]) if three else 0
    record = {
        "id": record_id,
        "ruleset": ruleset,
        "hand": tiles_text(hand),
        "melds": [{"kind": kind, "tiles": tiles_text(tiles)} for kind, tiles in melds],
        "win_tile": win.text,
        "seat_wind": seat,
        "round_wind": rng.choices(WINDS, (50, 45, 5, 0) if three else (45, 40, 10, 5))[0],
        "dora_indicators": tiles_text(dora),
        "ura_indicators": tiles_text(ura),
        **flags,
        "honba": 0 if rng.random() < 0.5 else rng.randint(1, 8),
        "riichi_sticks": 0 if rng.random() < 0.55 else rng.randint(1, 4),
    }
    if three:
        record["nuki"] = "4" * nuki + "z" if nuki else ""
    return record


def generate(n: int, *, seed: int, ruleset: str = "riichi-standard") -> Iterator[dict[str, Any]]:
    """`n` random winning hands; the same seed always gives the same records."""
    rng = random.Random(seed)
    for i in range(n):
        yield random_record(rng, f"gen-{seed}-{i}", ruleset)


# Speed Tonpuu's special copies: (name, tile, the share of that tile's copies it is).
# "1 blue 7m7p7s" and the pocchi 5z/6z/7z are one copy of four; the gold 5p one of the three
# 5p that are not the red one.
SPECIAL_SHARES = (
    ("blue_7m", "7m", 1 / 4), ("blue_7p", "7p", 1 / 4), ("blue_7s", "7s", 1 / 4),
    ("gold_5p", "5p", 1 / 3), ("pocchi_5z", "5z", 1 / 4), ("pocchi_6z", "6z", 1 / 4),
    ("pocchi_7z", "7z", 1 / 4),
)  # fmt: skip
SPEC_FIELDS_EMPTY = {"nuki": "", "discards": "", "specials": []}
# Every field of the spec's input with its default (spec/hand-record.md).
SPEC_DEFAULTS: dict[str, Any] = {
    "melds": [], "dora_indicators": "", "ura_indicators": "", "riichi": "none",
    **dict.fromkeys(FLAGS, False), "honba": 0, "riichi_sticks": 0, **SPEC_FIELDS_EMPTY,
}  # fmt: skip


def table_record(rng: random.Random, record_id: str, ruleset: str) -> dict[str, Any]:
    """A random winning hand of ``ruleset`` with the fields a table's record has: every field
    of the spec present (the ruleset fields empty where the ruleset has no use for them), the
    hand written as the table console writes it (``console_hand``), Norths set aside in
    three-player games, Speed Tonpuu's special copies as often as the set holds them (each
    held copy of 7m/7p/7s, 5z/6z/7z is the special one with a chance of one in four, a plain
    5p the gold with one in three), Toutenkou's gari set aside and the winner's discards."""
    if ruleset == "toutenkou":
        from engine.bench.toutenkou_hands import random_record as toutenkou_record

        record = {**SPEC_DEFAULTS, **toutenkou_record(rng, record_id, table=True)}
    else:
        record = {**SPEC_FIELDS_EMPTY, **random_record(rng, record_id, ruleset)}
    if ruleset == "speed-tonpuu":
        record["round_wind"] = "E"  # "Strict Tonpuusen: East-only"
        held = _held_copies(record)
        record["specials"] = [
            name for name, tile, share in SPECIAL_SHARES
            if rng.random() < 1 - (1 - share) ** held.get(tile, 0)
        ]  # fmt: skip
    record["hand"] = console_hand(record["hand"], record["win_tile"])
    return record


def console_hand(hand: str, win_tile: str) -> str:
    """``hand`` as the table console writes it (console/static/console/console.js,
    writeHand): the other tiles in suit order, ranks ascending, one letter per suit, then
    the winning tile with its own letter ("123m456p789s1z" + "1z")."""
    codes = list(parse_tiles(hand))
    codes.remove(parse_tiles(win_tile)[0])
    return mpsz(codes) + win_tile


def _held_copies(record: dict[str, Any]) -> dict[str, int]:
    """Plain copies of each tile in hand and melds (a red 0p is not a 5p's gold)."""
    held: dict[str, int] = {}
    text = record["hand"] + "".join(meld["tiles"] for meld in record["melds"])
    digits = ""
    for char in text:
        if char.isdigit():
            digits += char
            continue
        for digit in digits:
            held[digit + char] = held.get(digit + char, 0) + 1
        digits = ""
    return held


def generate_table(n: int, *, seed: int, ruleset: str) -> Iterator[dict[str, Any]]:
    """``n`` of ``table_record``: the benchmark's corpus of each ruleset."""
    rng = random.Random(seed)
    for i in range(n):
        yield table_record(rng, f"{ruleset}-{seed}-{i}", ruleset)
