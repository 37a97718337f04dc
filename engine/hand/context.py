"""HandContext: everything about a hand that does not depend on how it is read.

``build_context(record, ruleset)`` parses the record's tiles against the
ruleset's tile set, checks counts, melds and flags (raising ``EngineError``
naming the tile or field), and precomputes what the yaku predicates share:
the 34 counts, a bit mask of the kinds held, winds, dora counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from engine.errors import EngineError, ErrorCode, Reason
from engine.hand import validate
from engine.hand.arrangement import KAN, Set
from engine.record import HandRecord
from engine.tiles import EAST, KIND, N_KINDS, WIND_LETTERS, mpsz, parse_tiles

if TYPE_CHECKING:
    from engine.rulesets.base import Ruleset


@dataclass(slots=True, eq=False)
class HandContext:
    record: HandRecord
    concealed: tuple[int, ...]  # 34 counts of the concealed tiles, winning tile included
    melds: tuple[Set, ...]  # called/declared sets as (kind, tile, open)
    win_tile: int
    tsumo: bool
    closed: bool  # no chi, pon, minkan or kakan
    dealer: bool
    seat_wind: int
    round_winds: tuple[int, ...]  # the round wind, plus any the ruleset adds
    round_wind_mask: int
    counts: tuple[int, ...]  # 34 counts of the whole hand, kans as four
    mask: int  # bit k set when kind k is in the hand
    dora: int
    aka: int
    ura: int
    nuki: int
    riichi: str
    extra: dict[str, Any] = field(default_factory=dict)  # ruleset-specific fields

    @property
    def riichi_declared(self) -> bool:
        return self.riichi != "none"


def build_context(record: HandRecord, ruleset: Ruleset) -> HandContext:
    extra: dict[str, Any] = {}
    if record.extra or record.nuki or record.discards or record.specials:
        extra = validate.ruleset_fields(record, ruleset)
    tiles = validate.parse_fields(record)
    hand = tiles.hand
    validate.physical_tiles(tiles, ruleset)
    melds = validate.melds(record, tiles.melds)
    validate.tile_count(record, hand, tiles.melds)
    if tiles.nuki:
        validate.nuki_tiles(tiles.nuki, ruleset)

    concealed = [0] * N_KINDS
    red = mask = 0
    for code in hand:
        if code >= N_KINDS:
            red += 1
            code = KIND[code]
        concealed[code] += 1
        mask |= 1 << code
    win_tile = validate.win_tile(record, tiles.win_tile, hand, concealed)
    closed = True
    has_kan = False
    for kind, _, is_open in melds:
        if is_open:
            closed = False
        if kind == KAN:
            has_kan = True
    validate.flags(record, closed=closed, has_kan=has_kan, ruleset=ruleset)

    counts = concealed[:]
    for meld_codes in tiles.melds:
        for code in meld_codes:
            if code >= N_KINDS:
                red += 1
                code = KIND[code]
            counts[code] += 1
            mask |= 1 << code
    if record.specials:
        validate.specials(record, counts)

    dora_base = counts
    for code in tiles.nuki:
        if code >= N_KINDS:
            red += 1
    if tiles.nuki and ruleset.nuki_counts_as_dora:
        dora_base = counts[:]
        for code in tiles.nuki:
            dora_base[KIND[code]] += 1
    riichi = record.riichi
    dora = _dora_count(dora_base, tiles.dora, ruleset.dora_next)
    ura = _dora_count(dora_base, tiles.ura, ruleset.dora_next) if riichi != "none" else 0

    seat = WIND_LETTERS[record.seat_wind]
    round_wind = WIND_LETTERS[record.round_wind]
    round_winds: tuple[int, ...] = (round_wind,)
    round_wind_mask = 1 << round_wind
    if ruleset.extra_round_winds:
        round_winds += tuple(w for w in ruleset.extra_round_winds if w != round_wind)
        round_wind_mask = sum(1 << w for w in round_winds)
    return HandContext(  # positional: this runs once per hand
        record,
        tuple(concealed),
        melds,
        win_tile,
        record.win == "tsumo",
        closed,
        seat == EAST,
        seat,
        round_winds,
        round_wind_mask,
        tuple(counts),
        mask,
        dora,
        red,
        ura,
        len(tiles.nuki),
        riichi,
        extra,
    )


def _dora_count(counts: list[int], indicators: tuple[int, ...], dora_next: tuple[int, ...]) -> int:
    total = 0
    for code in indicators:
        dora = dora_next[KIND[code]]
        if dora >= 0:
            total += counts[dora]
    return total


def describe_hand(ctx: HandContext) -> str:
    """The hand in canonical mpsz, melds after it (``"234m22s + chi 567p + pon 888s"``)."""
    return describe_tiles(ctx.record.hand, ((m.kind, m.tiles) for m in ctx.record.melds))


def describe_tiles(hand: str, melds: Iterable[tuple[str, str]]) -> str:
    """``describe_hand`` from the record's strings: the hand and (kind, tiles) per meld."""
    called = sorted(f" + {kind} {mpsz(parse_tiles(tiles))}" for kind, tiles in melds)
    return mpsz(parse_tiles(hand)) + "".join(called)


# The words after the hand's description: Final literals, which the compiled fast scorer
# inlines (a call of this module's functions from compiled code costs ~1,000 instructions)
NO_YAKU: Final = " has no yaku (dora, red fives and nukidora do not count)"
NOT_WINNING: Final = (" is not a complete hand"
                      " (four sets and a pair, seven pairs, or thirteen orphans)")


def no_yaku_message(description: str) -> str:
    return description + NO_YAKU


def not_winning_message(description: str) -> str:
    return description + NOT_WINNING


def not_winning(ctx: HandContext) -> EngineError:
    described = describe_hand(ctx)
    return EngineError(ErrorCode.NOT_A_WINNING_HAND, not_winning_message(described),
                       reason=Reason.NOT_A_WINNING_HAND, params={"hand": described})


def no_yaku(ctx: HandContext) -> EngineError:
    described = describe_hand(ctx)
    return EngineError(ErrorCode.NO_YAKU, no_yaku_message(described),
                       reason=Reason.NO_YAKU, params={"hand": described})
