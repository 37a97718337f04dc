"""Basic points from han and fu, with the limit names of the spec."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from engine.rulesets.base import Ruleset

MANGAN_BASE: Final = 2000  # Final: the compiled fast scorer inlines them
YAKUMAN_BASE: Final = 8000
# (minimum han, limit, basic points), highest first
HAN_LIMITS: tuple[tuple[int, str, int], ...] = (
    (11, "sanbaiman", 6000),
    (8, "baiman", 4000),
    (6, "haneman", 3000),
    (5, "mangan", 2000),
)


def basic_points(han: int, fu: int, ruleset: Ruleset) -> tuple[int, str | None]:
    """(basic points, limit) for a non-yakuman hand; kazoe gives (8000, "kazoe")."""
    if ruleset.kazoe_han is not None and han >= ruleset.kazoe_han:
        return YAKUMAN_BASE, "kazoe"
    for min_han, limit, base in HAN_LIMITS:
        if han >= min_han:
            return base, limit
    base = fu << (han + 2)
    # kiriage: 4 han 30 fu and 3 han 60 fu (1920) round up to mangan
    if base >= MANGAN_BASE or (ruleset.kiriage and base >= 1920):
        return MANGAN_BASE, "mangan"
    return base, None


def yakuman_points(multiples: int) -> int:
    return YAKUMAN_BASE * multiples
