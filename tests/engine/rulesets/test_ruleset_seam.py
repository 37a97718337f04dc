"""The ruleset seam: a new ruleset adds yaku, pays differently, values in points,
adds output keys and record fields, without touching the evaluator."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import engine
from engine import rulesets
from engine.hand.arrangement import Arrangement
from engine.hand.context import HandContext, build_context
from engine.hand.evaluate import evaluate, standard_score
from engine.hand.payment import Payment
from engine.hand.valuation import Valuation, has_yaku
from engine.record import HandRecord
from engine.result import ScoreResult, render
from engine.rulesets import Ruleset
from engine.rulesets.registry import _registry
from engine.tiles import WEST, TileSet, parse_tiles
from engine.yaku import regular_yaku
from engine.yaku.base import YakuHit
from tests.engine.hands import record

BASE = rulesets.get("riichi-standard")


@pytest.fixture
def registered() -> Iterator[list[str]]:
    """Slugs registered by a test, removed afterwards."""
    slugs: list[str] = []
    yield slugs
    for slug in slugs:
        _registry.pop(slug, None)


def use(ruleset: Ruleset, slugs: list[str]) -> None:
    rulesets.register(ruleset)
    slugs.append(ruleset.slug)


def _sanrenko(a: Arrangement, c: HandContext) -> bool:
    t = a.triplets
    return any(k < 27 and k % 9 <= 6 and k + 1 in t and k + 2 in t for k in t)


SANRENKO = regular_yaku("sanrenko", 2, 2, _sanrenko)


def test_a_ruleset_adds_a_yaku_after_another(registered: list[str]) -> None:
    use(BASE.replace(slug="test-sanrenko").adding(SANRENKO, after="sanankou"), registered)
    result = engine.score(record("222333444p789s11z", "1z", ruleset="test-sanrenko"))
    names = [y["name"] for y in result["yaku"]]
    assert names == ["sanankou", "sanrenko"]


def test_a_ruleset_drops_and_revalues_yaku(registered: list[str]) -> None:
    use(
        BASE.replace(slug="test-revalue").revalue("sanankou", han_closed=5).without("toitoi"),
        registered,
    )
    result = engine.score(record("222333444p789s11z", "1z", ruleset="test-revalue"))
    assert result["yaku"] == [{"name": "sanankou", "han": 5}]


def test_a_ruleset_changes_honba_and_sticks(registered: list[str]) -> None:
    use(BASE.replace(slug="test-basengo", honba_per_payer=500), registered)
    rec = record("234567m345p567s88p", "2m", ruleset="test-basengo", riichi="riichi", honba=2)
    assert engine.score(rec)["total"] == 3900 + 2 * 1500  # riichi pinfu tanyao 30 fu


def test_a_ruleset_adds_a_round_wind(registered: list[str]) -> None:
    use(BASE.replace(slug="test-tonshaaba", extra_round_winds=(WEST,)), registered)
    rec = record("123m456p789s11z333z", "1z", ruleset="test-tonshaaba", seat_wind="S")
    assert {y["name"] for y in engine.score(rec)["yaku"]} == {"yakuhai_round_wind"}


def _points(a: Arrangement, hits: list[YakuHit], c: HandContext, r: Ruleset) -> Valuation | None:
    if not has_yaku(hits):
        return None
    bonus = YakuHit("banban", 2, "points", True)
    points = sum(h.value for h in hits) + bonus.value + (0 if c.tsumo else 8)
    return Valuation((*hits, bonus), None, None, 0, None, points, a, points=points)


def _pay_points(v: Valuation, c: HandContext, r: Ruleset) -> Payment:
    if c.tsumo:
        return Payment({"tsumo_each": v.base}, v.base * (r.players - 1))
    return Payment({"ron": v.base}, v.base, extra={"chips": {"ron": 1}})


def test_a_ruleset_replaces_valuation_and_payment(registered: list[str]) -> None:
    use(
        BASE.replace(
            slug="test-points", value_unit="points", valuate=_points, pay=_pay_points, players=3
        ),
        registered,
    )
    result = engine.score(
        record("234567m345p567s88p", "2m", ruleset="test-points", riichi="riichi")
    )
    assert result["han"] is None and result["fu"] is None
    assert result["points"] == 1 + 1 + 1 + 2 + 8  # riichi, pinfu, tanyao, banban, ron
    assert result["yaku"][-1] == {"name": "banban", "points": 2}
    assert result["payment"] == {"ron": 13} and result["chips"] == {"ron": 1}


def _best_of_substitutions(rec: HandRecord, r: Ruleset) -> ScoreResult:
    """Wildcard: the 7z in hand may stand for any tile; keep what pays most."""
    if "7z" not in rec.hand:
        return standard_score(rec, r)
    best: tuple[Valuation, HandContext] | None = None
    for tile in [f"{rank}{suit}" for suit in "mps" for rank in range(1, 10)]:
        trial = HandRecord.from_dict({**rec.to_dict(), "hand": rec.hand.replace("7z", "") + tile})
        try:
            ctx = build_context(trial, r)
            v = evaluate(ctx, r)
        except engine.EngineError:
            continue
        if best is None or v.rank > best[0].rank:
            best = (v, ctx)
    if best is None:
        return standard_score(rec, r)
    v, ctx = best
    return render(rec, v, r.pay(v, ctx, r))


def test_a_ruleset_wraps_the_pipeline_to_try_wildcards(registered: list[str]) -> None:
    use(BASE.replace(slug="test-wildcard", score=_best_of_substitutions), registered)
    result = engine.score(record("234567m345p567s7z8p", "2m", ruleset="test-wildcard"))
    assert result["ok"] and result["han"] >= 2


def _four_suit_tiles() -> TileSet:
    copies = tuple(4 if k in (0, 4, 8) or k >= 9 else 0 for k in range(34))
    return TileSet("test-toutenkou", copies, (1, 1, 1))


def test_a_ruleset_brings_its_own_tile_set_and_dora_table(registered: list[str]) -> None:
    tiles = _four_suit_tiles()
    dora = list(rulesets.dora_successors(tiles))
    dora[0], dora[8], dora[4] = 8, 0, -1  # 1m -> 9m -> 1m; a 5m indicator makes no dora
    use(BASE.replace(slug="test-tiles", tiles=tiles, dora_table=tuple(dora)), registered)
    bad = engine.score(record("333m456p789s22z555z", "2z", ruleset="test-tiles"))
    assert bad["error"]["code"] == "bad_tiles"
    assert "3m" in bad["error"]["message"] and "test-toutenkou" in bad["error"]["message"]
    ok = engine.score(
        record("999m456p789s22z555z", "2z", ruleset="test-tiles", dora_indicators="1m5m")
    )
    assert {y["name"]: y["han"] for y in ok["yaku"]}["dora"] == 3


def _parse_colour(name: str, value: Any) -> str:
    if value not in ("red", "blue"):
        raise engine.EngineError(engine.ErrorCode.BAD_FIELD, f"field {name!r}: red or blue")
    return str(value)


def test_a_ruleset_accepts_extra_record_fields(registered: list[str]) -> None:
    use(
        BASE.replace(
            slug="test-fields",
            extra_fields={"colour": _parse_colour},
            record_fields=frozenset({"discards"}),
        ),
        registered,
    )
    rec = record(
        "234567m345p567s88p",
        "2m",
        ruleset="test-fields",
        riichi="riichi",
        colour="red",
        discards="19m",
    )
    assert engine.score(rec)["ok"]
    bad = engine.score({**rec, "colour": "green"})
    assert bad["error"]["code"] == "bad_field" and "colour" in bad["error"]["message"]
    ctx = build_context(HandRecord.from_dict(rec), rulesets.get("test-fields"))
    assert ctx.extra == {"colour": "red"}
    assert parse_tiles(ctx.record.discards) == parse_tiles("19m")
