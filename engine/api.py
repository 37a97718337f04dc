"""The engine's public entry points: ``score`` (dict in, dict out) and ``score_hand``.

``score`` is the fast scorer's answer, else the reference path's
(``engine/reference.py``); the game (``engine.game``) scores its wins the same
way without going through this module.
"""

from __future__ import annotations

from engine import game, rulesets
from engine.errors import EngineError
from engine.fast.score import score as _fast_or_reference
from engine.record import HandRecord
from engine.reference import evaluate_record, score_reference
from engine.result import ScoreResult
from engine.rulesets import Ruleset
from engine.schema import OptionSchema
from engine.schema import option_schema as _schema


def score_hand(record: HandRecord, ruleset: Ruleset | None = None) -> ScoreResult:
    """Score a typed record; errors come back as ``ScoreResult(ok=False)``, never raised.

    ``ruleset`` defaults to ``configure(record.ruleset, record.options)``.
    """
    try:
        return evaluate_record(record, ruleset)
    except EngineError as err:
        return ScoreResult.failure(record.id, err)


# ``score(record)``: score one hand record (spec/hand-record.md) into the spec's output
# object; never raises for bad input: problems come back as
# ``{"id", "ok": false, "error": {"code", "message"}}``. It is the fast scorer's answer, else
# ``score_reference``'s, and lives beside the fast scorer (engine/fast/score.py) so that a
# compiled build calls it without an interpreted frame in between.
score = _fast_or_reference



def option_schema(slug: str) -> tuple[OptionSchema, ...]:
    """Every option of ``slug``'s configuration: its hand options, then its game options."""
    return _schema(rulesets.describe(slug)["options"], game.describe(slug)["options"])


__all__ = ["evaluate_record", "option_schema", "score", "score_hand", "score_reference"]
