"""tenhou: the rules of the real records, four players (records/README.md).

ruleset.py is the hand-level ruleset (registered as ``tenhou``); game.py
holds its game rules (engine.game.registry).
"""

from engine.rulesets.tenhou.ruleset import TENHOU

__all__ = ["TENHOU"]
