"""The fast scorer: ``engine.score``'s answer from packed counts and reading summaries.

Same answer as the reference pipeline (``HandRecord.from_dict`` ->
``build_context`` -> arrangements -> ``yaku_hits`` -> ``han_fu_valuation`` ->
``standard_payment`` -> ``render``), which ``tests/engine/test_fast.py``
checks hand by hand, organised for speed:

- the record's checks are the reference path's, done on whole tuples and
  packed counts (one ``type`` map for every field, one addition and mask for
  every tile's copies); a record that fails any of them goes to the
  reference path, which names the problem;
- the yaku that do not depend on how the hand is read (situational, tile
  class, honours and kans, dora) come from small per-ruleset tables;
- each suit group's readings come memoised with a summary that adds up over
  the suits into the arrangement's runs, triplets, their masks and fu, so an
  arrangement costs a few bit operations;
- hits are bits of the ruleset's yaku table: the yaku list, the one dict,
  is built once, for the arrangement that pays most.

``score_fast(record)`` is None for what it does not take (another ruleset
pipeline, a field beyond the common ones, anything the reference path would
refuse for another reason than "no yaku" or "not a winning hand").
"""

from __future__ import annotations

from itertools import product
from operator import itemgetter
from typing import Any

from engine.errors import EngineError
from engine.fast import parts
from engine.fast.parts import RIICHI_INDEX, TSUMO_AT
from engine.fast.plan import Plan, Side, plan_for
from engine.fast.tables import (
    CACHE_LIMIT,
    CLASS_AT,
    CLASS_BITS,
    CODES_AT,
    GROUP,
    KAN_AT,
    KINDS_AT,
    LENGTH_AT,
    NOT_ONE_READING_EACH,
    OCCUPIED,
    OPEN_AT,
    PAIRS_ONLY,
    RED_AT,
    SMALL_BITS,
    SUIT_FIELDS,
    SUMMARY_AT,
    SUMMARY_BITS,
    WIDTH,
    WIN_TILES,
    CalledSet,
    SuitReading,
    Tiles,
    group,
    groups,
    meld,
    occupancy,
    readings,
    strings,
    tile_string,
)
from engine.fast.tables import melds as meld_table
from engine.hand.arrangement import RYANMEN, SHANPON, TANKI
from engine.hand.context import no_yaku_message, not_winning_message
from engine.hand.limits import YAKUMAN_BASE, basic_points
from engine.record import FLAGS
from engine.rulesets import registry
from engine.tiles import EAST, HAKU, KIND, N_KINDS, TERMINALS_AND_HONOURS, YAOCHUU_MASK

