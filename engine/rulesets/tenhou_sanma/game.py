"""tenhou-sanma's game rules: the standard game (riichi_standard/game.py), three players."""

from __future__ import annotations

from engine.rulesets.riichi_standard.game import standard_game

GAME_RULES = (
    standard_game(
        "tenhou-sanma",
        "Three-player East-South game: 35,000 start, 40,000 return, noten 2,000.",
        players=3, start=35000, back=40000, uma=(15000, 0, -15000),
        noten_total=2000,
    ),
)
