"""The engine's results, typed: built by the engine while it settles (engine/game/outcome.py).

A hand's lines are the engine's own classes: ``Transfer`` (payer -> payee, points and
chips, never negative) and ``Deposit`` (a seat into the pot, < 0, or out of it, > 0);
a win's chips by cause (Speed Tonpuu) are ``ChipCause``. The stored form is the
engine's JSON: ``HandOutcome.to_json()`` writes it and ``HandOutcome.from_json`` reads
it back (the ledger's ``hand_outcome``), exactly.
"""

from engine.game.outcome import (
    WIN_REASONS,
    ChipCause,
    Deposit,
    FinalResult,
    GameEnd,
    HandOutcome,
    LeftoverSticks,
    ScoredYaku,
    SeatChips,
    SettledGame,
    Transfer,
    Win,
    WinScore,
)

__all__ = [
    "ChipCause", "Deposit", "FinalResult", "GameEnd", "HandOutcome", "LeftoverSticks", "ScoredYaku",
    "SeatChips", "SettledGame", "Transfer", "WIN_REASONS", "Win", "WinScore",
]  # fmt: skip
