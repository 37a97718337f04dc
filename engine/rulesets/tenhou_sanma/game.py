"""tenhou-sanma's game rules: the standard game (riichi_standard/game.py), three players.

Uma 20,000/0/-20,000: the server's owari of a real three-player game says so
(tests/engine/game/test_tenhou_games.py, sanma2.xml: third place at -5,500 is
paid -66 = -6 - 40 - 20). Sudden death on, as on the server (docs/rules/tenhou.md).
"""

from __future__ import annotations

from engine.rulesets.riichi_standard.game import standard_game

GAME_RULES = (
    standard_game(
        "tenhou-sanma",
        "Three-player East-South game: 35,000 start, 40,000 return, noten 2,000.",
        players=3, start=35000, back=40000, uma=(20000, 0, -20000),
        noten_total=2000, sudden_death=True,
    ),
)
