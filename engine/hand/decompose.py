"""Every way to read the concealed tiles as sets and one pair.

Suits are independent, so each suit's 9 counts (7 for honours) is split on
its own and memoised on the count tuple; a hand's readings are the product of
its suits' readings. Results are tuples of ``(pair_kind, ((kind, tile), ...))``
with set kinds SEQ or TRIPLET, in a deterministic order.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from engine.hand.arrangement import SEQ, TRIPLET

Reading = tuple[int, tuple[tuple[int, int], ...]]  # (pair kind, sets)
_SuitReading = tuple[int, tuple[tuple[int, int], ...]]  # (pair rank or -1, (kind, rank))


@lru_cache(maxsize=1 << 15)
def _sets_only(counts: tuple[int, ...], runs: bool) -> tuple[tuple[tuple[int, int], ...], ...]:
    """All splits of ``counts`` into triplets (and runs when ``runs``), or ()."""
    first = next((i for i, c in enumerate(counts) if c), -1)
    if first < 0:
        return ((),)
    out: list[tuple[tuple[int, int], ...]] = []
    c = list(counts)
    if c[first] >= 3:
        c[first] -= 3
        out.extend(((TRIPLET, first), *rest) for rest in _sets_only(tuple(c), runs))
        c[first] += 3
    if runs and first <= 6 and c[first + 1] and c[first + 2]:
        c[first] -= 1
        c[first + 1] -= 1
        c[first + 2] -= 1
        out.extend(((SEQ, first), *rest) for rest in _sets_only(tuple(c), runs))
    return tuple(out)


@lru_cache(maxsize=1 << 15)
def suit_readings(counts: tuple[int, ...], runs: bool) -> tuple[_SuitReading, ...]:
    """Readings of one suit: sets only when its size is 0 mod 3, else one pair plus sets."""
    size = sum(counts)
    if size % 3 == 0:
        return tuple((-1, sets) for sets in _sets_only(counts, runs))
    if size % 3 == 1:
        return ()
    out: list[_SuitReading] = []
    c = list(counts)
    for rank, n in enumerate(counts):
        if n >= 2:
            c[rank] -= 2
            out.extend((rank, sets) for sets in _sets_only(tuple(c), runs))
            c[rank] += 2
    return tuple(out)


@lru_cache(maxsize=1 << 14)
def regular_readings(concealed: tuple[int, ...]) -> tuple[Reading, ...]:
    """All (pair, sets) readings of a 34-count tuple whose size is 2 mod 3."""
    per_suit: list[tuple[Reading, ...]] = []
    for suit in range(4):
        lo = suit * 9
        part = concealed[lo : lo + (9 if suit < 3 else 7)]
        if not any(part):
            continue
        readings = suit_readings(part, suit < 3)
        if not readings:
            return ()
        per_suit.append(
            tuple(
                (-1 if pair < 0 else lo + pair, tuple((k, lo + r) for k, r in sets))
                for pair, sets in readings
            )
        )
    out: list[Reading] = []
    for combo in product(*per_suit):
        pair = -1
        sets: list[tuple[int, int]] = []
        for p, s in combo:
            if p >= 0:
                if pair >= 0:
                    break
                pair = p
            sets.extend(s)
        else:
            if pair >= 0:
                out.append((pair, tuple(sets)))
    return tuple(out)


def seven_pairs(concealed: tuple[int, ...]) -> tuple[int, ...] | None:
    """The seven distinct pairs of a chiitoitsu hand, or None."""
    pairs = tuple(k for k, n in enumerate(concealed) if n == 2)
    if len(pairs) == 7 and sum(concealed) == 14:
        return pairs
    return None
