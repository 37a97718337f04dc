"""The causes each penalty may name under a ruleset, for a form to offer (data, not code).

A chonbo may name every fault but those the ruleset makes a dead hand, and a
dead hand every fault but those it makes chonbo (``GameRules.false_calls``);
``other`` is always allowed. The engine refuses the rest
(``engine.game.hands``: ``cause_is_dead_hand``, ``cause_is_chonbo``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def penalty_causes(
    slug: str, game_options: Mapping[str, Any] | None = None
) -> dict[str, tuple[str, ...]]:
    """``{"chonbo": causes, "dead_hand": causes}`` under ``slug``'s game rules.

    Raises ``bad_field`` for a slug without game rules or options they refuse.
    """
    # Imported here: engine.game's package imports the hand rulesets that import this one.
    from engine.game.registry import configure
    from engine.game.rules import PENALTIES

    rules = configure(slug, dict(game_options or {}))
    return {penalty: rules.penalty_causes(penalty) for penalty in PENALTIES}
