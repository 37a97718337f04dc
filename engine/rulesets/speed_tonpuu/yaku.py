"""Speed Tonpuu's yaku: special tiles, local yaku and local yakuman (speed-tonpuu-shuugi.txt).

Special tiles are read from the record's ``specials`` (spec/hand-record.md):
each name is one physical copy already written in ``hand`` or ``melds``.
"""

from __future__ import annotations

from dataclasses import replace

from engine.hand.arrangement import Arrangement
from engine.hand.context import HandContext
from engine.rulesets.speed_tonpuu import shapes
from engine.tiles import WIND_MASK
from engine.yaku.base import Yaku, bonus_yaku, regular_yaku, yakuman_yaku
from engine.yaku.situational import CHIIHOU, RENHOU, TENHOU
from engine.yaku.standard import STANDARD_YAKU

BLUES = ("blue_7m", "blue_7p", "blue_7s")
GOLD = "gold_5p"
POCCHIS = ("pocchi_5z", "pocchi_6z", "pocchi_7z")
# "Ultimate all-stars: using all colored tiles (i.e., all red, gold, and blue; pocchi tiles
# are not included)"
COLOURED_SPECIALS = frozenset((*BLUES, GOLD))


def consecutive_triplets(a: Arrangement) -> int:
    """The longest run of triplets (or kans) on consecutive numbers of one suit."""
    best = run = 0
    previous = -2
    for kind in a.triplets:  # sorted
        if kind >= 27:
            break
        same_suit = kind // 9 == previous // 9
        run = run + 1 if kind == previous + 1 and same_suit else 1
        best = max(best, run)
        previous = kind
    return best


def quads_as_pairs(a: Arrangement) -> int:
    """Kansai chiitoitsu: how many of the seven pairs are a second pair of a kind."""
    return len(a.pairs) - len(set(a.pairs))


def _blue(a: Arrangement, c: HandContext) -> int:
    return sum(name in BLUES for name in c.record.specials)


def _gold(a: Arrangement, c: HandContext) -> bool:
    return GOLD in c.record.specials


def _sanrenko(a: Arrangement, c: HandContext) -> bool:
    return consecutive_triplets(a) >= 3


def _suurenko(a: Arrangement, c: HandContext) -> bool:
    return consecutive_triplets(a) >= 4


def _sanpuuko(a: Arrangement, c: HandContext) -> bool:
    return (a.triplet_mask & WIND_MASK).bit_count() == 3


def _kansai_chiitoitsu(a: Arrangement, c: HandContext) -> int:
    # "1 quad: +1 han; 2 quads: +3 han" (three quads are the yakuman below)
    return {1: 1, 2: 3}.get(quads_as_pairs(a), 0)


def _kansai_chiitoitsu_yakuman(a: Arrangement, c: HandContext) -> bool:
    return quads_as_pairs(a) == 3


def _shiisanpuutaa(a: Arrangement, c: HandContext) -> bool:
    return a.shape == shapes.SHIISANPUUTAA


def _shiisuupuutaa(a: Arrangement, c: HandContext) -> bool:
    return a.shape == shapes.SHIISUUPUUTAA


def _ultimate_all_stars(a: Arrangement, c: HandContext) -> bool:
    return c.aka == 3 and set(c.record.specials) >= COLOURED_SPECIALS


def _complete_hand_only(y: Yaku) -> Yaku:
    """Tenhou and chiihou count on a complete hand, not on a puutaa shape won at that time."""
    flag = y.check

    def check(a: Arrangement, c: HandContext) -> int:
        return 0 if a.shape in shapes.PUUTAA_SHAPES else flag(a, c)

    return replace(y, check=check)


# "1 blue 7m7p7s: +1 han and +2 shuugi" (like red fives: adds han, never makes a hand win)
BLUE_DORA = bonus_yaku("blue_dora", _blue)
# "1 gold 5p: grants a 1-han yaku and +1 shuugi"
GOLD_5P = regular_yaku("gold_5p", 1, 1, _gold)
SANRENKO = regular_yaku("sanrenko", 2, 2, _sanrenko)
SANPUUKO = regular_yaku("sanpuuko", 2, 2, _sanpuuko)
KANSAI_CHIITOITSU = regular_yaku("kansai_chiitoitsu", 1, None, _kansai_chiitoitsu)

SUURENKO = yakuman_yaku("suurenko", _suurenko)
KANSAI_CHIITOITSU_YAKUMAN = yakuman_yaku(
    "kansai_chiitoitsu_yakuman", _kansai_chiitoitsu_yakuman, closed_only=True
)
SHIISANPUUTAA = yakuman_yaku("shiisanpuutaa", _shiisanpuutaa, closed_only=True)
SHIISUUPUUTAA = yakuman_yaku("shiisuupuutaa", _shiisuupuutaa, closed_only=True)
ULTIMATE_ALL_STARS = yakuman_yaku("ultimate_all_stars", _ultimate_all_stars)

TENHOU_COMPLETE = _complete_hand_only(TENHOU)
CHIIHOU_COMPLETE = _complete_hand_only(CHIIHOU)


def _speed_table() -> tuple[Yaku, ...]:
    after = {
        "chiitoitsu": (KANSAI_CHIITOITSU,),
        "ryanpeikou": (SANRENKO, SANPUUKO, GOLD_5P),
        "aka_dora": (BLUE_DORA,),
        "chiihou": (
            RENHOU, SUURENKO, KANSAI_CHIITOITSU_YAKUMAN, SHIISANPUUTAA, SHIISUUPUUTAA,
            ULTIMATE_ALL_STARS,
        ),
    }  # fmt: skip
    swap = {"tenhou": TENHOU_COMPLETE, "chiihou": CHIIHOU_COMPLETE}
    table: list[Yaku] = []
    for y in STANDARD_YAKU:
        table.append(swap.get(y.name, y))
        table.extend(after.get(y.name, ()))
    return tuple(table)


# Every yaku Speed Tonpuu can count, in output order; options drop the local ones.
SPEED_YAKU = _speed_table()
