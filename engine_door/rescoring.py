"""One stored win hand re-scored alone, from the table it kept (engine/game/rescore.py).

``game_header`` configures a session's rules once (raises ``EngineError`` if bad);
``rescore_hand`` re-scores a stored hand's wins with the fast scorer and says which
differ from what was stored. The re-scoring command (``ledger.play.rescoring``)
runs it over every stored hand.
"""

from engine.game.rescore import GameHeader, Rescored, game_header, rescore_hand

__all__ = ["GameHeader", "Rescored", "game_header", "rescore_hand"]
