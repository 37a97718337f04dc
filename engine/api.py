"""The engine's public entry points: ``score`` (dict in, dict out) and ``score_hand``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import EngineError, ErrorCode
from engine.fast.score import _score as _fast_score
from engine.record import HandRecord
from engine.result import ScoreResult
from engine.rulesets import Ruleset, configure


def score_hand(record: HandRecord, ruleset: Ruleset | None = None) -> ScoreResult:
    """Score a typed record; errors come back as ``ScoreResult(ok=False)``, never raised.

    ``ruleset`` defaults to ``configure(record.ruleset, record.options)``.
    """
    try:
        return evaluate_record(record, ruleset)
    except EngineError as err:
        return ScoreResult.failure(record.id, err)


def evaluate_record(record: HandRecord, ruleset: Ruleset | None = None) -> ScoreResult:
    """Like ``score_hand`` but raises ``EngineError`` for a hand that cannot be scored."""
    if ruleset is None:
        ruleset = configure(record.ruleset, record.options)
    result: ScoreResult = ruleset.score(record, ruleset)
    return result


def score(record: Mapping[str, Any]) -> dict[str, Any]:
    """Score one hand record (spec/hand-record.md) into the spec's output object.

    Never raises for bad input: problems come back as
    ``{"id", "ok": false, "error": {"code", "message"}}``.
    """
    try:
        fast = _fast_score(record)
    except Exception:  # noqa: BLE001 - the reference path scores it and reports any error
        fast = None
    return score_reference(record) if fast is None else fast


def score_reference(record: Mapping[str, Any]) -> dict[str, Any]:
    """``score`` by the reference pipeline alone (typed record, context, every arrangement
    through the ruleset's yaku table): what the fast scorer is checked against."""
    # ``type() is dict`` first: the isinstance check against the Mapping ABC costs more.
    record_id = record.get("id") if type(record) is dict or isinstance(record, Mapping) else None
    try:
        return evaluate_record(HandRecord.from_dict(record)).to_dict()
    except EngineError as err:
        return ScoreResult.failure(record_id, err).to_dict()
    except Exception as err:  # noqa: BLE001 - last resort: report, never crash a batch
        failure = EngineError(
            ErrorCode.INTERNAL_ERROR, f"internal error: {type(err).__name__}: {err}"
        )
        return ScoreResult.failure(record_id, failure).to_dict()
