"""tenhou's game rules: the standard game (riichi_standard/game.py), four players."""

from __future__ import annotations

from engine.rulesets.riichi_standard.game import FOUR_PLAYERS, standard_game

GAME_RULES = (
    standard_game(
        "tenhou", "The riichi-standard game as played on tenhou.net (four players).",
        **FOUR_PLAYERS,
    ),
)
