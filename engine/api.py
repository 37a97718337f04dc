"""The engine's public entry points: ``score`` (dict in, dict out) and ``score_hand``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import EngineError, ErrorCode
from engine.fast.score import score as _fast_or_reference
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


# ``score(record)``: score one hand record (spec/hand-record.md) into the spec's output
# object; never raises for bad input: problems come back as
# ``{"id", "ok": false, "error": {"code", "message"}}``. It is the fast scorer's answer, else
# ``score_reference``'s, and lives beside the fast scorer (engine/fast/score.py) so that a
# compiled build calls it without an interpreted frame in between.
score = _fast_or_reference


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
