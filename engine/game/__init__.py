"""Whole-game settlement (docs/game-format.md).

``settle_game(game)`` plays a game's hands in order and returns every hand's
transfers and the final scores, placements and chips; ``evaluate_game`` does
the same but raises ``EngineError`` (located: hand, field) for a refused game;
``settle_typed`` answers the same as typed objects (engine/game/outcome.py). ``available``,
``configure`` and ``describe`` are the registry of game rules by ruleset
slug (the game-level twin of ``engine.rulesets``).
"""

from engine.game.registry import available, configure, describe
from engine.game.settle import evaluate_game, settle_game, settle_typed

__all__ = ["available", "configure", "describe", "evaluate_game", "settle_game", "settle_typed"]
