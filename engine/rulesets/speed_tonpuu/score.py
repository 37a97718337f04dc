"""Speed Tonpuu's score pipeline: the standard one plus specials, chips and the pocchi wildcard.

A wildcard pocchi "takes the tile that pays most": the hand is scored once
per tile kind the pocchi could stand for (a plain tile, never red, blue or
gold; no more copies than the set holds across everything the record shows)
and the substitution that pays most wins, judged by points plus chips at
the text's 5,000 a chip, then points, han, fu.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING

from engine.errors import EngineError, ErrorCode, Reason, bad_field
from engine.hand.context import HandContext, build_context
from engine.hand.evaluate import evaluate
from engine.hand.payment import Payment
from engine.hand.valuation import Valuation
from engine.record import HandRecord
from engine.result import ScoreResult, render
from engine.rulesets.speed_tonpuu.chips import chip_causes, chips_received, hand_chips
from engine.rulesets.speed_tonpuu.special_tiles import (
    WILDCARD,
    check_chankan_ankan,
    check_gold_is_plain,
    check_robbed_ankan_is_kokushi,
    wildcard_pocchi,
)
from engine.tiles import N_KINDS, parse_tiles, tile_name

if TYPE_CHECKING:
    from engine.rulesets.base import Ruleset

@dataclass(frozen=True, slots=True)
class Scored:
    valuation: Valuation
    payment: Payment  # chips in ``extra``

    def rank(self, payers: int, chip_points: int) -> tuple[int, int, int, int]:
        """Points and chips together ("Each shuugi chip is worth 5,000 points", or the
        game's 10,000), then points, han, fu: the wildcard's choice that pays most."""
        total = self.payment.total
        chips = chips_received(self.payment.extra["chips"], payers=payers)
        v = self.valuation
        return (total + chips * chip_points, total, v.han or 0, v.fu or 0)


def speed_score(record: HandRecord, ruleset: Ruleset) -> ScoreResult:
    if record.round_wind != "E":
        raise bad_field(
            f"field 'round_wind': {record.round_wind!r}, but {ruleset.slug} is played in the "
            "East round only (\"Strict Tonpuusen: East-only and no South extension\")",
            field=("round_wind",)
        )
    ctx = build_context(record, ruleset)
    check_gold_is_plain(record)
    check_chankan_ankan(record, ctx, allowed=ruleset.option_values["kokushi_ankan_ron"])
    pocchi = wildcard_pocchi(record, ctx)
    if pocchi is None:
        best = scored(record, ctx, ruleset)
    else:
        best = best_substitution(record, ctx, pocchi, ruleset)
    return render(record, best.valuation, best.payment)


def scored(record: HandRecord, ctx: HandContext, ruleset: Ruleset) -> Scored:
    """``ctx`` (the hand as read) valued, paid and given its chips; ``record`` as entered."""
    valuation = evaluate(ctx, ruleset)
    check_robbed_ankan_is_kokushi(ctx, valuation.yaku)
    payment = ruleset.pay(valuation, ctx, ruleset)
    causes = chip_causes(
        record=record, ctx=ctx, yakuman=valuation.yakuman, options=ruleset.option_values
    )
    extra = {
        "chips": hand_chips(causes, tsumo=ctx.tsumo),
        "chip_causes": [cause.to_dict() for cause in causes],
    }
    return Scored(valuation, replace(payment, extra=MappingProxyType(extra)))


def best_substitution(
    record: HandRecord, ctx: HandContext, pocchi: str, ruleset: Ruleset
) -> Scored:
    rest = list(parse_tiles(record.hand))
    rest.remove(ctx.win_tile)  # the pocchi: a 5z/6z/7z code is its kind
    rest_text = "".join(map(tile_name, rest))
    specials = tuple(name for name in record.specials if name != pocchi)
    extra = MappingProxyType({k: v for k, v in record.extra.items() if k != WILDCARD})
    payers = ruleset.players - 1
    chip_points = ruleset.option_values["chip_points"]
    best: Scored | None = None
    no_yaku = False
    for kind in range(N_KINDS):
        tile = tile_name(kind)
        variant = replace(
            record, hand=rest_text + tile, win_tile=tile, specials=specials, extra=extra
        )
        try:
            candidate = scored(record, build_context(variant, ruleset), ruleset)
        except EngineError as err:  # not a winning tile, or a fifth copy
            no_yaku = no_yaku or err.code == ErrorCode.NO_YAKU
            continue
        if best is None or candidate.rank(payers, chip_points) > best.rank(payers, chip_points):
            best = candidate
    if best is None:
        if no_yaku:
            raise EngineError(ErrorCode.NO_YAKU, f"{record.hand}: no tile the {pocchi} "
                              "wildcard can stand for gives a hand with a yaku",
                              reason=Reason.NO_YAKU, params={"hand": record.hand})
        raise EngineError(ErrorCode.NOT_A_WINNING_HAND, f"{record.hand}: no tile the {pocchi} "
                          "wildcard can stand for completes the hand",
                          reason=Reason.NOT_A_WINNING_HAND, params={"hand": record.hand})
    return best
