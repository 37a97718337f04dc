"""The reference scoring path: a typed record through its ruleset's own pipeline.

``HandRecord.from_dict`` -> the ruleset's ``score`` (``build_context``, every
arrangement through the yaku table, valuation, payment, ``render``). It names
every problem it finds, and it is the oracle the fast scorer
(``engine/fast/score.py``) is checked against hand by hand. Both the fast
scorer (for what it does not take) and the game (for a hand it must refuse
with the error's location) import it; it imports neither, nor the public
facade (``engine.api``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import EngineError, ErrorCode
from engine.record import HandRecord
from engine.result import ScoreResult
from engine.rulesets import Ruleset, configure


def evaluate_record(record: HandRecord, ruleset: Ruleset | None = None) -> ScoreResult:
    """The record scored by its ruleset's pipeline; raises ``EngineError`` (located) for a
    hand that cannot be scored. ``ruleset`` defaults to ``configure(record.ruleset,
    record.options)``."""
    if ruleset is None:
        ruleset = configure(record.ruleset, record.options)
    result: ScoreResult = ruleset.score(record, ruleset)
    return result


def score_reference(record: Mapping[str, Any]) -> dict[str, Any]:
    """``engine.score`` by the reference pipeline alone: what the fast scorer is checked
    against. Never raises for bad input (the failure object names the problem)."""
    # ``type() is dict`` first: the isinstance check against the Mapping ABC costs more.
    record_id = record.get("id") if type(record) is dict or isinstance(record, Mapping) else None
    try:
        return evaluate_record(HandRecord.from_dict(record)).to_dict()
    except EngineError as err:
        return ScoreResult.failure(record_id, err).to_dict()
    except Exception as err:  # noqa: BLE001 - last resort: report, never crash a batch
        return ScoreResult.failure(record_id, internal_error(err)).to_dict()


def internal_error(err: Exception) -> EngineError:
    """An unexpected exception as the engine reports it (``internal_error``)."""
    return EngineError(ErrorCode.INTERNAL_ERROR, f"internal error: {type(err).__name__}: {err}")
