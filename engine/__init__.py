"""The scoring engine: pure Python, no Django.

Stable API (the ledger depends on it; see docs/hand-format.md):

- ``score(record: dict) -> dict``: one hand record in, the spec's output
  object out (errors included; never raises for bad input).
- ``score_hand(record: HandRecord, ruleset=None) -> ScoreResult`` and
  ``HandRecord.from_dict`` / ``ScoreResult.to_dict``: the typed forms.
- ``engine.rulesets``: ``available``, ``get``, ``configure``, ``describe``,
  ``register``.
- ``option_schema(slug)``: a configuration's hand and game options in one list
  (``engine.schema.OptionSchema``); ``complete_options(slug, options, game_options)``:
  every option a configuration plays by, defaults filled in (what the ledger stores).
- ``ErrorCode`` / ``EngineError`` / ``ErrorLocation``: the error codes, and where an
  error is (hand, field path, seat, meld, tile) for callers that place it on a form.
- ``settle_game(game: dict) -> dict``: a whole game settled (docs/game-format.md);
  ``evaluate_game`` is the same but raises ``EngineError`` for a refused game.
- ``__version__``: identifies the engine that computed a result.
"""

from engine.api import complete_options, evaluate_record, option_schema, score, score_hand
from engine.errors import EngineError, ErrorCode, ErrorLocation
from engine.game import evaluate_game, settle_game
from engine.record import HandRecord, Meld
from engine.result import ScoreResult, YakuEntry

__version__ = "1.0.0"

__all__ = [
    "EngineError",
    "ErrorCode",
    "ErrorLocation",
    "HandRecord",
    "Meld",
    "ScoreResult",
    "YakuEntry",
    "__version__",
    "evaluate_game",
    "complete_options",
    "evaluate_record",
    "option_schema",
    "score",
    "score_hand",
    "settle_game",
]
