"""The scoring engine: pure Python, no Django.

Stable API (the ledger depends on it; see docs/hand-format.md):

- ``score(record: dict) -> dict``: one hand record in, the spec's output
  object out (errors included; never raises for bad input).
- ``score_hand(record: HandRecord, ruleset=None) -> ScoreResult`` and
  ``HandRecord.from_dict`` / ``ScoreResult.to_dict``: the typed forms.
- ``engine.rulesets``: ``available``, ``get``, ``configure``, ``describe``,
  ``register``.
- ``ErrorCode`` / ``EngineError``: the error codes.
- ``settle_game(game: dict) -> dict``: a whole game settled (docs/game-format.md).
- ``__version__``: identifies the engine that computed a result.
"""

from engine.api import evaluate_record, score, score_hand
from engine.errors import EngineError, ErrorCode
from engine.game import settle_game
from engine.record import HandRecord, Meld
from engine.result import ScoreResult, YakuEntry

__version__ = "1.0.0"

__all__ = [
    "EngineError",
    "ErrorCode",
    "HandRecord",
    "Meld",
    "ScoreResult",
    "YakuEntry",
    "__version__",
    "evaluate_record",
    "score",
    "score_hand",
    "settle_game",
]
