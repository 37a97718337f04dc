"""Toutenkou's special yaku ("Special Yakus" in toutenkou-tenhou.txt), as declared yaku.

"All of the following yaku are bonuses. Like dora, a hand cannot be won with
only these yaku": each is a ``bonus`` yaku, and each still counts on a
yakuman hand ("they can still stack with toutenkou-specified special
yakus"). The tile-dependent ones (gari, set, all gari, karasu and the five
variants) read :class:`GariFacts`, worked out once per hand by
:func:`gari_facts` with the ruleset's options and kept in the context.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.hand.arrangement import KAN, Arrangement
from engine.hand.context import HandContext
from engine.tiles import KIND, N_KINDS, RED_M, parse_tiles
from engine.yaku.base import Check, Yaku, yakuman_yaku

FACTS = "toutenkou"


class GariFacts(NamedTuple):
    gari: int  # gari points of the tiles set aside, multiplier applied
    sets: int  # gari kinds held four times (hand, melds and nuki)
    all_gari: bool  # every gari tile of the set held
    karasu: bool  # no gari in the hand, the melds, nuki or discards
    five_dora: int  # 5p/5s held ("fives" option "dora")
    five_gari: int  # 5p/5s held, black 1 and red 3 ("fives" option "gari")


def gari_facts(
    c: HandContext,
    *,
    gari: frozenset[int],
    copies: tuple[int, ...],
    fives: str,
    multiplier: int,
    five_multiplier: int = 1,
) -> GariFacts:
    nuki = parse_tiles(c.record.nuki)
    discards = parse_tiles(c.record.discards)
    held = list(c.counts)
    for code in nuki:
        held[KIND[code]] += 1
    # 0m set aside: a gari and a red five (aka_dora); with fives "gari" a 3-point gari.
    red_gari = 3 if fives == "gari" else 1
    points = sum(red_gari if code >= N_KINDS else 1 for code in nuki)
    kinds_in_play = [k for k in gari if held[k]]
    return GariFacts(
        gari=points * multiplier,
        sets=sum(1 for k in kinds_in_play if held[k] == copies[k]),
        all_gari=all(held[k] == copies[k] for k in gari),
        karasu=not (nuki or kinds_in_play or any(KIND[code] in gari for code in discards)),
        five_dora=sum(c.counts[k] for k in (13, 22)) if fives == "dora" else 0,
        five_gari=_five_gari(c) * five_multiplier if fives == "gari" else 0,
    )


def _five_gari(c: HandContext) -> int:
    # "黒5牌は1点ガリ、赤5牌は3点ガリ": 5p/5s where they are held (they cannot be set aside).
    red = sum(1 for code in _held_codes(c) if code in (RED_M + 1, RED_M + 2))
    black = c.counts[13] + c.counts[22] - red
    return black + 3 * red


def _held_codes(c: HandContext) -> list[int]:
    codes = list(parse_tiles(c.record.hand))
    for meld in c.record.melds:
        codes += parse_tiles(meld.tiles)
    return codes


def facts(c: HandContext) -> GariFacts:
    found: GariFacts = c.extra[FACTS]
    return found


def toutenkou_bonus(name: str, closed: int, open_: int | None, check: Check, doc: str) -> Yaku:
    return Yaku(name, closed, open_, check, bonus=True, with_yakuman=True, doc=doc)


def _oya(a: Arrangement, c: HandContext) -> bool:
    return c.dealer


def _always(a: Arrangement, c: HandContext) -> bool:
    return True


def _honba(a: Arrangement, c: HandContext) -> int:
    return c.record.honba


def _gari(a: Arrangement, c: HandContext) -> int:
    return facts(c).gari


def _kans(c: HandContext, *, is_open: bool) -> int:
    return sum(1 for kind, _, o in c.melds if kind == KAN and o == is_open)


def _minkan(a: Arrangement, c: HandContext) -> int:
    return _kans(c, is_open=True)


def _ankan(a: Arrangement, c: HandContext) -> int:
    return _kans(c, is_open=False)


def _gari_set(a: Arrangement, c: HandContext) -> int:
    return facts(c).sets


def _ron(a: Arrangement, c: HandContext) -> bool:
    return not c.tsumo


def _karasu(a: Arrangement, c: HandContext) -> bool:
    return facts(c).karasu


def _all_gari(a: Arrangement, c: HandContext) -> bool:
    return facts(c).all_gari


def _five_dora(a: Arrangement, c: HandContext) -> int:
    return facts(c).five_dora


def _five_gari_check(a: Arrangement, c: HandContext) -> int:
    return facts(c).five_gari


DAISHARIN_KINDS = range(10, 17)  # 2p .. 8p


def _daisharin(a: Arrangement, c: HandContext) -> bool:
    # 22334455667788p, concealed (no kan: fourteen tiles in all).
    return sum(c.counts) == 14 and all(c.counts[k] == 2 for k in DAISHARIN_KINDS)


OYA = toutenkou_bonus("oya", 1, 1, _oya, "winning as dealer")
MENZEN = toutenkou_bonus("menzen", 1, None, _always, "the winning hand is closed (ankan allowed)")
HONBA = toutenkou_bonus("honba", 1, 1, _honba, "one per honba")
GARI = toutenkou_bonus("gari", 1, 1, _gari, "one per gari set aside (nuki); 0m is also aka_dora")
BANBAN = toutenkou_bonus("banban", 2, 2, _always, "every winning hand")
MINKAN = toutenkou_bonus("minkan", 2, 2, _minkan, "each open kan (minkan or kakan)")
ANKAN = toutenkou_bonus("ankan", 4, 4, _ankan, "each closed kan")
GARI_SET = toutenkou_bonus("gari_set", 4, 4, _gari_set, "all four of one gari, kept or set aside")
RON = toutenkou_bonus("ron", 8, 8, _ron, "winning on another player's discard")
KARASU = toutenkou_bonus("karasu", 20, 10, _karasu, "no gari in hand, melds, nuki or discards")
ALL_GARI = toutenkou_bonus("all_gari", 20, 20, _all_gari, "every gari tile of the set collected")
# JA: "50点(役満) ... ガリを全て集める" (option all_gari_yakuman): a real yakuman, so the
# regular yaku drop and a hand with no other yaku wins with it.
ALL_GARI_YAKUMAN = yakuman_yaku("all_gari", _all_gari)
FIVE_GARI = toutenkou_bonus("five_gari", 1, 1, _five_gari_check, "5p/5s held: black 1, red 3")
FIVE_DORA = Yaku("five_dora", 1, 1, _five_dora, bonus=True, doc="each 5p/5s held")
# JA: "オープンリーチ大車輪など各種ローカル役を採用していることも多い" (option daisharin).
DAISHARIN = yakuman_yaku("daisharin", _daisharin, closed_only=True)

TOUTENKOU_YAKU: tuple[Yaku, ...] = (
    OYA, MENZEN, HONBA, GARI, BANBAN, MINKAN, ANKAN, GARI_SET, RON, KARASU, ALL_GARI,
)  # fmt: skip
