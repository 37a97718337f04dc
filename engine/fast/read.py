"""Reading a record for the fast scorer: the checks of the reference path, on packed counts.

``read(record)`` returns a :class:`Hand` when the record is one the fast
scorer takes and the reference path would accept (every field of the spec
well-typed and allowed, tiles that exist, no tile named more often than the
set holds, 14 tiles, a winning tile in hand, flags a real win can have), and
None otherwise: then the reference path scores it, and names what is wrong.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, NamedTuple

from engine.errors import EngineError
from engine.fast.plan import Plan, plan_for
from engine.fast.tables import (
    GROUP,
    WIDTH,
    WIN_TILES,
    CalledSet,
    _groups,
    _melds,
    group,
    meld,
    tile_string,
)
from engine.hand.arrangement import KAN
from engine.record import FLAGS, RIICHI_KINDS
from engine.rulesets import registry
from engine.tiles import EAST, KIND, N_KINDS

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
_FAST_KEYS = frozenset(FIELDS)
_REQUIRED = frozenset(FIELDS) - frozenset(_DEFAULTS)
_MELD_KEYS = frozenset(("kind", "tiles"))
_RIICHI = frozenset(RIICHI_KINDS)
MAX_INDICATORS = 16  # keeps every packed field below its guard bit


class Hand(NamedTuple):
    id: str
    plan: Plan
    hand: str
    melds: list[dict[str, str]]
    called: tuple[CalledSet, ...]
    kinds: int  # concealed tiles packed by kind, the winning tile included
    all_kinds: int  # with the melds' tiles (kans as four)
    mask: int  # kinds held, melds included
    win: int  # the winning tile's kind
    tsumo: bool
    closed: bool
    dealer: bool
    seat: int
    round_wind: int
    riichi: str
    flags: tuple[bool, ...]  # ippatsu .. renhou, as FLAGS
    dora: int
    aka: int
    ura: int
    honba: int
    sticks: int


_by_slug: dict[str, tuple[Any, Plan | None]] = {}


def _plan(slug: str) -> Plan | None:
    ruleset = registry.registered(slug)
    if ruleset is None:
        try:
            ruleset = registry.get(slug)  # loads the built-in rulesets on first use
        except EngineError:
            return None  # unknown: the reference path says so
    found = _by_slug.get(slug)
    if found is None or found[0] is not ruleset:
        found = _by_slug[slug] = (ruleset, plan_for(ruleset))
    return found[1]


def read(record: Any) -> Hand | None:
    if type(record) is not dict or not record.keys() <= _FAST_KEYS:
        return None
    try:
        values = _ALL(record)
    except KeyError:
        if not record.keys() >= _REQUIRED:
            return None
        values = tuple([record[n] if n in record else _DEFAULTS[n] for n in FIELDS])
    if tuple(map(type, values)) != _TYPES:
        return None
    (rid, slug, hand, melds, win_text, win, seat_text, round_text, dora_text, ura_text,
     riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou, chiihou, renhou, honba,
     sticks) = values  # fmt: skip
    plan = _plan(slug)
    if plan is None:
        return None
    seat = plan.seats.get(seat_text)
    round_wind = plan.rounds.get(round_text)
    if (seat is None or round_wind is None or riichi not in _RIICHI
            or honba < 0 or sticks < 0 or (win != "tsumo" and win != "ron")):
        return None
    # The concealed tiles, group by group.
    codes = kinds = n = mask = red = length = 0
    groups_get = _groups.get
    for text in GROUP.findall(hand):
        tiles = groups_get(text) or group(text)
        if tiles is None:
            return None
        codes += tiles[0]
        kinds += tiles[1]
        n += tiles[2]
        mask |= tiles[3]
        red += tiles[4]
        length += tiles[5]
    if length != len(hand) or n + 3 * len(melds) != 14 or len(melds) > 4:
        return None
    # The melds.
    hand_codes = codes
    all_kinds = kinds
    closed = True
    has_kan = False
    called: tuple[CalledSet, ...] = ()
    if melds:
        sets = []
        for item in melds:
            if type(item) is not dict or item.keys() != _MELD_KEYS:
                return None
            key = (item["kind"], item["tiles"])
            c = _melds.get(key) or meld(*key)
            if c is None:
                return None
            sets.append(c)
            t = c.tiles
            codes += t[0]
            all_kinds += t[1]
            mask |= t[3]
            red += t[4]
            if c.set[2]:
                closed = False
            if c.set[0] == KAN:
                has_kan = True
        called = tuple(sets)
    # Indicators count as physical tiles too; then no tile beyond the set's copies.
    dora_tiles = tile_string(dora_text)
    ura_tiles = tile_string(ura_text)
    if (dora_tiles is None or ura_tiles is None or dora_tiles.n > MAX_INDICATORS
            or ura_tiles.n > MAX_INDICATORS
            or (codes + dora_tiles.codes + ura_tiles.codes + plan.copies_add)
            & plan.copies_guards):
        return None
    win_code = WIN_TILES.get(win_text)
    if win_code is None:
        return None
    win_kind = KIND[win_code]
    if not (kinds >> (WIDTH * win_kind)) & 127 or (
        win_code >= N_KINDS and not (hand_codes >> (WIDTH * win_code)) & 127
    ):
        return None
    tsumo = win == "tsumo"
    flags = (ippatsu, rinshan, chankan, haitei, houtei, tenhou, chiihou, renhou)
    if riichi not in plan.ruleset.riichi_kinds:
        return None
    if (riichi != "none" or True in flags) and not _possible(
        riichi, flags, tsumo=tsumo, closed=closed, has_kan=has_kan, dealer=seat == EAST,
        melds=bool(melds),
    ):
        return None
    dora_next = plan.ruleset.dora_next
    dora = _dora(all_kinds, dora_tiles.kind_list, dora_next)
    ura = _dora(all_kinds, ura_tiles.kind_list, dora_next) if riichi != "none" else 0
    return Hand(rid, plan, hand, melds, called, kinds, all_kinds, mask, win_kind, tsumo,
                closed, seat == EAST, seat, round_wind, riichi, flags, dora, red, ura,
                honba, sticks)


def _dora(all_kinds: int, indicators: tuple[int, ...], dora_next: tuple[int, ...]) -> int:
    total = 0
    for kind in indicators:
        dora = dora_next[kind]
        if dora >= 0:
            total += (all_kinds >> (WIDTH * dora)) & 127
    return total


def _possible(riichi: str, flags: tuple[bool, ...], *, tsumo: bool, closed: bool,
              has_kan: bool, dealer: bool, melds: bool) -> bool:
    """engine.hand.validate.flags, as a yes/no (the reference path says what is wrong)."""
    ippatsu, rinshan, chankan, haitei, houtei, tenhou, chiihou, renhou = flags
    declared = riichi != "none"
    if declared and not closed:
        return False
    if ippatsu and not declared:
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
