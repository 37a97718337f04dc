"""tenhou-sanma: tenhou.net's three-player rules.

ruleset.py is the hand-level ruleset (registered as ``tenhou-sanma``);
game.py holds its game rules (engine.game.registry).
"""

from engine.rulesets.tenhou_sanma.ruleset import TENHOU_SANMA

__all__ = ["TENHOU_SANMA"]
