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

This module reads the record and holds the hand-wide facts; ``arrange`` ranks each
reading's candidates, ``gari`` counts Toutenkou's facts, ``render`` writes the answer.

``score_fast(record)`` is None for what it does not take (another ruleset
pipeline, a field beyond the common ones, anything the reference path would
refuse for another reason than "no yaku" or "not a winning hand").
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import product
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final

from engine.errors import EngineError
from engine.fast import parts
from engine.fast.arrange import (
    arrange,
    better,
    chuuren,
    count,
    guards,
    one_suit_of,
    puutaa,
    quads_as_pairs,
)
from engine.fast.gari import gari_facts, within_copies
from engine.fast.parts import RIICHI_INDEX, TSUMO_AT
from engine.fast.plan import Plan, Shown, plan_for
from engine.fast.render import describe, failure, render, render_points
from engine.fast.tables import (
    CACHE_LIMIT,
    FIELD,
    FIVE_AT,
    GROUP,
    KAN_AT,
    KIND,
    LENGTH_AT,
    NOT_ONE_READING_EACH,
    OCCUPIED,
    OPEN_AT,
    PAIRS_AT,
    PAIRS_ONLY,
    RED_AT,
    SUITS_AT,
    WIDTH,
    WIN_TILES,
    CalledSet,
    SuitReading,
    Tiles,
    group,
    groups,
    hand_groups,
    meld,
    occupancy,
    readings,
    strings,
    tally,
    tile_string,
)
from engine.fast.tables import melds as meld_table
from engine.hand.context import NO_YAKU, NOT_WINNING
from engine.record import FLAGS, SPECIAL_TILES
from engine.reference import score_reference
from engine.rulesets import registry
from engine.rulesets.toutenkou.score import NO_REGULAR_YAKU
from engine.tiles import EAST, HAKU, HATSU, N_KINDS, TERMINALS_AND_HONOURS

if TYPE_CHECKING:
    from mypy_extensions import i64

