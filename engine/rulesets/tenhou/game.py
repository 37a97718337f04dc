"""tenhou's game rules: the standard game (riichi_standard/game.py), four players."""

from __future__ import annotations

from engine.rulesets.riichi_standard.game import standard_game

GAME_RULES = (
    standard_game(
        "tenhou",
        "The riichi-standard game as played on tenhou.net (four players).",
        players=4, start=25000, back=30000, uma=(20000, 10000, -10000, -20000),
        noten_total=3000,
    ),
)
