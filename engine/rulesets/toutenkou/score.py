"""Toutenkou's scoring: points instead of han and fu, paid by one or two players.

toutenkou-tenhou.txt: "Instead of calculating with fu and han, the score is
only counted with points"; "Ron takes points from only one opponent (with 8
more extra points than tsumo)"; "Tsumo takes points from two opponents";
"Each yakuman is worth 20 points". The spec's output (hand-record.md): each
yaku entry carries ``points``, ``han`` and ``fu`` are null, ``points`` is
the hand's value, ``payment`` is ``{"ron": P}`` or ``{"tsumo_each": P}``,
``total`` adds the riichi sticks (1 point each).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.errors import EngineError, ErrorCode, Reason, bad_field
from engine.hand.arrangement import Arrangement
from engine.hand.context import HandContext, build_context, describe_hand, not_winning
from engine.hand.evaluate import find_arrangements, yaku_hits
from engine.hand.payment import Payment
from engine.hand.valuation import Valuation, has_yaku
from engine.record import HandRecord
from engine.result import ScoreResult, render
from engine.rulesets.toutenkou.tiles import gari_kinds
from engine.rulesets.toutenkou.yaku import FACTS, gari_facts
from engine.tiles import KIND, N_KINDS, parse_tiles, tile_name
from engine.yaku.base import YakuHit

if TYPE_CHECKING:
    from engine.rulesets.base import Ruleset

# toutenkou-ja.txt: "国士無双・小四喜・大四喜・清老頭の場合のみガリを手牌の中で使ってもよい"
GARI_IN_HAND_YAKUMAN = frozenset({"kokushi", "kokushi_13", "shousuushii", "daisuushii",
                                  "chinroutou"})  # fmt: skip
ROBBED_GARI = "robbed_gari"
# fives "gari": "黒5牌は1点ガリ、赤5牌は3点ガリ" — 5p and 5s are gari
# (option gari_multiplies_fives).
FIVES_AS_GARI = frozenset({13, 22})


# The words after the hand's description: a Final literal, which the compiled fast scorer
# inlines (a call of this module's function from compiled code costs ~1,000 instructions)
NO_REGULAR_YAKU: Final = (" has no regular yaku (dora and the special yaku such as banban,"
                          " gari, ron or karasu do not count)")


def no_regular_yaku_message(description: str) -> str:
    return description + NO_REGULAR_YAKU


def parse_robbed_gari(name: str, value: object) -> bool:
    if value is not True and value is not False:
        raise bad_field(f"field {name!r} must be true or false, not {value!r}", field=(name,))
    return value


def toutenkou_score(record: HandRecord, ruleset: Ruleset) -> ScoreResult:
    options = ruleset.option_values
    if options["no_chi"]:
        _no_chi(record)
    ctx = build_context(record, ruleset)
    gari = gari_kinds(ruleset.tiles)
    yakuman_only = options["gari_in_hand"] == "yakuman_only"
    if ctx.extra.get(ROBBED_GARI):
        _check_robbed_gari(ctx, gari=gari, yakuman_only=yakuman_only)
    multiplier = _gari_multiplier(record, gari, bai=options["gari_bai"], tori=options["gari_tori"])
    fives_are_gari = options["fives"] == "gari" and options["gari_multiplies_fives"]
    if fives_are_gari:  # a 5p/5s turned up is a gari turned up too
        multiplier = max(multiplier, _gari_multiplier(
            record, gari | FIVES_AS_GARI, bai=options["gari_bai"], tori=options["gari_tori"]))
    ctx.extra[FACTS] = gari_facts(
        ctx,
        gari=gari,
        copies=ruleset.tiles.copies,
        fives=options["fives"],
        multiplier=multiplier,
        five_multiplier=multiplier if fives_are_gari else 1,
    )
    kept = [k for k in sorted(gari) if ctx.counts[k]] if yakuman_only else []
    valuation = _best(ctx, ruleset, kept_gari=kept)
    return render(record, valuation, ruleset.pay(valuation, ctx, ruleset))


def _no_chi(record: HandRecord) -> None:
    for i, meld in enumerate(record.melds):
        if meld.kind == "chi":
            raise bad_field(f"melds[{i}] (chi {meld.tiles}): no chi in this game"
                            " (toutenkou option no_chi: 'チーはできない')",
                            field=("melds", i), meld=i,
                            reason=Reason.NO_CHI, params={"tiles": meld.tiles})


def _check_robbed_gari(ctx: HandContext, *, gari: frozenset[int], yakuman_only: bool) -> None:
    where = f"field {ROBBED_GARI!r}"
    if not yakuman_only:
        raise bad_field(f"{where}: a ron on a gari being set aside needs the option"
                        " gari_in_hand 'yakuman_only'", field=(ROBBED_GARI,))
    if ctx.tsumo:
        raise bad_field(f"{where}: robbing a gari being set aside is a ron, not a tsumo",
                        field=(ROBBED_GARI,))
    if ctx.win_tile not in gari:
        raise bad_field(f"{where}: win_tile {tile_name(ctx.win_tile)} is not a gari"
                        " (1m 5m 9m 4z)", field=(ROBBED_GARI,))


def _gari_multiplier(record: HandRecord, gari: frozenset[int], *, bai: bool, tori: bool) -> int:
    """ガリ倍 (a gari turned up as an indicator) x2, ガリトリ (a red tile) x3; tori wins."""
    indicators = parse_tiles(record.dora_indicators)
    if tori and any(code >= N_KINDS for code in indicators):
        return 3
    if bai and any(KIND[code] in gari for code in indicators):
        return 2
    return 1


def _best(ctx: HandContext, ruleset: Ruleset, *, kept_gari: list[int]) -> Valuation:
    arrangements = find_arrangements(ctx, ruleset)
    if not arrangements:
        raise not_winning(ctx)
    best: Valuation | None = None
    refused: Valuation | None = None
    for a in arrangements:
        v = ruleset.valuate(a, yaku_hits(a, ctx, ruleset), ctx, ruleset)
        if v is None:
            continue
        if kept_gari and not GARI_IN_HAND_YAKUMAN & {h.name for h in v.yaku}:
            refused = v
            continue
        if best is None or v.rank > best.rank:
            best = v
    if best is None and refused is not None:
        tiles = " ".join(tile_name(k) for k in kept_gari)
        raise bad_field(
            f"field 'hand': gari {tiles} kept in the hand or melds; with the option"
            " gari_in_hand 'yakuman_only' a gari stays in the hand only for kokushi,"
            " shousuushii, daisuushii or chinroutou (set it aside with nuki)", field=("hand",),
            reason=Reason.GARI_KEPT_IN_HAND, params={"gari": tiles},
        )
    if best is None:
        raise EngineError(
            ErrorCode.NO_YAKU, no_regular_yaku_message(describe_hand(ctx)),
            reason=Reason.NO_YAKU, params={"hand": describe_hand(ctx)},
        )
    return best


def points_valuation(
    a: Arrangement, hits: list[YakuHit], c: HandContext, ruleset: Ruleset
) -> Valuation | None:
    """Every yaku, dora and special bonus in points; each yakuman at its point value."""
    if not has_yaku(hits):
        return None
    per_yakuman: int = ruleset.option_values["yakuman_points"]
    entries = tuple(
        YakuHit(h.name, h.value * per_yakuman, "points") if h.unit == "yakuman"
        else YakuHit(h.name, h.value, "points", h.bonus)
        for h in hits
    )  # fmt: skip
    yakuman = sum(h.value for h in hits if h.unit == "yakuman")
    points = sum(h.value for h in entries)
    limit = "yakuman" if yakuman else None
    return Valuation(entries, None, None, yakuman, limit, points, a, points=points)


def points_payment(v: Valuation, c: HandContext, ruleset: Ruleset) -> Payment:
    """Ron: the discarder alone pays the points; tsumo: each other player does."""
    points = v.points or 0
    sticks = c.record.riichi_sticks * ruleset.riichi_stick
    if c.tsumo:
        return Payment({"tsumo_each": points}, points * (ruleset.players - 1) + sticks)
    return Payment({"ron": points}, points + sticks)
