"""The fast scorer's candidates: a reading of four sets and a pair, each place the winning
tile can sit in it, and the best (rank, hits) of them (as ``han_fu_valuation`` and
``Valuation.rank``; for Toutenkou ``points_valuation``), from the summary words that
``engine.fast.tables`` adds up over a hand's suits and melds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.fast import parts
from engine.fast.plan import Plan, Side
from engine.fast.tables import (
    ANKOU_AT,
    FIELD,
    M34,
    NOT_OUTSIDE_AT,
    OCCUPIED,
    PAIR_AT,
    SEQS_AT,
    SET_FU_AT,
    TWINS_AT,
    WIDTH,
)
from engine.hand.arrangement import RYANMEN, SHANPON, TANKI
from engine.hand.limits import HAN_LIMITS, MANGAN_BASE, YAKUMAN_BASE
from engine.tiles import EAST, HAKU, YAOCHUU_MASK

if TYPE_CHECKING:
    from mypy_extensions import i64

LOW_BITS: Final = 0x1FF  # kinds 0-8: with the same bit +9 and +18, a sanshoku
ITTSU_STARTS: Final = (1 << 0) | (1 << 9) | (1 << 18)
START3: Final = 0x7F | 0x7F << 9 | 0x7F << 18  # runs of three kinds within a suit
START4: Final = 0x3F | 0x3F << 9 | 0x3F << 18
WIND_BITS: Final = 0xF << EAST
_YAOCHUU_BITS: Final = YAOCHUU_MASK
_ALL_NINE: Final = OCCUPIED[0][1]  # every field of a number suit's word held
_CHUUREN_BASE: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)
# A candidate's rank packs (basic points, yakuman, han, fu) so that comparing ints compares
# them in that order: ties go to a true yakuman over kazoe, then more han, then more fu.
YAKUMAN_RANK: Final = 1 << 20


def count(k0: i64, k1: i64, k2: i64, k3: i64, kind: int) -> int:
    """How many of ``kind`` the suit words hold."""
    if kind < 9:
        return (k0 >> (WIDTH * kind)) & FIELD
    if kind < 18:
        return (k1 >> (WIDTH * (kind - 9))) & FIELD
    if kind < 27:
        return (k2 >> (WIDTH * (kind - 18))) & FIELD
    return (k3 >> (WIDTH * (kind - 27))) & FIELD


def guards(word: i64) -> int:
    """How many OCCUPIED bits a suit word has (kinds held)."""
    n = 0
    while word:
        word &= word - 1
        n += 1
    return n


def quads_as_pairs(c0: i64, c1: i64, c2: i64, c3: i64) -> int:
    """Kansai chiitoitsu: how many kinds are held four times, or -1 when a kind is held
    other than 0, 2 or 4 times."""
    quads = 0
    for word, kinds in ((c0, 9), (c1, 9), (c2, 9), (c3, 7)):
        for r in range(kinds):
            n = (word >> (WIDTH * r)) & FIELD
            if n == 4:
                quads += 1
            elif n != 0 and n != 2:
                return -1
    return quads


def puutaa(c0: i64, c1: i64, c2: i64, c3: i64) -> int:
    """Speed Tonpuu's puutaa shapes (speed_tonpuu/shapes.py): no kind held more than twice,
    at most one pair, no two number tiles of a suit at most two apart. 2 for shiisanpuutaa
    (one pair), 1 for shiisuupuutaa (none), 0 for neither."""
    pairs = 0
    for suit in range(4):
        word = c0 if suit == 0 else c1 if suit == 1 else c2 if suit == 2 else c3
        last = -3  # the rank held before, in this suit
        for rank in range(9 if suit < 3 else 7):
            n = (word >> (WIDTH * rank)) & FIELD
            if n:
                if n > 2 or (suit < 3 and rank - last <= 2):
                    return 0
                pairs += n == 2
                last = rank
    return 0 if pairs > 1 else 2 if pairs else 1


def one_suit_of(h0: i64, h1: i64, h2: i64, h3: i64) -> int:
    """The number suit whose nine kinds are all the hand holds, or -1."""
    if h3:
        return -1
    if h0 == _ALL_NINE and not h1 and not h2:
        return 0
    if h1 == _ALL_NINE and not h0 and not h2:
        return 1
    if h2 == _ALL_NINE and not h0 and not h1:
        return 2
    return -1


def arrange(  # noqa: C901, PLR0912, PLR0913, PLR0915
    plan: Plan, side: Side, best_rank: int, best_bits: int, c_a: i64, c_b: i64,
    waits: dict[int, tuple[int, ...]], bits: int, han: int, winnable: bool, yakuman: int,
    meld_seq_mask: i64, seat: int, round_wind: int, kans: int, tsumo: bool, win_kind: int,
    base_fu: int, special: int = 0,
) -> tuple[int, int]:
    """One reading of four sets and a pair (summary words ``c_a``, ``c_b``): its hits on top
    of the hand's, then each place the winning tile can sit in it (the pair first, then its
    sets in order); the best candidate (rank, hits) of these and the one given."""
    flat = side.flat_reading
    pair: int = ((c_b >> PAIR_AT) & 255) - 1
    seqs: int = (c_a >> SEQS_AT) & 15
    seq_mask: i64 = (c_a & M34) | meld_seq_mask
    triplet_mask: i64 = c_b & M34
    r_bits, r_han, r_winnable, r_yakuman = bits, han, winnable, yakuman
    honours: int = triplet_mask >> 27
    if honours or pair >= EAST or kans >= 3:
        h_key = parts.honours_key(honours, pair, seat, round_wind, kans, plan.extra_round >= 0)
        h = side.honours.get(h_key) or parts.honours(side, h_key)
        r_bits |= h.bits
        r_han += h.han
        r_winnable = r_winnable or h.winnable
        r_yakuman |= h.yakuman
    # the reading's yaku: (bit, han) pairs of side.flat_reading, looked at on a hit
    twins = (c_a >> TWINS_AT) & 15
    if twins:
        if seqs == 4 and twins == 2 and flat[4]:
            r_bits |= flat[4]
            r_han += flat[5]
        elif flat[2]:
            r_bits |= flat[2]
            r_han += flat[3]
    if seqs >= 3:
        if seq_mask & (seq_mask >> 9) & (seq_mask >> 18) & LOW_BITS and flat[6]:
            r_bits |= flat[6]
            r_han += flat[7]
        if seq_mask & (seq_mask >> 3) & (seq_mask >> 6) & ITTSU_STARTS and flat[10]:
            r_bits |= flat[10]
            r_han += flat[11]
    elif seqs < 2:
        if triplet_mask & (triplet_mask >> 9) & (triplet_mask >> 18) & LOW_BITS and flat[8]:
            r_bits |= flat[8]
            r_han += flat[9]
        if not seqs and flat[16]:
            r_bits |= flat[16]
            r_han += flat[17]
    if seqs and not (c_a >> NOT_OUTSIDE_AT) & 15:
        if honours or pair >= EAST:
            if flat[12]:
                r_bits |= flat[12]
                r_han += flat[13]
        elif flat[14]:
            r_bits |= flat[14]
            r_han += flat[15]
    if plan.speed:  # sanrenko, suurenko, sanpuuko: triplets in a row, three wind triplets
        sp = side.speed
        run3: i64 = triplet_mask & (triplet_mask >> 1) & (triplet_mask >> 2) & START3
        if run3:
            if sp[0]:
                r_bits |= sp[0]
                r_han += sp[1]
            if run3 & (triplet_mask >> 3) & START4:
                r_yakuman |= sp[10]
        if sp[2] and guards(triplet_mask & WIND_BITS) == 3:
            r_bits |= sp[2]
            r_han += sp[3]
    r_winnable = r_winnable or r_bits != bits
    ankou: int = (c_a >> ANKOU_AT) & 15
    round_pair = pair == round_wind or pair == plan.extra_round  # noqa: PLR1714 - no tuple
    value_pair = pair >= HAKU or pair == seat or round_pair
    if pair >= HAKU:
        fu = base_fu + 2
    elif pair == seat and round_pair:
        fu = base_fu + plan.double_wind_pair_fu
    else:
        fu = base_fu + 2 if value_pair else base_fu
    fu += (c_a >> SET_FU_AT) & 255
    pinfu_shape = seqs == 4 and not value_pair and flat[0] != 0
    placements = waits.get(win_kind, ())
    tanki_first = 1 if pair == win_kind else 0
    for i in range(len(placements) + tanki_first):
        placed = TANKI << 8 if i < tanki_first else placements[i - tanki_first]
        wait = placed >> 8
        triplet = (placed & 255) - 1
        p_bits, p_han, p_winnable, p_yakuman = r_bits, r_han, r_winnable, r_yakuman
        p_fu, p_ankou = fu, ankou
        if triplet >= 0 and not tsumo:  # a triplet completed by ron is open
            p_ankou -= 1
            p_fu -= 4 if _YAOCHUU_BITS >> triplet & 1 else 2
        if p_ankou == 3 and flat[18]:
            p_bits |= flat[18]
            p_han += flat[19]
            p_winnable = True
        elif p_ankou == 4:
            p_yakuman |= side.reading_yakuman[0]
            if wait == TANKI:
                p_yakuman |= side.reading_yakuman[1]
        if pinfu_shape and wait == RYANMEN:
            p_bits |= flat[0]
            p_han += flat[1]
            p_winnable = True
            p_fu = 20 if tsumo else 30
        else:
            if wait != RYANMEN and wait != SHANPON:
                p_fu += 2
            p_fu = 30 if p_fu == 20 else (p_fu + 9) // 10 * 10
        if p_yakuman or p_han >= 5 or plan.yakuman_points:
            best_rank, best_bits = better(plan, side, best_rank, best_bits, p_bits, p_han,
                                           p_winnable, p_yakuman, p_fu, special)
        elif p_winnable:
            base = p_fu << (p_han + 2)
            if base >= 2000 or (plan.kiriage and base >= 1920):
                base = 2000
            rank = base << 21 | p_han << 10 | p_fu
            if rank > best_rank:
                best_rank = rank
                best_bits = p_bits
    return best_rank, best_bits


def better(
    plan: Plan, side: Side, best_rank: int, best_bits: int, bits: int, han: int,
    winnable: bool, yakuman: int, fu: int, special: int = 0,
) -> tuple[int, int]:
    """(rank, hits) of the best of this candidate and the one given (as han_fu_valuation
    and Valuation.rank; for points, points_valuation: the rank is the points, then whether
    a yakuman, and ``special`` the points listed beside a yakuman)."""
    if plan.yakuman_points:
        if yakuman:
            shown = yakuman_shown(plan, side, yakuman)
            multiples = sum(side.values[b] for b in bits_of(shown))
            rank = (multiples * plan.yakuman_points + special) << 1 | 1
            bits = shown | (bits & side.with_yakuman)
        elif winnable:
            rank = han << 1
        else:
            return best_rank, best_bits
        if rank > best_rank:
            return rank, bits
        return best_rank, best_bits
    if yakuman:
        shown = yakuman_shown(plan, side, yakuman)
        multiples = sum(side.values[b] for b in bits_of(shown))
        rank = (YAKUMAN_BASE * multiples) << 21 | YAKUMAN_RANK
        bits, han, fu = shown, 0, 0
    elif not winnable:
        return best_rank, best_bits
    else:
        if han >= 5:
            base = basic(plan, han, fu)
        else:
            base = fu << (han + 2)
            if base >= 2000 or (plan.kiriage and base >= 1920):
                base = 2000
        rank = base << 21 | han << 10 | fu
    if rank > best_rank:
        return rank, bits
    return best_rank, best_bits


def basic(plan: Plan, han: int, fu: int) -> int:
    """engine.hand.limits.basic_points's points, for the plan's ruleset."""
    if han >= plan.kazoe_han:
        return YAKUMAN_BASE
    for min_han, _, base in HAN_LIMITS:
        if han >= min_han:
            return base
    base = fu << (han + 2)
    if base >= MANGAN_BASE or (plan.kiriage and base >= 1920):
        return MANGAN_BASE
    return base


def bits_of(bits: int) -> list[int]:
    out = []
    while bits:
        low = bits & -bits
        out.append(low)
        bits ^= low
    return out


def yakuman_shown(plan: Plan, side: Side, yakuman: int) -> int:
    """The yakuman listed (yaku_hits: the largest alone unless they stack, superseded
    ones dropped), as bits."""
    hits = bits_of(yakuman)
    if not plan.yakuman_stack:
        hits = [max(hits, key=lambda b: side.values[b])]  # the first of the largest
    names = {side.names[b] for b in hits}
    dropped = {d for name in names for d in plan.supersedes.get(name, ())}
    return sum(b for b in hits if side.names[b] not in dropped)


def chuuren(side: Side, word: int, suit: int, win: int) -> int:
    """Chuuren (and the nine-sided chuuren_9): every rank of one suit, 1 and 9 thrice."""
    counts = [(word >> (WIDTH * r)) & FIELD for r in range(9)]
    if counts[0] < 3 or counts[8] < 3:
        return 0
    out = side.bit("chuuren")
    if counts[win % 9] - 1 == _CHUUREN_BASE[win % 9]:
        out |= side.bit("chuuren_9")
    return out
