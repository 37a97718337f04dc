"""Toutenkou (toutenkou-tenhou.txt, toutenkou-ja.txt): three players, points, gari.

ruleset.py is the hand-level ruleset (registered as ``toutenkou``); game.py
holds the game rules (engine.game.registry). docs/rules/toutenkou.md
records every rule choice with the sentence it rests on.
"""

from engine.rulesets.toutenkou.ruleset import TOUTENKOU

__all__ = ["TOUTENKOU"]
