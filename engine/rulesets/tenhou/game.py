"""tenhou's game rules: the standard game (riichi_standard/game.py), four players.

Sudden death is on, as on the server: "Sudden death brings the game into the next
wind. As soon as someone attains 30,000 points ..., the game ends" (tenhou.net's
rules, docs/rules/tenhou.md "Game").
"""

from __future__ import annotations

from engine.rulesets.riichi_standard.game import FOUR_PLAYERS, standard_game

GAME_RULES = (
    standard_game(
        "tenhou", "The riichi-standard game as played on tenhou.net (four players).",
        **FOUR_PLAYERS,
        sudden_death=True,
    ),
)
