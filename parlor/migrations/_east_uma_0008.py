"""tenhou's East-only uma (migrations parlor 0008 and ledger 0023, issue 32).

The tenhou game gained the option ``east_uma``, the uma of an East-only game, with the
server's 10,000/5,000/-5,000/-10,000 as its default (an East-South game keeps ``uma``).
A tenhou option set stored before has no ``east_uma`` and was played with its ``uma``
whatever its length: the migrations write that ``uma`` into it as its ``east_uma``, so
every stored game settles, continues and is audited as it was recorded. (Django's
migration loader skips modules whose names start with an underscore.)
"""

from __future__ import annotations

from typing import Any

SLUGS = ("tenhou",)  # the game rules that have east_uma
UMA_BEFORE = [20000, 10000, -10000, -20000]  # tenhou's uma default of the day


def with_east_uma(slug: str, game_options: Any) -> dict[str, Any] | None:
    """The row's game options with ``east_uma`` as it was played (its ``uma``); None when
    the row needs nothing (another ruleset, or it has an ``east_uma``)."""
    if slug not in SLUGS or not isinstance(game_options, dict) or "east_uma" in game_options:
        return None
    return {**game_options, "east_uma": list(game_options.get("uma", UMA_BEFORE))}
