"""The rulesets the engine plays and their options, for the parlor's configurations.

``option_schema`` is the one list of a configuration's options (hand and game level:
name, type, choices, default, an English doc) that the ruleset forms are built from;
``complete_options`` fills in the defaults (what a configuration stores);
``hand_rulesets`` and ``game_rulesets`` name what the engine can configure, and
``describe`` and ``penalty_causes`` what a ruleset says about itself.
Checking a configuration is ``engine_door.games.hand_rules`` / ``game_rules``.
Each function asks ``engine.rulesets`` / ``engine.game`` as loaded when called.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import engine.game
import engine.rulesets
from engine.api import complete_options, option_schema
from engine.schema import OptionSchema
from engine.yaku import Yaku

__all__ = [
    "OptionSchema", "Yaku", "complete_options", "describe", "game_rulesets", "hand_rulesets",
    "option_schema", "penalty_causes", "ruleset_yaku",
]  # fmt: skip


def hand_rulesets() -> list[str]:
    """The slugs of the rulesets whose hands the engine scores."""
    return engine.rulesets.available()


def game_rulesets() -> list[str]:
    """The slugs of the rulesets whose games the engine settles (game rules)."""
    return engine.game.available()


def describe(ruleset_slug: str) -> dict[str, Any]:
    """The ruleset's own description (name, yaku, options); raises ``EngineError`` if unknown."""
    return engine.rulesets.describe(ruleset_slug)


def penalty_causes(
    ruleset_slug: str, game_options: Mapping[str, Any] | None = None
) -> dict[str, tuple[str, ...]]:
    """``{"chonbo": causes, "dead_hand": causes}`` under the configuration's game rules."""
    return engine.rulesets.penalty_causes(ruleset_slug, game_options)


def ruleset_yaku(ruleset_slug: str) -> tuple[Yaku, ...]:
    """The ruleset's yaku table (name, values, its own title where it declares one)."""
    return tuple(engine.rulesets.get(ruleset_slug).yaku)
