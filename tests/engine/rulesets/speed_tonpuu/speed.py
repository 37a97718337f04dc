"""Speed Tonpuu hand records for the tests: ``speed(hand, win_tile, ...)`` scores one.

Defaults as in tests/engine/hands.py (ron, South seat, East round, no dora),
with the ruleset ``speed-tonpuu``. Expected values in the tests are worked
out by hand from the rules text, never read back from the engine.
"""

from __future__ import annotations

from typing import Any

from tests.engine.hands import record, score, scored

SLUG = "speed-tonpuu"


def speed_record(hand: str, win_tile: str, **fields: Any) -> dict[str, Any]:
    return record(hand, win_tile, **{"ruleset": SLUG, **fields})


def speed(hand: str, win_tile: str, **fields: Any) -> dict[str, Any]:
    return score(hand, win_tile, **{"ruleset": SLUG, **fields})


def speed_ok(hand: str, win_tile: str, **fields: Any) -> dict[str, Any]:
    return scored(hand, win_tile, **{"ruleset": SLUG, **fields})


def pon(tiles: str) -> tuple[str, str]:
    return ("pon", tiles)


def chi(tiles: str) -> tuple[str, str]:
    return ("chi", tiles)
