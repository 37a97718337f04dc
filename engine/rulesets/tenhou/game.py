"""tenhou's game rules: the standard game (riichi_standard/game.py), four players.

Sudden death is on, as on the server: "Sudden death brings the game into the next
wind. As soon as someone attains 30,000 points ..., the game ends" (tenhou.net's
rules, docs/rules/tenhou.md "Game").

An East-only game (tonpuusen) pays uma 10,000/5,000/-5,000/-10,000, an East-South one
20,000/10,000/-10,000/-20,000: the server's owari of real East-only games says so
(tests/engine/game/test_tenhou_games.py, shuffle.xml and bye.xml: bye.xml's second
place at 35,500 is paid 36 - 30 + 5 = 11, not 16).
"""

from __future__ import annotations

from engine.rulesets.riichi_standard.game import FOUR_PLAYERS, standard_game

GAME_RULES = (
    standard_game(
        "tenhou", "The riichi-standard game as played on tenhou.net (four players).",
        **FOUR_PLAYERS,
        sudden_death=True,
        east_uma=(10000, 5000, -5000, -10000),
    ),
)
