"""One reading of a complete hand: its sets, pair and wait, plus a summary for yaku.

Sets are plain tuples ``(kind, tile, open)``: ``kind`` is SEQ (a run whose
lowest tile is ``tile``), TRIPLET or KAN. ``open`` is true for called sets and
for a concealed triplet completed by ron (a minkou for fu and for ankou).
"""

from __future__ import annotations

from typing import Final, NamedTuple

# Final: constants the compiled fast scorer (engine/fast) inlines
SEQ: Final = 0
TRIPLET: Final = 1
KAN: Final = 2

# shapes
REGULAR = "regular"
CHIITOITSU = "chiitoitsu"
KOKUSHI = "kokushi"

# waits (index into WAIT_NAMES)
RYANMEN: Final = 0
KANCHAN: Final = 1
PENCHAN: Final = 2
SHANPON: Final = 3
TANKI: Final = 4
WAIT_NAMES = ("ryanmen", "kanchan", "penchan", "shanpon", "tanki")

Set = tuple[int, int, bool]


class Arrangement(NamedTuple):
    """A complete hand read one way, with the summary the yaku predicates use."""

    shape: str
    sets: tuple[Set, ...]  # four sets for REGULAR (melds included), sorted; () otherwise
    pair: int  # the pair's kind for REGULAR, -1 otherwise
    pairs: tuple[int, ...]  # chiitoitsu pairs; (pair,) for REGULAR; () for kokushi
    wait: int
    seqs: tuple[int, ...]  # lowest tile of each run, sorted
    triplets: tuple[int, ...]  # kind of each triplet or kan, sorted
    kans: int
    concealed_triplets: int  # ankou, ankan included, ron-completed triplet excluded
    triplet_mask: int  # bit k set when kind k is a triplet or kan

    @property
    def wait_name(self) -> str:
        return WAIT_NAMES[self.wait]


def regular(sets: tuple[Set, ...], pair: int, wait: int) -> Arrangement:
    ordered = tuple(sorted(sets))
    seqs: list[int] = []
    triplets: list[int] = []
    kans = concealed = mask = 0
    for kind, tile, is_open in ordered:
        if kind == SEQ:
            seqs.append(tile)
            continue
        triplets.append(tile)
        mask |= 1 << tile
        if kind == KAN:
            kans += 1
        if not is_open:
            concealed += 1
    # sorted by kind as declared (``ordered`` puts the kans after the triplets: a run of
    # triplets with a kan inside it, Speed Tonpuu's sanrenko and suurenko, reads them in order)
    return Arrangement(
        REGULAR, ordered, pair, (pair,), wait, tuple(seqs), tuple(sorted(triplets)), kans,
        concealed, mask,
    )


def seven_pairs(pairs: tuple[int, ...]) -> Arrangement:
    return Arrangement(CHIITOITSU, (), -1, pairs, TANKI, (), (), 0, 0, 0)


def thirteen_orphans() -> Arrangement:
    return Arrangement(KOKUSHI, (), -1, (), TANKI, (), (), 0, 0, 0)