FIELDS = (
    "id", "ruleset", "hand", "melds", "win_tile", "win", "seat_wind", "round_wind",
    "dora_indicators", "ura_indicators", "riichi", *FLAGS, "honba", "riichi_sticks",
)  # fmt: skip
_DEFAULTS: dict[str, Any] = {
    "melds": [], "dora_indicators": "", "ura_indicators": "", "riichi": "none",
    **dict.fromkeys(FLAGS, False), "honba": 0, "riichi_sticks": 0,
}  # fmt: skip
_TYPES = (str, str, str, list, str, str, str, str, str, str, str, *(bool,) * 8, int, int)
_ALL = itemgetter(*FIELDS)
_FAST_KEYS = frozenset((*FIELDS, "options"))
_REQUIRED = frozenset(FIELDS) - frozenset(_DEFAULTS)
_MELD_KEYS = frozenset(("kind", "tiles"))
MAX_INDICATORS = 16  # keeps every packed field below its guard bit
MAX_HAND_TEXT = 28  # 14 tiles, each with its own suit letter at most
M34 = (1 << 34) - 1
LOW_BITS = 0x1FF  # kinds 0-8: with the same bit +9 and +18, a sanshoku
ITTSU_STARTS = (1 << 0) | (1 << 9) | (1 << 18)
SUIT_OF = tuple(k // 9 if k < 27 else 3 for k in range(N_KINDS))
_YAOCHUU_BITS = YAOCHUU_MASK
_KOKUSHI_HELD = occupancy(TERMINALS_AND_HONOURS)
_ONE_SUIT = tuple(occupancy(range(9 * s, 9 * s + 9)) for s in range(3))
_CHUUREN_BASE = (3, 1, 1, 1, 1, 1, 1, 1, 3)
# A candidate's rank packs (basic points, yakuman, han, fu) so that comparing ints compares
# them in that order: ties go to a true yakuman over kazoe, then more han, then more fu.
_YAKUMAN_RANK = 1 << 20


def score_fast(record: Any) -> dict[str, Any] | None:
    try:
        return _score(record)
    except Exception:  # noqa: BLE001 - the reference path scores it and reports any error
        return None


_plans: dict[str, Plan | None] = {}


def _plan(slug: str) -> Plan | None:
    """The plan of a registered ruleset (memoised per slug until a ruleset is registered)."""
    try:
        ruleset = registry.get(slug)  # loads the built-in rulesets on first use
    except EngineError:
        return None  # unknown: the reference path says so
    found = _plans[slug] = plan_for(ruleset)
    return found


_with_options: dict[tuple[str, tuple[tuple[str, Any], ...]], Plan | None] = {}


def _configured(slug: str, options: Any) -> Plan | None:
    """The plan of a ruleset configured by a record's ``options`` (memoised by their items)."""
    if type(options) is not dict:
        return None
    key = (slug, tuple(sorted(options.items())))
    found = _with_options.get(key, _with_options)
    if found is _with_options:
        try:
            plan: Plan | None = plan_for(registry.configure(slug, options))
        except EngineError:
            plan = None  # an unknown or bad option: the reference path says which
        if len(_with_options) >= CACHE_LIMIT:
            _with_options.clear()
        found = _with_options[key] = plan
    return found  # type: ignore[return-value]


def _forget() -> None:
    """A ruleset was registered: plans compiled before may be of a replaced ruleset."""
    _plans.clear()
    _with_options.clear()


registry.on_register.append(_forget)


def _score(record: Any) -> dict[str, Any] | None:  # noqa: C901, PLR0911, PLR0912, PLR0915
    # -- the fields: all present (or defaulted), of the right types and values
    if type(record) is not dict:
        return None
    try:
        values = _ALL(record)
        exact = len(record) == len(FIELDS)  # the usual record: the 21 fields, nothing else
    except KeyError:
        if not record.keys() >= _REQUIRED:
            return None
        values = tuple([record[n] if n in record else _DEFAULTS[n] for n in FIELDS])
        exact = False
    if (not exact and not record.keys() <= _FAST_KEYS) or tuple(map(type, values)) != _TYPES:
        return None
    rid, slug, hand, melds, win_text, win, seat_text, round_text, dora_text, ura_text, riichi = (
        values[:11]
    )
    flags = values[11:19]
    honba = values[19]
    sticks = values[20]
    options = None if exact else record.get("options")
    plan = (_plans.get(slug) or _plan(slug)) if not options else _configured(slug, options)
    if plan is None:
        return None
    seat = plan.seats.get(seat_text)
    round_wind = plan.rounds.get(round_text)
    win_code = WIN_TILES.get(win_text)
    if (seat is None or round_wind is None or win_code is None or honba < 0 or sticks < 0
            or riichi not in plan.riichi_kinds or (win != "tsumo" and win != "ron")
            or len(hand) > MAX_HAND_TEXT):
        return None
    tsumo = win == "tsumo"
    win_kind = KIND[win_code]
    win_suit = SUIT_OF[win_kind]

    # -- the concealed tiles: their groups' sums add up to the hand's
    total = 0
    win_group: Tiles | None = None
    groups_get = groups.get
    for text in GROUP.findall(hand):
        g = groups_get(text) or group(text)
        if g is None:
            return None
        total += g[0]
        if g[1] == win_suit:
            win_group = g
    small = total & SMALL_BITS
    if (small >> LENGTH_AT) & 255 != len(hand) or (small & 255) + 3 * len(melds) != 14:
        return None
    concealed = total

    # -- the melds
    meld_seq_mask = 0
    called: list[CalledSet] = []
    if melds:
        if len(melds) > 4:
            return None
        for item in melds:
            if type(item) is not dict or item.keys() != _MELD_KEYS:
                return None
            meld_key = (item["kind"], item["tiles"])
            called_set = meld_table.get(meld_key) or meld(*meld_key)
            if called_set is None:
                return None
            called.append(called_set)
            total += called_set[0]
            meld_seq_mask |= called_set[1]
        small = total & SMALL_BITS
    closed = not (small >> OPEN_AT) & 15
    kans = (small >> KAN_AT) & 15
    red = (small >> RED_AT) & 255

    # -- indicators, copies, the winning tile, flags
    dora_found = plan.indicators.get(dora_text) or indicators(plan, dora_text)
    ura_found = plan.indicators.get(ura_text) or indicators(plan, ura_text)
    if (dora_found is None or ura_found is None
            or (total + dora_found[0] + ura_found[0] + plan.copies_add) & plan.copies_guards
            or not (concealed >> (KINDS_AT + WIDTH * win_kind)) & 127
            or (win_code >= N_KINDS
                and not (concealed >> (CODES_AT + WIDTH * win_code)) & 127)):
        return None
    if True in flags:
        if not _possible(riichi, flags, tsumo=tsumo, closed=closed, has_kan=kans > 0,
                         dealer=seat == EAST, melds=bool(melds)):
            return None
    elif riichi != "none" and not closed:
        return None

    # -- hits of the whole hand
    side = plan.closed if closed else plan.opened
    counters = (total >> CLASS_AT) & CLASS_BITS
    if True in flags:
        bits, han, winnable, yakuman = (
            side.situational.get((riichi, tsumo, flags))
            or parts.situational(side, riichi, tsumo, flags)
        )
        c_bits, c_han, c_winnable, c_yakuman = (
            side.classes.get(counters) or parts.tile_class(side, counters)
        )
        bits |= c_bits
        han += c_han
        winnable = winnable or c_winnable
        yakuman |= c_yakuman
    else:
        key = counters | RIICHI_INDEX[riichi] | tsumo << TSUMO_AT
        bits, han, winnable, yakuman = side.plain.get(key) or parts.plain(side, key)
    dora = ura = 0
    for shift in dora_found[1]:
        dora += (total >> shift) & 127
    if dora and side.dora[0]:
        bits |= side.dora[0]
        han += dora * side.dora[1]
    if red and side.aka[0]:
        bits |= side.aka[0]
        han += red * side.aka[1]
    if riichi != "none":
        for shift in ura_found[1]:
            ura += (total >> shift) & 127
        if ura and side.ura[0]:
            bits |= side.ura[0]
            han += ura * side.ura[1]
    kinds = concealed >> KINDS_AT
    held = (kinds + OCCUPIED[0]) & OCCUPIED[1]  # no melds: the hand's kinds
    if not melds and held in _ONE_SUIT:
        yakuman |= _chuuren(side, kinds, _ONE_SUIT.index(held), win_kind)

    # -- every arrangement; the one that pays most
    base_fu = 22 if tsumo else (30 if closed else 20)
    best: tuple[int, int, int, int] | None = None  # (rank, bits, han, fu)
    summary = (total >> SUMMARY_AT) & SUMMARY_BITS
    if not small & NOT_ONE_READING_EACH and win_group is not None:
        candidates: Any = ((summary, win_group[2][0][1]),)
    else:
        meld_summary = summary - ((concealed >> SUMMARY_AT) & SUMMARY_BITS)
        candidates = [(sum(r.summary for r in combo) + meld_summary, combo[at].waits)
                      for combo, at in _combos(kinds, win_suit)]
    regular = False
    flat = side.flat_reading
    # Each reading (summary c): its hits on top of the hand's, then each place the winning
    # tile can sit in it (the pair first, then its sets in order).
    for c, waits in candidates:
        if (c >> 92) & 15 != 1:
            continue  # not one pair
        regular = True
        pair = ((c >> 96) & 255) - 1
        seqs = (c >> 68) & 15
        seq_mask = (c & M34) | meld_seq_mask
        triplet_mask = (c >> 34) & M34
        r_bits, r_han, r_winnable, r_yakuman = bits, han, winnable, yakuman
        honours = triplet_mask >> 27
        if honours or pair >= EAST or kans >= 3:
            h_key = parts.honours_key(honours, pair, seat, round_wind, kans)
            h_bits, h_han, h_winnable, h_yakuman = (
                side.honours.get(h_key) or parts.honours(side, h_key)
            )
            r_bits |= h_bits
            r_han += h_han
            r_winnable = r_winnable or h_winnable
            r_yakuman |= h_yakuman
        # the reading's yaku: (bit, han) pairs of side.flat_reading, looked at on a hit
        twins = (c >> 72) & 15
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
        if seqs and not (c >> 88) & 15:
            if honours or pair >= EAST:
                if flat[12]:
                    r_bits |= flat[12]
                    r_han += flat[13]
            elif flat[14]:
                r_bits |= flat[14]
                r_han += flat[15]
        r_winnable = r_winnable or r_bits != bits
        ankou = (c >> 76) & 15
        value_pair = pair >= HAKU or pair in (seat, round_wind)
        if pair >= HAKU:
            fu = base_fu + 2
        elif pair == seat and pair == round_wind:
            fu = base_fu + plan.double_wind_pair_fu
        else:
            fu = base_fu + 2 if value_pair else base_fu
        fu += (c >> 80) & 255
        pinfu_shape = seqs == 4 and not value_pair and flat[0]
        placements = waits.get(win_kind, ())
        if pair == win_kind:
            placements = ((TANKI, -1), *placements)
        for wait, triplet in placements:
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
            if p_yakuman or p_han >= 5:
                best = _better(plan, side, best, p_bits, p_han, p_winnable, p_yakuman, p_fu)
            elif p_winnable:
                base = p_fu << (p_han + 2)
                if base >= 2000 or (plan.kiriage and base >= 1920):
                    base = 2000
                rank = base << 21 | p_han << 10 | p_fu
                if best is None or rank > best[0]:
                    best = (rank, p_bits, p_han, p_fu)
    shaped = regular
    if not melds:
        if held.bit_count() == 7 and not (kinds + PAIRS_ONLY[0]) & PAIRS_ONLY[1]:
            shaped = True
            bit, value = side.reading[10]
            best = _better(plan, side, best, bits | bit, han + value, winnable or bit > 0,
                           yakuman, 25)
        elif held == _KOKUSHI_HELD:
            shaped = True
            kokushi = side.reading_yakuman[2]
            if (kinds >> (WIDTH * win_kind)) & 127 == 2:
                kokushi |= side.reading_yakuman[3]
            best = _better(plan, side, best, bits, han, winnable, yakuman | kokushi, 0)
    if best is None:
        description = _description(hand, called)
        if shaped:
            return _failure(rid, "no_yaku", no_yaku_message(description))
        return _failure(rid, "not_a_winning_hand", not_winning_message(description))
    return _render(plan, side, rid, best, tsumo, seat == EAST, honba, sticks, dora, red, ura)


def _hand_groups(hand: str) -> list[Tiles]:
    return [t for t in map(groups.get, GROUP.findall(hand)) if t is not None]


def indicators(plan: Plan, text: str) -> tuple[int, tuple[int, ...]] | None:
    """Memoised per plan: an indicator string's counts and its dora kinds' field shifts."""
    if len(plan.indicators) >= CACHE_LIMIT:
        plan.indicators.clear()
    tiles = strings.get(text) or tile_string(text)
    found = None
    if tiles is not None and len(tiles.codes) <= MAX_INDICATORS:
        shifts = tuple(
            KINDS_AT + WIDTH * plan.dora_next[KIND[code]]
            for code in tiles.codes if plan.dora_next[KIND[code]] >= 0
        )
        found = (tiles.sum >> CODES_AT << CODES_AT, shifts)
    plan.indicators[text] = found
    return found


def _better(
    plan: Plan, side: Side, best: tuple[int, int, int, int] | None, bits: int, han: int,
    winnable: bool, yakuman: int, fu: int,
) -> tuple[int, int, int, int] | None:
    """``best`` or this candidate if it ranks higher (as han_fu_valuation and Valuation.rank)."""
    if yakuman:
        shown = _yakuman_shown(plan, side, yakuman)
        multiples = sum(side.values[b] for b in _bits_of(shown))
        rank = (YAKUMAN_BASE * multiples) << 21 | _YAKUMAN_RANK
        bits, han, fu = shown, 0, 0
    elif not winnable:
        return best
    else:
        if han >= 5:
            base = basic_points(han, fu, plan.ruleset)[0]
        else:
            base = fu << (han + 2)
            if base >= 2000 or (plan.kiriage and base >= 1920):
                base = 2000
        rank = base << 21 | han << 10 | fu
    if best is None or rank > best[0]:
        return rank, bits, han, fu
    return best


def _bits_of(bits: int) -> list[int]:
    out = []
    while bits:
        low = bits & -bits
        out.append(low)
        bits ^= low
    return out


def _yakuman_shown(plan: Plan, side: Side, yakuman: int) -> int:
    """The yakuman listed (yaku_hits: the largest alone unless they stack, superseded
    ones dropped), as bits."""
    hits = _bits_of(yakuman)
    if not plan.yakuman_stack:
        hits = [max(hits, key=lambda b: side.values[b])]  # the first of the largest
    names = {side.names[b] for b in hits}
    dropped = {d for name in names for d in plan.supersedes.get(name, ())}
    return sum(b for b in hits if side.names[b] not in dropped)


def _combos(kinds: int, win_suit: int) -> list[tuple[tuple[SuitReading, ...], int]]:
    """Readings of the whole hand (suits combined as regular_readings does), with the index
    of the winning tile's suit in each: for hands whose suits are not one group each."""
    per_suit: list[tuple[SuitReading, ...]] = []
    at = 0
    for suit in range(4):
        key = kinds & SUIT_FIELDS[suit]
        if key:
            found = readings(suit, key)
            if not found:
                return []
            if suit == win_suit:
                at = len(per_suit)
            per_suit.append(found)
    return [(combo, at) for combo in product(*per_suit)]


def _chuuren(side: Side, kinds: int, suit: int, win: int) -> int:
    """Chuuren (and the nine-sided chuuren_9): every rank of one suit, 1 and 9 thrice."""
    counts = [(kinds >> (WIDTH * (9 * suit + r))) & 127 for r in range(9)]
    if counts[0] < 3 or counts[8] < 3:
        return 0
    out = side.bit("chuuren")
    if counts[win % 9] - 1 == _CHUUREN_BASE[win % 9]:
        out |= side.bit("chuuren_9")
    return out


def _possible(riichi: str, flags: tuple[bool, ...], *, tsumo: bool, closed: bool,
              has_kan: bool, dealer: bool, melds: bool) -> bool:
    """engine.hand.validate.flags, as a yes/no (the reference path says what is wrong)."""
    ippatsu, rinshan, chankan, haitei, houtei, tenhou, chiihou, renhou = flags
    declared = riichi != "none"
    if (declared and not closed) or (ippatsu and not declared):
        return False
    if tsumo:
        if houtei or chankan or (rinshan and haitei) or (rinshan and not has_kan):
            return False
    elif haitei or rinshan:
        return False
    untouched = not melds and not declared
    if tenhou and not (dealer and tsumo and untouched):
        return False
    if chiihou and not (not dealer and tsumo and untouched):
        return False
    return not (renhou and not (not dealer and not tsumo and untouched))


def _render(
    plan: Plan, side: Side, rid: str, best: tuple[int, int, int, int], tsumo: bool,
    dealer: bool, honba: int, sticks: int, dora: int, aka: int, ura: int,
) -> dict[str, Any]:
    rank, bits, han, fu = best
    base = rank >> 21
    if rank & _YAKUMAN_RANK:
        yaku = []
        while bits:
            bit = bits & -bits
            bits ^= bit
            yaku.append({"name": side.names[bit], "yakuman": side.values[bit]})
        multiples, fu_out = base // YAKUMAN_BASE, None
        limit: str | None = "yakuman"
    else:
        listed = side.listed.get(bits) or _listed(side, bits)
        if bits & side.counted:  # dora, aka_dora, ura_dora: han per occurrence x count
            counts = (1, dora, aka, ura)
            yaku = [{"name": name, "han": value * counts[which]} for name, value, which in listed]
        else:
            yaku = [{"name": name, "han": value} for name, value, _ in listed]
        limit = None if base < 2000 else basic_points(han, fu, plan.ruleset)[1]
        multiples, fu_out = (1 if limit == "kazoe" else 0), fu
    others = plan.others
    if tsumo:
        if dealer:
            each = -(-base * 2 // 100) * 100
            payment = {"tsumo_all": each}
            total = each * others
        else:
            from_dealer = -(-base * 2 // 100) * 100
            each = -(-base // 100) * 100
            payment = {"tsumo_dealer": from_dealer, "tsumo_non_dealer": each}
            total = from_dealer + each * (others - 1)
    else:
        each = -(-base * (6 if dealer else 4) // 100) * 100
        payment = {"ron": each}
        total = each
    total += honba * plan.honba * others + sticks * plan.stick
    return {"id": rid, "ok": True, "yaku": yaku, "han": han, "fu": fu_out,
            "yakuman": multiples, "limit": limit, "payment": payment, "total": total}


def _listed(side: Side, bits: int) -> tuple[tuple[str, int, int], ...]:
    """The yaku of ``bits`` in table order: (name, han per occurrence, which count
    multiplies it: 0 none, 1 dora, 2 aka, 3 ura). Memoised per table."""
    which = {side.dora[0]: 1, side.aka[0]: 2, side.ura[0]: 3}
    found = side.listed[bits] = tuple(
        (side.names[bit], side.values[bit], which.get(bit, 0)) for bit in _bits_of(bits)
    )
    return found


def _description(hand: str, called: list[CalledSet]) -> str:
    """describe_tiles from the parsed groups and melds (the hand's groups in suit order)."""
    by_suit = sorted((t.suit, t.canonical) for t in _hand_groups(hand))
    melds = "".join(sorted(c.description for c in called))
    if len({s for s, _ in by_suit}) != len(by_suit):  # a suit in two groups: parse again
        from engine.hand.context import describe_tiles

        return describe_tiles(hand, ()) + melds
    return "".join(text for _, text in by_suit) + melds


def _failure(record_id: str, code: str, message: str) -> dict[str, Any]:
    return {"id": record_id, "ok": False, "error": {"code": code, "message": message}}


__all__ = ["Tiles", "score_fast"]
