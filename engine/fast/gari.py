"""Toutenkou's hand facts for the fast scorer (rulesets/toutenkou/yaku.py's gari_facts and
its score.py's multipliers), and the copies check of a tile string's words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.fast.arrange import count
from engine.fast.plan import Plan
from engine.fast.tables import (
    FIELD,
    FIVE_AT,
    KAN_AT,
    KIND,
    OPEN_AT,
    WIDTH,
    CalledSet,
    strings,
    tile_string,
)
from engine.rulesets.toutenkou.score import FIVES_AS_GARI
from engine.tiles import N_KINDS

if TYPE_CHECKING:
    from mypy_extensions import i64

DAISHARIN_WORD: Final = sum(2 << (WIDTH * rank) for rank in range(1, 8))  # 2p-8p twice


def within_copies(plan: Plan, k0: i64, k1: i64, k2: i64, k3: i64, tr: i64) -> bool:
    """No kind (red fives apart) in these words beyond the copies the set holds."""
    return not (((k0 - ((tr & FIELD) << FIVE_AT) + plan.add0) & plan.guards0)
                | ((k1 - (((tr >> WIDTH) & FIELD) << FIVE_AT) + plan.add1) & plan.guards1)
                | ((k2 - (((tr >> (2 * WIDTH)) & FIELD) << FIVE_AT) + plan.add2)
                   & plan.guards2)
                | ((k3 + plan.add3) & plan.guards3) | ((tr + plan.add_red) & plan.guards_red))


def gari_facts(  # noqa: PLR0913
    plan: Plan, k0: i64, k1: i64, k2: i64, k3: i64, red_w: i64, nuki: tuple[int, ...],
    n0: i64, n3: i64, dora_text: str, discard_gari: bool, called: list[CalledSet],
) -> tuple[int, int, int, int, bool, bool, int, int, bool]:
    """Toutenkou's facts (rulesets/toutenkou/yaku.py, gari_facts; its score.py's
    multipliers): gari points set aside, open and closed kans, gari kinds held four times,
    karasu, all gari, five dora, five gari, daisharin. ``n0``, ``n3``: the words of the
    tiles set aside (gari are 1m 5m 9m and North)."""
    gari = plan.gari
    copies = plan.gari_copies
    multiplier = 1
    five_multiplier = 1
    fives_gari = plan.fives == "gari"
    if plan.gari_bai or plan.gari_tori:  # the indicators can multiply the gari
        indicators = strings.get(dora_text) or tile_string(dora_text)
        codes = indicators.codes if indicators is not None else ()
        multiplier = gari_multiplier(codes, gari, plan.gari_bai, plan.gari_tori)
        if fives_gari and plan.gari_multiplies_fives:
            multiplier = max(multiplier, gari_multiplier(codes, gari | FIVES_AS_GARI,
                                                          plan.gari_bai, plan.gari_tori))
            five_multiplier = multiplier
    red_gari = 3 if fives_gari else 1
    points = 0
    for code in nuki:
        points += red_gari if code >= N_KINDS else 1
    points *= multiplier
    h0: i64 = k0 + n0  # hand, melds and nuki
    h3: i64 = k3 + n3
    sets = 0
    all_gari = True
    in_play = False
    for kind in gari:
        held = count(h0, k1, k2, h3, kind)
        if held != copies[kind]:
            all_gari = False  # (a kind the set does not hold has all its no copies)
        elif held:
            sets += 1
        if held:
            in_play = True
    karasu = not (nuki or in_play or discard_gari)
    five_p = (k1 >> FIVE_AT) & FIELD  # 5p and 5s in hand and melds
    five_s = (k2 >> FIVE_AT) & FIELD
    five_dora = five_p + five_s if plan.fives == "dora" else 0
    five_gari = 0
    if fives_gari:
        red = ((red_w >> WIDTH) & FIELD) + ((red_w >> (2 * WIDTH)) & FIELD)  # 0p 0s
        five_gari = (five_p + five_s - red + 3 * red) * five_multiplier
    minkans = ankans = 0
    for called_set in called:
        if (called_set.small >> KAN_AT) & 15:
            if (called_set.small >> OPEN_AT) & 15:
                minkans += 1
            else:
                ankans += 1
    # 22334455667788p and nothing else (fourteen tiles: no kan)
    daisharin = k1 == DAISHARIN_WORD and not (k0 or k2 or k3)
    return (points, minkans, ankans, sets, karasu, all_gari, five_dora, five_gari, daisharin)


def gari_multiplier(codes: tuple[int, ...], gari: frozenset[int], bai: bool,
                     tori: bool) -> int:
    """ガリ倍 (a gari turned up as an indicator) x2, ガリトリ (a red tile) x3; tori wins."""
    if tori and any(code >= N_KINDS for code in codes):
        return 3
    if bai and any(KIND[code] in gari for code in codes):
        return 2
    return 1
