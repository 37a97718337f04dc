"""Speed Tonpuu (speed-tonpuu-shuugi.txt): a 4-player shuugi ruleset, East only.

game.py holds the game rules (engine.game.registry); the hand-level ruleset
sits beside it: ruleset.py registers ``speed-tonpuu`` with engine.rulesets
(yaku.py, score.py, and its own options.py, shapes.py, special_tiles.py, chips.py).
"""

from engine.rulesets.speed_tonpuu.ruleset import SPEED_TONPUU

__all__ = ["SPEED_TONPUU"]