# Module-level names read on every hand are Final: compiled, a C static or an inlined
# constant, where any other global is a lookup in the module's dict at each use.
FIELDS: Final = (
    "id", "ruleset", "hand", "melds", "win_tile", "win", "seat_wind", "round_wind",
    "dora_indicators", "ura_indicators", "riichi", *FLAGS, "honba", "riichi_sticks",
)  # fmt: skip
_DEFAULTS: dict[str, Any] = {
    "melds": [], "dora_indicators": "", "ura_indicators": "", "riichi": "none",
    **dict.fromkeys(FLAGS, False), "honba": 0, "riichi_sticks": 0,
}  # fmt: skip
_TYPES = (str, str, str, list, str, str, str, str, str, str, str, *(bool,) * 8, int, int)
_ALL = itemgetter(*FIELDS)
# Beyond FIELDS: options, and the ruleset fields (nuki only non-empty where the plan takes it).
_FAST_KEYS = frozenset((*FIELDS, "options", "nuki", "discards", "specials"))
_REQUIRED = frozenset(FIELDS) - frozenset(_DEFAULTS)
MAX_INDICATORS: Final = 16  # keeps every packed field below its guard bit
MAX_HAND_TEXT: Final = 28  # 14 tiles, each with its own suit letter at most
MAX_DISCARDS: Final = 30
SUIT_OF: Final = tuple(k // 9 if k < 27 else 3 for k in range(N_KINDS))
_KOKUSHI_HELD: Final = occupancy(TERMINALS_AND_HONOURS)
_OCC_ADD9: Final = OCCUPIED[0][0]
_OCC_GUARDS9: Final = OCCUPIED[0][1]
_OCC_ADD7: Final = OCCUPIED[3][0]
_OCC_GUARDS7: Final = OCCUPIED[3][1]
_NO_MELDS: Final[list[CalledSet]] = []  # never appended to
_NO_SPECIALS: Final[list[Any]] = []  # never appended to
_NO_MELD_ITEMS: Final[list[Any]] = []  # never appended to
_ABSENT: Final = object()  # record.get's default: the field is not in the record
_NO_SUIT: Final = (SuitReading(0, 0, {}),)  # a suit the hand does not hold: one empty reading
# Speed Tonpuu's special copies: name -> kind | index << 8 (0-2 blue, 3 gold, 4-6 pocchi)
SPECIAL_CODES: Final = {name: kind | i << 8 for i, (name, kind) in enumerate(SPECIAL_TILES.items())}
GOLD_INDEX: Final = 3
FIRST_POCCHI: Final = 4
PLAIN_5P_AT: Final = WIDTH * 4  # the 5p field of the pinzu word
# Built by mypyc (engine/fast/*.so): a few constructs are only faster there.
COMPILED: Final = not __file__.endswith(".py")


def score(record: Mapping[str, Any]) -> dict[str, Any]:
    """Score one hand record (spec/hand-record.md) into the spec's output object: the fast
    scorer's answer, else the reference pipeline's (``engine.reference.score_reference``), which
    also reports every problem. Never raises for bad input. ``engine.score`` is this."""
    try:
        fast = _score(record)
    except Exception:  # noqa: BLE001 - the reference path scores it and reports any error
        fast = None
    if fast is None:
        return score_reference(record)
    return fast


def score_fast(record: Any) -> dict[str, Any] | None:
    try:
        return _score(record)
    except Exception:  # noqa: BLE001 - the reference path scores it and reports any error
        return None


_plans: Final[dict[str, Plan | None]] = {}


def _plan(slug: str) -> Plan | None:
    """The plan of a registered ruleset (memoised per slug until a ruleset is registered)."""
    try:
        ruleset = registry.get(slug)  # loads the built-in rulesets on first use
    except EngineError:
        return None  # unknown: the reference path says so
    found = _plans[slug] = plan_for(ruleset)
    return found


_OptionsKey = tuple[str, tuple[tuple[str, Any], ...], tuple[type, ...]]
_with_options: Final[dict[_OptionsKey, Plan | None]] = {}
# Per ruleset, the options configured last (a copy) and their plan: the game path sends the
# same options, every option of its configuration, with each record of a game.
_last_options: Final[dict[str, tuple[dict[str, Any], Plan | None]]] = {}


def _configured(slug: str, options: Any) -> Plan | None:
    """The plan of a ruleset configured by a record's ``options``: the plan of the last ones
    when they are the same (a dict comparison), else memoised by their sorted items and
    their values' types (1 is not True). With the twenty options of a game's records, that
    key cost more than scoring the hand."""
    if type(options) is not dict:
        return None
    last = _last_options.get(slug)
    if last is not None and _same_options(options, last[0]):
        return last[1]
    items = tuple(sorted(options.items()))
    key = (slug, items, tuple([type(value) for _, value in items]))
    found = _with_options.get(key, _with_options)
    if found is _with_options:
        try:
            plan: Plan | None = plan_for(registry.configure(slug, options))
        except EngineError:
            plan = None  # an unknown or bad option: the reference path says which
        if len(_with_options) >= CACHE_LIMIT:
            _with_options.clear()
        found = _with_options[key] = plan
    _last_options[slug] = (dict(options), found)  # type: ignore[assignment]
    return found  # type: ignore[return-value]


def _same_options(options: dict[str, Any], last: dict[str, Any]) -> bool:
    """The same items, each value of the same type (``==`` takes 1 for True)."""
    return options == last and all(
        type(value) is type(last[name]) for name, value in options.items()
    )


def _forget() -> None:
    """A ruleset was registered: plans compiled before may be of a replaced ruleset."""
    _plans.clear()
    _with_options.clear()
    _last_options.clear()


registry.on_register.append(_forget)


def _score(record: Any) -> dict[str, Any] | None:  # noqa: C901, PLR0911, PLR0912, PLR0915
    # -- the fields: all present (or defaulted), of the right types and values
    if type(record) is not dict:
        return None
    if not COMPILED:  # the interpreter: fewer, larger operations (one C call fetches them)
        fetched = _fields(record)
        if fetched is None:
            return None
        (rid, slug, hand, melds, win_text, win, seat_text, round_text, dora_text, ura_text,
         riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou, chiihou, renhou, honba,
         sticks), exact = fetched
    else:  # compiled: each field fetched and its type compared, no tuple built
        try:
            rid = record["id"]
            slug = record["ruleset"]
            hand = record["hand"]
            win_text = record["win_tile"]
            win = record["win"]
            seat_text = record["seat_wind"]
            round_text = record["round_wind"]
        except KeyError:
            return None  # a required field is missing: the reference path names it
        # the fields with a default (counted when absent)
        melds, missing = _field(record, "melds", _NO_MELD_ITEMS, 0)
        dora_text, missing = _field(record, "dora_indicators", "", missing)
        ura_text, missing = _field(record, "ura_indicators", "", missing)
        riichi, missing = _field(record, "riichi", "none", missing)
        ippatsu, missing = _field(record, "ippatsu", False, missing)
        rinshan, missing = _field(record, "rinshan", False, missing)
        chankan, missing = _field(record, "chankan", False, missing)
        haitei, missing = _field(record, "haitei", False, missing)
        houtei, missing = _field(record, "houtei", False, missing)
        tenhou, missing = _field(record, "tenhou", False, missing)
        chiihou, missing = _field(record, "chiihou", False, missing)
        renhou, missing = _field(record, "renhou", False, missing)
        honba, missing = _field(record, "honba", 0, missing)
        sticks, missing = _field(record, "riichi_sticks", 0, missing)
        beyond = len(record) + missing - len(FIELDS)  # the usual record: the 21 fields, or
        exact = beyond == 0  # with the optional ones (counted: cheaper than a set of keys)
        if beyond and beyond != (("options" in record) + ("nuki" in record)
                                 + ("discards" in record) + ("specials" in record)):
            return None
        if (type(rid) is not str or type(slug) is not str or type(hand) is not str
                or type(melds) is not list or type(win_text) is not str or type(win) is not str
                or type(seat_text) is not str or type(round_text) is not str
                or type(dora_text) is not str or type(ura_text) is not str
                or type(riichi) is not str or type(ippatsu) is not bool
                or type(rinshan) is not bool or type(chankan) is not bool
                or type(haitei) is not bool or type(houtei) is not bool
                or type(tenhou) is not bool or type(chiihou) is not bool
                or type(renhou) is not bool or type(honba) is not int or type(sticks) is not int):
            return None
    options = None
    nuki_text = ""
    discards_text = ""
    specials_list: list[Any] = _NO_SPECIALS
    if not exact:  # the optional fields: default-valued, or nuki where the plan takes it
        options = record.get("options")
        nuki_text = record.get("nuki", "")
        discards = record.get("discards", "")
        specials = record.get("specials")
        if ((options is not None and type(options) is not dict) or type(nuki_text) is not str
                or type(discards) is not str
                or (specials is not None and type(specials) is not list)):
            return None
        if specials:
            specials_list = specials
        discards_text = discards
    plan = (_plans.get(slug) or _plan(slug)) if not options else _configured(slug, options)
    if (plan is None or (specials_list and not plan.speed)
            or (discards_text and not plan.yakuman_points)):
        return None
    seat_found = plan.seats.get(seat_text)
    round_found = plan.rounds.get(round_text)
    win_found = WIN_TILES.get(win_text)
    if (seat_found is None or round_found is None or win_found is None or honba < 0
            or sticks < 0 or riichi not in plan.riichi_kinds or (win != "tsumo" and win != "ron")
            or len(hand) > MAX_HAND_TEXT):
        return None
    seat: int = seat_found
    round_wind: int = round_found
    win_code: int = win_found
    tsumo = win == "tsumo"
    win_kind: int = KIND[win_code]
    win_suit: int = SUIT_OF[win_kind]

    # -- the concealed tiles: their groups' words add up to the hand's
    small: i64 = 0
    cls: i64 = 0
    sa: i64 = 0
    sb: i64 = 0
    k0: i64 = 0
    k1: i64 = 0
    k2: i64 = 0
    k3: i64 = 0
    red_w: i64 = 0
    win_group: Tiles | None = None
    # the last group of each suit: its readings are the suit's when it is the only one
    group0: Tiles | None = None
    group1: Tiles | None = None
    group2: Tiles | None = None
    group3: Tiles | None = None
    held = hand_groups(hand) if COMPILED else _groups(hand)
    if held is None:
        return None
    for g in held:
        small += g.small
        cls += g.cls
        sa += g.sa
        sb += g.sb
        red_w += g.red
        suit = g.suit
        if suit == 0:
            k0 += g.kw
            group0 = g
        elif suit == 1:
            k1 += g.kw
            group1 = g
        elif suit == 2:
            k2 += g.kw
            group2 = g
        else:
            k3 += g.kw
            group3 = g
        if suit == win_suit:
            win_group = g
    if (small >> LENGTH_AT) & 255 != len(hand) or (small & 255) + 3 * len(melds) != 14:
        return None
    # the concealed kinds, per suit
    c0, c1, c2, c3 = k0, k1, k2, k3
    c_sa, c_sb, c_red = sa, sb, red_w

    # -- the melds
    meld_seq_mask: i64 = 0
    called: list[CalledSet] = _NO_MELDS
    if melds:
        called = []
        if len(melds) > 4:
            return None
        for item in melds:
            if (type(item) is not dict or len(item) != 2 or "kind" not in item
                    or "tiles" not in item):
                return None  # exactly the keys "kind" and "tiles"
            meld_key = (item["kind"], item["tiles"])
            called_set = meld_table.get(meld_key) or meld(*meld_key)
            if called_set is None:
                return None
            called.append(called_set)
            small += called_set.small
            cls += called_set.cls
            sa += called_set.sa
            sb += called_set.sb
            red_w += called_set.red
            suit = called_set.suit
            if suit == 0:
                k0 += called_set.kw
            elif suit == 1:
                k1 += called_set.kw
            elif suit == 2:
                k2 += called_set.kw
            else:
                k3 += called_set.kw
            meld_seq_mask |= called_set.seq_bit
    closed = not (small >> OPEN_AT) & 15
    kans: int = (small >> KAN_AT) & 15
    red: int = (small >> RED_AT) & 255

    # -- indicators, copies, the winning tile, flags
    dora_found = plan.indicators.get(dora_text) or indicators(plan, dora_text)
    ura_found = plan.indicators.get(ura_text) or indicators(plan, ura_text)
    if dora_found is None or ura_found is None:
        return None
    # every code within its copies: each suit's plain codes (kinds less red fives), the reds
    t0: i64 = k0 + dora_found.k0 + ura_found.k0
    t1: i64 = k1 + dora_found.k1 + ura_found.k1
    t2: i64 = k2 + dora_found.k2 + ura_found.k2
    t3: i64 = k3 + dora_found.k3 + ura_found.k3
    tr: i64 = red_w + dora_found.red + ura_found.red
    # tiles set aside (nuki) of the plan's nuki kinds, in their own words
    n_nuki = 0
    n0: i64 = 0
    n3: i64 = 0
    n_red: i64 = 0
    nuki_codes: tuple[int, ...] = ()
    if nuki_text:
        nuki_found = strings.get(nuki_text) or tile_string(nuki_text)
        if nuki_found is None or len(nuki_found.codes) > MAX_INDICATORS:
            return None
        for code in nuki_found.codes:
            if KIND[code] not in plan.nuki_kinds:
                return None
        nuki_codes = nuki_found.codes
        n_nuki = len(nuki_codes)
        n0 = nuki_found.k0
        n3 = nuki_found.k3
        n_red = nuki_found.red
        if nuki_found.k1 or nuki_found.k2:
            return None
        t0 += n0
        t3 += n3
        tr += n_red
    # the winner's discards (Toutenkou's karasu): their copies count too
    discard_gari = False
    if discards_text:
        # a new string on almost every record: read directly, no table
        x0, x1, x2, x3, x_red, x_count, x_kinds = tally(discards_text)
        if (x_count < 0 or x_count > MAX_DISCARDS
                or len(dora_found.dora) + len(ura_found.dora) > 12
                or not within_copies(plan, x0, x1, x2, x3, x_red)):
            return None  # (bounded so that no packed count reaches its guard bit)
        t0 += x0
        t1 += x1
        t2 += x2
        t3 += x3
        tr += x_red
        for kind in plan.gari:
            if x_kinds >> kind & 1:
                discard_gari = True
    if (((t0 - ((tr & FIELD) << FIVE_AT) + plan.add0) & plan.guards0)
            | ((t1 - (((tr >> WIDTH) & FIELD) << FIVE_AT) + plan.add1) & plan.guards1)
            | ((t2 - (((tr >> (2 * WIDTH)) & FIELD) << FIVE_AT) + plan.add2) & plan.guards2)
            | ((t3 + plan.add3) & plan.guards3) | ((tr + plan.add_red) & plan.guards_red)):
        return None
    win_word: i64 = c0 if win_suit == 0 else c1 if win_suit == 1 else c2 if win_suit == 2 else c3
    if (not (win_word >> (WIDTH * (win_kind - 9 * win_suit))) & FIELD
            or (win_code >= N_KINDS and not (c_red >> (WIDTH * (win_code - N_KINDS))) & FIELD)):
        return None
    any_flag = (ippatsu or rinshan or chankan or haitei or houtei or tenhou or chiihou
                or renhou)
    flags: tuple[bool, ...] = ()
    if any_flag:
        flags = (ippatsu, rinshan, chankan, haitei, houtei, tenhou, chiihou, renhou)
        if not _possible(riichi, flags, tsumo=tsumo, closed=closed,
                         has_kan=kans > 0 or n_nuki > 0, dealer=seat == EAST,
                         melds=bool(melds)):
            return None
    elif riichi != "none" and not closed:
        return None
    n_blue = gold = n_pocchi = 0
    puutaa_shape = 0  # Speed Tonpuu's shape of no set on the first draw (arrange.puutaa)
    if plan.speed:
        if (tenhou or chiihou) and plan.puutaa and not melds:
            puutaa_shape = puutaa(c0, c1, c2, c3)
        if specials_list:
            seen = 0
            for name in specials_list:
                code = SPECIAL_CODES.get(name, -1) if type(name) is str else -1
                index = code >> 8
                if code < 0 or seen >> index & 1 or not count(k0, k1, k2, k3, code & 255):
                    return None  # unknown, twice, or not held: the reference path names it
                seen |= 1 << index
                if index < GOLD_INDEX:
                    n_blue += 1
                elif index == GOLD_INDEX:
                    gold = 1
                else:
                    n_pocchi += 1
            if gold and ((k1 >> PLAIN_5P_AT) & FIELD) <= ((red_w >> WIDTH) & FIELD):
                return None  # the gold names a plain 5p: none held
            if (tsumo and win_kind >= HAKU and seen >> (FIRST_POCCHI + win_kind - HAKU) & 1
                    and count(k0, k1, k2, k3, win_kind) == 1
                    and (not closed if win_kind == HATSU else riichi != "none")):
                return None  # a pocchi drawn as a wildcard: the reference path tries each tile

    # -- hits of the whole hand
    side = plan.closed if closed else plan.opened
    counters: int = cls
    key: int = counters | RIICHI_INDEX[riichi] | tsumo << TSUMO_AT
    if any_flag:
        s_key = key >> 32 << 32 | parts.flag_bits(flags)
        s_part = side.situational.get(s_key) or parts.situational(side, s_key)
        c_part = side.classes.get(counters) or parts.tile_class(side, counters)
        bits = s_part.bits | c_part.bits
        han = s_part.han + c_part.han
        winnable = s_part.winnable or c_part.winnable
        yakuman = s_part.yakuman | c_part.yakuman
    else:
        part = side.plain.get(key) or parts.plain(side, key)
        bits = part.bits
        han = part.han
        winnable = part.winnable
        yakuman = part.yakuman
    dora = ura = 0
    d0: i64 = k0 + n0 if plan.nuki_as_dora else k0  # a nuki tile is dora where its kind is
    d3: i64 = k3 + n3 if plan.nuki_as_dora else k3
    red += (n_red & FIELD) + (n_red >> WIDTH & FIELD) + (n_red >> (2 * WIDTH) & FIELD)
    for kind in dora_found.dora:
        dora += count(d0, k1, k2, d3, kind)
    if dora and side.dora[0]:
        bits |= side.dora[0]
        han += dora * side.dora[1]
    if red and side.aka[0]:
        bits |= side.aka[0]
        han += red * side.aka[1]
    if riichi != "none":
        for kind in ura_found.dora:
            ura += count(d0, k1, k2, d3, kind)
        if ura and side.ura[0]:
            bits |= side.ura[0]
            han += ura * side.ura[1]
    if n_nuki and side.nuki[0]:
        bits |= side.nuki[0]
        han += n_nuki * side.nuki[1]
    if specials_list:
        sp = side.speed
        if gold and sp[4]:
            bits |= sp[4]
            han += sp[5]
            winnable = True
        if n_blue and sp[8]:
            bits |= sp[8]
            han += n_blue * sp[9]
        if red == 3 and n_blue == 3 and gold:  # ultimate all-stars: every coloured tile
            yakuman |= sp[12]
    special = 0  # Toutenkou: the points listed beside a yakuman (its special yaku)
    p_counts: tuple[int, ...] = ()
    if plan.yakuman_points:
        if plan.no_chi and meld_seq_mask:
            return None  # a chi under no_chi: the reference path refuses it
        gari, minkans, ankans, sets, karasu, all_gari, five_dora, five_gari, daisharin = (
            gari_facts(plan, k0, k1, k2, k3, red_w, nuki_codes, n0, n3, dora_text,
                        discard_gari, called))
        p_key = parts.points_key(seat == EAST, honba, gari, minkans, ankans, sets, not tsumo,
                                 karasu, all_gari, five_gari, five_dora)
        if p_key < 0:  # a count beyond the key's fields: not memoised
            p_bits, p_han, special = parts.points_hits(side, (
                int(seat == EAST), 1, honba, gari, 1, minkans, ankans, sets, int(not tsumo),
                int(karasu), int(all_gari), five_gari, five_dora))
        else:
            p_bits, p_han, special = (side.points_hits.get(p_key)
                                      or parts.memo_points_hits(side, p_key))
        bits |= p_bits
        han += p_han
        if all_gari:
            yakuman |= side.yakuman.get("all_gari", (0, 0))[0]
        if daisharin:
            yakuman |= side.yakuman.get("daisharin", (0, 0))[0]
        p_counts = (honba, gari, minkans, ankans, sets, five_dora, five_gari)
    h0: i64 = 0
    h1: i64 = 0
    h2: i64 = 0
    h3: i64 = 0
    if not melds:  # the kinds held (OCCUPIED bits), per suit
        h0 = (c0 + _OCC_ADD9) & _OCC_GUARDS9
        h1 = (c1 + _OCC_ADD9) & _OCC_GUARDS9
        h2 = (c2 + _OCC_ADD9) & _OCC_GUARDS9
        h3 = (c3 + _OCC_ADD7) & _OCC_GUARDS7
        one_suit = one_suit_of(h0, h1, h2, h3)
        if one_suit >= 0:
            yakuman |= chuuren(side, (c0, c1, c2)[one_suit], one_suit, win_kind)

    # -- every arrangement; the one that pays most
    # the candidate that pays most: its rank (-1: none yet; han and fu are its bits 10-19
    # and 0-9) and its hits
    best_rank = -1
    best_bits = 0
    base_fu = 22 if tsumo else (30 if closed else 20)
    regular = False
    if not small & NOT_ONE_READING_EACH and win_group is not None:
        if (sa >> PAIRS_AT) & 15 == 1:  # four sets and one pair
            regular = True
            best_rank, best_bits = arrange(
                plan, side, best_rank, best_bits, sa, sb, win_group.readings[0].waits, bits,
                han, winnable, yakuman, meld_seq_mask, seat, round_wind, kans, tsumo, win_kind,
                base_fu, special)
    else:  # a suit in two groups (the table console writes the winning tile last, with its
        # own letter), or a group of no reading or several: each suit's readings, combined
        # in suit order as regular_readings does
        m_sa = sa - c_sa
        m_sb = sb - c_sb
        r0 = _suit_readings(0, c0, group0, small)
        r1 = _suit_readings(1, c1, group1, small)
        r2 = _suit_readings(2, c2, group2, small)
        r3 = _suit_readings(3, c3, group3, small)
        if len(r0) == 1 and len(r1) == 1 and len(r2) == 1 and len(r3) == 1:  # the usual
            r_sa = m_sa + r0[0].sa + r1[0].sa + r2[0].sa + r3[0].sa
            r_sb = m_sb + r0[0].sb + r1[0].sb + r2[0].sb + r3[0].sb
            if (r_sa >> PAIRS_AT) & 15 == 1:
                regular = True
                waits = (r0 if win_suit == 0 else r1 if win_suit == 1 else r2 if win_suit == 2
                         else r3)[0].waits
                best_rank, best_bits = arrange(
                    plan, side, best_rank, best_bits, r_sa, r_sb, waits, bits, han,
                    winnable, yakuman, meld_seq_mask, seat, round_wind, kans, tsumo, win_kind,
                    base_fu, special)
        else:
            for combo in product(r0, r1, r2, r3):
                r_sa = m_sa + combo[0].sa + combo[1].sa + combo[2].sa + combo[3].sa
                r_sb = m_sb + combo[0].sb + combo[1].sb + combo[2].sb + combo[3].sb
                if (r_sa >> PAIRS_AT) & 15 == 1:
                    regular = True
                    best_rank, best_bits = arrange(
                        plan, side, best_rank, best_bits, r_sa, r_sb, combo[win_suit].waits,
                        bits, han, winnable, yakuman, meld_seq_mask, seat, round_wind, kans,
                        tsumo, win_kind, base_fu, special)
    shaped = regular
    if not melds:
        kinds_held = guards(h0) + guards(h1) + guards(h2) + guards(h3)
        if (kinds_held == 7
                and not ((c0 + PAIRS_ONLY[0][0]) & PAIRS_ONLY[0][1]
                         | (c1 + PAIRS_ONLY[1][0]) & PAIRS_ONLY[1][1]
                         | (c2 + PAIRS_ONLY[2][0]) & PAIRS_ONLY[2][1]
                         | (c3 + PAIRS_ONLY[3][0]) & PAIRS_ONLY[3][1])):
            shaped = True
            bit, value = side.reading[10]
            best_rank, best_bits = better(plan, side, best_rank, best_bits, bits | bit,
                                           han + value, winnable or bit > 0, yakuman, 25,
                                           special)
        elif (plan.kansai and kinds_held < 7 and (quads := quads_as_pairs(c0, c1, c2, c3)) > 0
              and kinds_held == 7 - quads):
            # kansai chiitoitsu: four of a kind is two of the seven pairs (so fewer kinds)
            shaped = True
            bit, value = side.reading[10]
            sp = side.speed
            k_bits, k_han, k_yakuman = bits | bit, han + value, yakuman
            if quads == 3:
                k_yakuman |= sp[11]
            elif sp[6]:
                kansai = 1 if quads == 1 else 3
                k_bits |= sp[6]
                k_han += kansai * sp[7]
            best_rank, best_bits = better(plan, side, best_rank, best_bits, k_bits, k_han,
                                           winnable or k_bits != bits, k_yakuman, 25)
        elif (h0 == _KOKUSHI_HELD[0] and h1 == _KOKUSHI_HELD[1] and h2 == _KOKUSHI_HELD[2]
              and h3 == _KOKUSHI_HELD[3]):
            shaped = True
            kokushi = side.reading_yakuman[2]
            if count(c0, c1, c2, c3, win_kind) == 2:
                kokushi |= side.reading_yakuman[3]
            best_rank, best_bits = better(plan, side, best_rank, best_bits, bits, han,
                                           winnable, yakuman | kokushi, 0, special)
    if puutaa_shape:  # (thirteen orphans are one too; the kokushi above pays more)
        shaped = True
        shape_yakuman = side.bit("shiisanpuutaa" if puutaa_shape == 2 else "shiisuupuutaa")
        if not shape_yakuman:
            return None  # the shape without its yakuman: the reference path values it
        # tenhou and chiihou count on a complete hand only
        first_draw = side.bit("tenhou") | side.bit("chiihou")
        best_rank, best_bits = better(plan, side, best_rank, best_bits, bits, han, winnable,
                                       (yakuman & ~first_draw) | shape_yakuman, 0, special)
    if best_rank < 0:
        description = describe(c0, c1, c2, c3, c_red, called)
        if shaped and plan.yakuman_points:  # Toutenkou's own words
            return failure(rid, "no_yaku", description + NO_REGULAR_YAKU)
        if shaped:
            return failure(rid, "no_yaku", description + NO_YAKU)
        return failure(rid, "not_a_winning_hand", description + NOT_WINNING)
    rounds = 1
    if best_bits & side.round_counted:  # tonshaaba: one han per round wind held
        west = plan.extra_round
        rounds = int(count(k0, k1, k2, k3, round_wind) >= 3) + int(
            west != round_wind and count(k0, k1, k2, k3, west) >= 3)
    kansai = 0
    if best_bits & side.speed[6]:  # kansai chiitoitsu: 1 han for one quad, 3 for two
        kansai = 1 if quads_as_pairs(c0, c1, c2, c3) == 1 else 3
    counts = (1, dora, red, ura, n_nuki, rounds, kansai, n_blue)
    if plan.yakuman_points:
        return render_points(plan, side, rid, best_rank, best_bits, tsumo, sticks,
                              (*counts, *p_counts))
    chip_counts = (red, n_blue, gold, n_pocchi, int(ippatsu), ura) if plan.speed else ()
    return render(plan, side, rid, best_rank, best_bits, tsumo, seat == EAST, honba, sticks,
                  counts, chip_counts)


def _field(record: dict[str, Any], key: str, default: Any, missing: int) -> tuple[Any, int]:
    """``record[key]``, or ``default`` and ``missing`` counted up when the record leaves the
    field out: the table console sends only what was entered, and an exception per absent
    field (``record[key]``) would cost more than the hand."""
    value = record.get(key, _ABSENT)
    if value is _ABSENT:
        return default, missing + 1
    return value, missing


def _fields(record: dict[str, Any]) -> tuple[tuple[Any, ...], bool] | None:
    """The record's FIELDS (defaults filled in) and whether they are all it has, or None when
    one is missing or of the wrong type, or the record has a field beyond them and "options"
    (the compiled _score checks the same)."""
    try:
        values = _ALL(record)
        exact = len(record) == len(FIELDS)
    except KeyError:
        if not record.keys() >= _REQUIRED:
            return None
        values = tuple([record[n] if n in record else _DEFAULTS[n] for n in FIELDS])
        exact = False
    if (not exact and not record.keys() <= _FAST_KEYS) or tuple(map(type, values)) != _TYPES:
        return None
    return values, exact


def _suit_readings(suit: int, word: i64, last: Tiles | None,
                   small: i64) -> tuple[SuitReading, ...]:
    """A suit's readings: those of its group when the hand has one group of it (``last``),
    else those of its counts (memoised per suit: a lookup of a large int key); one empty
    reading when the hand holds none of it."""
    if not word:
        return _NO_SUIT
    if last is not None and (small >> (SUITS_AT + 4 * suit)) & 15 == 1:
        return last.readings
    return readings(suit, word)


def _groups(hand: str) -> list[Tiles] | None:
    """``hand_groups`` the interpreter's way: the regular expression cuts the groups (text
    after the last suit letter is left out) and their text finds them."""
    out = []
    for text in GROUP.findall(hand):
        found = groups.get(text) or group(text)
        if found is None:
            return None
        out.append(found)
    return out


def indicators(plan: Plan, text: str) -> Shown | None:
    """Memoised per plan: an indicator string's words and the kinds its indicators make
    dora."""
    if len(plan.indicators) >= CACHE_LIMIT:
        plan.indicators.clear()
    tiles = strings.get(text) or tile_string(text)
    found = None
    if tiles is not None and len(tiles.codes) <= MAX_INDICATORS:
        dora = tuple(
            plan.dora_next[KIND[code]] for code in tiles.codes if plan.dora_next[KIND[code]] >= 0
        )
        found = Shown(tiles, dora)
    plan.indicators[text] = found
    return found


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


__all__ = ["Tiles", "score_fast"]
