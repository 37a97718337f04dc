"""The words of the engine's input: a hand record's (spec/hand-record.md) and a game's
(docs/game-format.md), declared once in the engine; forms and serializers offer them."""

from engine.game.vocabulary import ABORT_CAUSES, FAULT_CAUSES, SPECIAL_WINS
from engine.record import MELD_KINDS, RIICHI_KINDS, SPECIALS, WIN_KINDS

__all__ = [
    "ABORT_CAUSES", "FAULT_CAUSES", "MELD_KINDS", "RIICHI_KINDS", "SPECIALS", "SPECIAL_WINS",
    "WIN_KINDS",
]  # fmt: skip
