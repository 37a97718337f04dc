"""riichi-standard (spec/hand-record.md): the reference four-player ruleset.

ruleset.py is the hand-level ruleset (registered as ``riichi-standard``);
game.py holds its game rules (engine.game.registry) and the standard game
that tenhou and tenhou-sanma build on.
"""

from engine.rulesets.riichi_standard.ruleset import RIICHI_STANDARD, STANDARD_OPTIONS

__all__ = ["RIICHI_STANDARD", "STANDARD_OPTIONS"]
