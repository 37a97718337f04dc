"""The fast scorer: ``engine.score``'s answer, computed from packed counts and reading summaries.

Same answer as the reference pipeline (``build_context`` -> arrangements ->
``yaku_hits`` -> ``han_fu_valuation`` -> ``standard_payment`` -> ``render``),
which ``tests/engine/test_fast.py`` checks hand by hand, but organised for
speed:

- yaku that do not depend on how the hand is read (riichi and the other
  situational yaku, tanyao, the flushes, dora, yakuhai, the all-honours and
  other tile-set yakuman) are counted once per hand, not per arrangement;
- each suit's readings come from a table keyed by that suit's counts, with
  what the run and triplet yaku need already summarised (run and triplet bit
  masks, identical-run pairs, triplet fu, "every set holds a terminal");
- an arrangement costs a few bit operations and its fu; the yaku list is
  built once, for the arrangement that pays most;
- the result dict is rendered once.

``score_fast(record)`` returns None for a record it does not take (another
ruleset pipeline, a field beyond the common ones) or that the reference path
would refuse for any reason but "no yaku" / "not a winning hand": the
reference path then scores it and names the problem.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from engine.fast.plan import Hit, Plan
from engine.fast.read import Hand, read
from engine.fast.tables import PAIRS_ONLY, SUIT_FIELDS, WIDTH, SuitReading, readings
from engine.hand.arrangement import KAN, RYANMEN, SHANPON, TANKI
from engine.hand.context import describe_tiles, no_yaku_message, not_winning_message
from engine.hand.limits import YAKUMAN_BASE, basic_points
from engine.tiles import (
    DRAGON_MASK,
    EAST,
    HAKU,
    HONOUR_MASK,
    NORTH,
    NOT_GREEN_MASK,
    NOT_HONOUR_MASK,
    NOT_TERMINAL_MASK,
    NOT_YAOCHUU_MASK,
    SUIT_MASKS,
    WIND_MASK,
    YAOCHUU_MASK,
)

RIICHI_YAKU = {"riichi": "riichi", "double": "double_riichi", "open": "open_riichi"}
FLAG_YAKU = ("ippatsu", "rinshan_kaihou", "chankan", "haitei", "houtei")  # flags[0:5]
FIRST_TURN_YAKUMAN = ("tenhou", "chiihou", "renhou")  # flags[5:8]
SUPERSEDED_BY_RYANPEIKOU = "iipeikou"
LOW_BITS = 0x1FF  # kinds 0-8: a bit there with the same bit +9 and +18 is a sanshoku
ITTSU_STARTS = (1 << 0) | (1 << 9) | (1 << 18)
WIND_BITS = WIND_MASK
_CHUUREN_BASE = (3, 1, 1, 1, 1, 1, 1, 1, 3)
Rank = tuple[int, bool, int, int]


def score_fast(record: Any) -> dict[str, Any] | None:
    try:
        hand = read(record)
        return None if hand is None else _score(hand)
    except Exception:  # noqa: BLE001 - the reference path scores it and reports any error
        return None


def _score(h: Hand) -> dict[str, Any]:
    plan = h.plan
    closed = h.closed
    side = plan.closed if closed else plan.opened
    yakuman_side = plan.yakuman_closed if closed else plan.yakuman_open
    hits, winnable = _hand_hits(h, side)
    yakuman = _hand_yakuman(h, yakuman_side)
    best: tuple[Rank, list[Hit], int | None] | None = None
    any_shape = False

    regular = _regular(h, side, yakuman_side, hits, winnable, yakuman)
    if regular is not None:
        any_shape, best = regular
    if not h.melds and h.mask.bit_count() == 7 and not (h.kinds + PAIRS_ONLY[0]) & PAIRS_ONLY[1]:
        any_shape = True
        shape_hits = list(hits)
        found = side.get("chiitoitsu")
        if found:
            shape_hits.append((found[0], "chiitoitsu", found[1]))
        best = _better(best, _valued(plan, shape_hits, winnable or bool(found), yakuman, 25))
    if not h.melds and h.mask == YAOCHUU_MASK:
        any_shape = True
        shape_yakuman = list(yakuman)
        _add(shape_yakuman, yakuman_side, "kokushi", 1)
        if (h.kinds >> (WIDTH * h.win)) & 127 == 2:
            _add(shape_yakuman, yakuman_side, "kokushi_13", 1)
        best = _better(best, _valued(plan, list(hits), winnable, shape_yakuman, 0))
    if best is None:
        description = describe_tiles(h.hand, ((m["kind"], m["tiles"]) for m in h.melds))
        if any_shape:
            return _failure(h.id, "no_yaku", no_yaku_message(description))
        return _failure(h.id, "not_a_winning_hand", not_winning_message(description))
    return _render(h, best)


def _add(hits: list[Hit], side: dict[str, tuple[int, int]], name: str, n: int) -> bool:
    found = side.get(name)
    if found is None:
        return False
    hits.append((found[0], name, n * found[1]))
    return True


def _hand_hits(h: Hand, side: dict[str, tuple[int, int]]) -> tuple[list[Hit], bool]:
    """The regular yaku that hold for every arrangement; whether one of them makes a yaku."""
    hits: list[Hit] = []
    winnable = False
    if h.riichi != "none":
        winnable |= _add(hits, side, RIICHI_YAKU[h.riichi], 1)
    if h.tsumo:
        winnable |= _add(hits, side, "menzen_tsumo", 1)
    flags = h.flags
    if True in flags:
        for name, on in zip(FLAG_YAKU, flags, strict=False):
            if on:
                winnable |= _add(hits, side, name, 1)
    mask = h.mask
    if not mask & YAOCHUU_MASK:
        winnable |= _add(hits, side, "tanyao", 1)
    elif not mask & NOT_YAOCHUU_MASK:
        winnable |= _add(hits, side, "honroutou", 1)
    suits = (mask & SUIT_MASKS[0] != 0) + (mask & SUIT_MASKS[1] != 0) + (mask & SUIT_MASKS[2] != 0)
    if suits == 1:
        winnable |= _add(hits, side, "honitsu" if mask & HONOUR_MASK else "chinitsu", 1)
    if h.dora:
        _add(hits, side, "dora", h.dora)
    if h.aka:
        _add(hits, side, "aka_dora", h.aka)
    if h.ura:
        _add(hits, side, "ura_dora", h.ura)
    return hits, winnable


def _hand_yakuman(h: Hand, side: dict[str, tuple[int, int]]) -> list[Hit]:
    """The yakuman that hold for every arrangement (of any shape)."""
    out: list[Hit] = []
    mask = h.mask
    if not mask & NOT_HONOUR_MASK:
        _add(out, side, "tsuuiisou", 1)
    if not mask & NOT_TERMINAL_MASK:
        _add(out, side, "chinroutou", 1)
    if not mask & NOT_GREEN_MASK:
        _add(out, side, "ryuuiisou", 1)
    if not h.melds:
        for suit in range(3):
            if mask == SUIT_MASKS[suit]:
                counts = [(h.all_kinds >> (WIDTH * (9 * suit + r))) & 127 for r in range(9)]
                if counts[0] >= 3 and counts[8] >= 3:
                    _add(out, side, "chuuren", 1)
                    rank = h.win % 9
                    if counts[rank] - 1 == _CHUUREN_BASE[rank]:
                        _add(out, side, "chuuren_9", 1)
    flags = h.flags
    for name, on in zip(FIRST_TURN_YAKUMAN, flags[5:], strict=True):
        if on:
            _add(out, side, name, 1)
    return out


def _regular(
    h: Hand,
    side: dict[str, tuple[int, int]],
    yakuman_side: dict[str, tuple[int, int]],
    hand_hits: list[Hit],
    hand_winnable: bool,
    hand_yakuman: list[Hit],
) -> tuple[bool, tuple[Rank, list[Hit], int | None] | None] | None:
    """The best regular (four sets and a pair) arrangement; None when there is none."""
    kinds = h.kinds
    win = h.win
    win_suit = win // 9 if win < 27 else 3
    per_suit: list[tuple[SuitReading, ...]] = []
    win_at = 0
    for suit in range(4):
        key = kinds & SUIT_FIELDS[suit]
        if key:
            found = readings(suit, key)
            if not found:
                return None
            if suit == win_suit:
                win_at = len(per_suit)
            per_suit.append(found)
    # What the melds add to every reading.
    meld_seqs = meld_seq_mask = meld_triplet_mask = ankans = kans = meld_fu = 0
    meld_outside = True
    for c in h.called:
        kind, _, is_open = c.set
        if c.seq_bit:
            meld_seqs += 1
            meld_seq_mask |= c.seq_bit
        else:
            meld_triplet_mask |= c.triplet_bit
            if kind == KAN:
                kans += 1
                if not is_open:
                    ankans += 1
        meld_fu += c.fu
        meld_outside = meld_outside and c.outside

    plan = h.plan
    tsumo = h.tsumo
    ron = not tsumo
    seat = h.seat
    round_wind = h.round_wind
    mask = h.mask
    base_fu = 22 if tsumo else (30 if h.closed else 20)
    pinfu_value = side.get("pinfu")
    # Hand-wide yaku of the regular shape: honour triplets and the pair are the same in every
    # reading (honours have no runs), kans come from the melds.
    honours: int | None = None
    shape_hits: list[Hit] = hand_hits
    shape_yakuman: list[Hit] = hand_yakuman
    shape_winnable = hand_winnable
    best: tuple[Rank, list[Hit], int | None] | None = None
    combos = [tuple(r[0] for r in per_suit)] if all(len(r) == 1 for r in per_suit) else product(
        *per_suit
    )
    for combo in combos:
        pair = -1
        pairs = seqs = twins = concealed = triplet_fu = 0
        seq_mask = meld_seq_mask
        triplet_mask = meld_triplet_mask
        outside = meld_outside
        for r in combo:
            if r.pair >= 0:
                pair = r.pair
                pairs += 1
            seqs += r.seqs
            twins += r.twins
            seq_mask |= r.seq_mask
            triplet_mask |= r.triplet_mask
            concealed += r.triplets
            triplet_fu += r.triplet_fu
            outside = outside and r.outside
        if pairs != 1:
            continue
        if honours is None:
            honours = triplet_mask & HONOUR_MASK
            shape_hits, shape_yakuman, shape_winnable = _honour_and_kan_yaku(
                side, yakuman_side, hand_hits, hand_winnable, hand_yakuman, honours, pair, seat,
                round_wind, kans,
            )
        seqs += meld_seqs
        concealed += ankans
        # Yaku of this reading, whatever the wait.
        reading_hits: list[Hit] = []
        if seqs == 4 and twins == 2 and _add(reading_hits, side, "ryanpeikou", 1):
            pass
        elif twins:
            _add(reading_hits, side, SUPERSEDED_BY_RYANPEIKOU, 1)
        if seq_mask & (seq_mask >> 9) & (seq_mask >> 18) & LOW_BITS:
            _add(reading_hits, side, "sanshoku_doujun", 1)
        if triplet_mask & (triplet_mask >> 9) & (triplet_mask >> 18) & LOW_BITS:
            _add(reading_hits, side, "sanshoku_doukou", 1)
        if seq_mask & (seq_mask >> 3) & (seq_mask >> 6) & ITTSU_STARTS:
            _add(reading_hits, side, "ittsu", 1)
        if outside and seqs:
            _add(reading_hits, side, "chanta" if mask & HONOUR_MASK else "junchan", 1)
        if not seqs:
            _add(reading_hits, side, "toitoi", 1)
        value_pair = pair >= HAKU or pair in (seat, round_wind)
        if pair >= HAKU:
            pair_fu = 2
        elif pair == seat and pair == round_wind:
            pair_fu = plan.ruleset.double_wind_pair_fu
        else:
            pair_fu = 2 if value_pair else 0
        fu_before_wait = base_fu + pair_fu + meld_fu + triplet_fu
        # Each place the winning tile can sit: the pair first, then the sets in order.
        placements = combo[win_at].waits.get(win, ())
        if pair == win:
            placements = ((TANKI, -1), *placements)
        for wait, triplet in placements:
            hits = shape_hits + reading_hits
            yakuman = shape_yakuman
            winnable = shape_winnable or bool(reading_hits)
            ankou = concealed
            fu = fu_before_wait
            if triplet >= 0 and ron:  # a triplet completed by ron is open
                ankou -= 1
                fu -= 4 if triplet in _YAOCHUU else 2
            if ankou == 3:
                winnable |= _add(hits, side, "sanankou", 1)
            elif ankou == 4:
                yakuman = [*yakuman, *_suuankou(yakuman_side, wait)]
            pinfu = (pinfu_value is not None and seqs == 4 and wait == RYANMEN
                     and not value_pair)
            if pinfu:
                hits.append((pinfu_value[0], "pinfu", pinfu_value[1]))  # type: ignore[index]
                winnable = True
                fu = 20 if tsumo else 30
            else:
                if wait != RYANMEN and wait != SHANPON:
                    fu += 2
                fu = 30 if fu == 20 else (fu + 9) // 10 * 10
            best = _better(best, _valued(plan, hits, winnable, yakuman, fu))
    return (honours is not None, best)


_YAOCHUU = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))


def _suuankou(side: dict[str, tuple[int, int]], wait: int) -> list[Hit]:
    out: list[Hit] = []
    _add(out, side, "suuankou", 1)
    if wait == TANKI:
        _add(out, side, "suuankou_tanki", 1)
    return out


def _honour_and_kan_yaku(
    side: dict[str, tuple[int, int]],
    yakuman_side: dict[str, tuple[int, int]],
    hand_hits: list[Hit],
    hand_winnable: bool,
    hand_yakuman: list[Hit],
    honours: int,
    pair: int,
    seat: int,
    round_wind: int,
    kans: int,
) -> tuple[list[Hit], list[Hit], bool]:
    hits = list(hand_hits)
    yakuman = list(hand_yakuman)
    winnable = hand_winnable
    if honours:
        for name, kind in (("yakuhai_haku", 31), ("yakuhai_hatsu", 32), ("yakuhai_chun", 33)):
            if honours >> kind & 1:
                winnable |= _add(hits, side, name, 1)
        if honours >> seat & 1:
            winnable |= _add(hits, side, "yakuhai_seat_wind", 1)
        if honours >> round_wind & 1:
            winnable |= _add(hits, side, "yakuhai_round_wind", 1)
        dragons = (honours & DRAGON_MASK).bit_count()
        if pair >= HAKU and dragons == 2:
            winnable |= _add(hits, side, "shousangen", 1)
        if dragons == 3:
            _add(yakuman, yakuman_side, "daisangen", 1)
        winds = (honours & WIND_BITS).bit_count()
        if EAST <= pair <= NORTH and winds == 3:
            _add(yakuman, yakuman_side, "shousuushii", 1)
        if winds == 4:
            _add(yakuman, yakuman_side, "daisuushii", 1)
    if kans == 3:
        winnable |= _add(hits, side, "sankantsu", 1)
    elif kans == 4:
        _add(yakuman, yakuman_side, "suukantsu", 1)
    return hits, yakuman, winnable


def _valued(
    plan: Plan, hits: list[Hit], winnable: bool, yakuman: list[Hit], fu: int
) -> tuple[Rank, list[Hit], int | None] | None:
    """(rank, the yaku to list, fu or None) of one arrangement, as han_fu_valuation values it."""
    if yakuman:
        shown = _yakuman_hits(plan, yakuman)
        multiples = sum(h[2] for h in shown)
        return (YAKUMAN_BASE * multiples, True, 0, 0), shown, None
    if not winnable:
        return None
    han = 0
    for hit in hits:
        han += hit[2]
    base, limit = basic_points(han, fu, plan.ruleset)
    return (base, limit == "yakuman", han, fu), hits, fu


def _yakuman_hits(plan: Plan, hits: list[Hit]) -> list[Hit]:
    hits = sorted(hits)
    ruleset = plan.ruleset
    if not ruleset.yakuman_stack:
        hits = [max(hits, key=lambda h: h[2])]
    supersedes = ruleset.supersedes
    dropped = {name for h in hits for name in supersedes.get(h[1], ())}
    return [h for h in hits if h[1] not in dropped] if dropped else hits


def _better(
    best: tuple[Rank, list[Hit], int | None] | None,
    candidate: tuple[Rank, list[Hit], int | None] | None,
) -> tuple[Rank, list[Hit], int | None] | None:
    if candidate is None:
        return best
    if best is None or candidate[0] > best[0]:
        return candidate
    return best


def _render(h: Hand, best: tuple[Rank, list[Hit], int | None]) -> dict[str, Any]:
    (base, is_yakuman, han, _), hits, fu = best
    plan = h.plan
    ruleset = plan.ruleset
    if is_yakuman:
        yaku = [{"name": name, "yakuman": value} for _, name, value in hits]
        multiples = base // YAKUMAN_BASE
        han_out: int = 0
        limit: str | None = "yakuman"
    else:
        hits.sort()
        yaku = [{"name": name, "han": value} for _, name, value in hits]
        _, limit = basic_points(han, fu or 0, ruleset)
        multiples = 1 if limit == "kazoe" else 0
        han_out = han
    others = ruleset.players - 1
    if h.tsumo:
        if h.dealer:
            each = -(-base * 2 // 100) * 100
            payment = {"tsumo_all": each}
            total = each * others
        else:
            dealer_pays = -(-base * 2 // 100) * 100
            each = -(-base // 100) * 100
            payment = {"tsumo_dealer": dealer_pays, "tsumo_non_dealer": each}
            total = dealer_pays + each * (others - 1)
    else:
        each = -(-base * (6 if h.dealer else 4) // 100) * 100
        payment = {"ron": each}
        total = each
    total += h.honba * ruleset.honba_per_payer * others + h.sticks * ruleset.riichi_stick
    return {
        "id": h.id,
        "ok": True,
        "yaku": yaku,
        "han": han_out,
        "fu": fu,
        "yakuman": multiples,
        "limit": limit,
        "payment": payment,
        "total": total,
    }


def _failure(record_id: str, code: str, message: str) -> dict[str, Any]:
    return {"id": record_id, "ok": False, "error": {"code": code, "message": message}}
