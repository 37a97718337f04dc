"""The engine's public entry points: ``score`` (dict in, dict out) and ``score_hand``.

``score`` is the fast scorer's answer, else the reference path's
(``engine/reference.py``); the game (``engine.game``) scores its wins the same
way without going through this module.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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


def complete_options(
    slug: str, options: Mapping[str, Any], game_options: Mapping[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Every hand option and every game option a game of ``slug`` plays by with these
    (``options``, ``game_options``: any of them, the rest defaulted), as JSON values.

    Stored instead of the overrides alone, they keep a configuration's games (and the audit's
    replay of them) as they were when a default changes. The hand options are those the game
    scores its records with: where the hand ruleset ranks chips against points
    (``chip_points``) and it is not given, the game's chip value. Raises ``EngineError`` for
    an unknown ruleset or a bad option, as ``configure`` does.
    """
    rules = game.configure(slug, dict(game_options))
    described = {o["name"]: o["default"] for o in game.describe(slug)["options"]}
    complete_game = {name: game_options.get(name, default) for name, default in described.items()}
    hand = dict(rulesets.configure(slug, dict(options)).option_values)
    if "chip_points" in hand and "chip_points" not in options and rules.chip_value:
        hand["chip_points"] = rules.chip_value
    return _json(hand), _json(complete_game)


def _json(values: Mapping[str, Any]) -> dict[str, Any]:
    return {name: list(v) if isinstance(v, tuple) else v for name, v in values.items()}


__all__ = [
    "complete_options",
    "evaluate_record",
    "option_schema",
    "score",
    "score_hand",
    "score_reference",
]
