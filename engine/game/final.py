"""The end of a game: leftover sticks, placements, oka and uma, chips, value.

Placement ties are broken by seat order from the first dealer (seat 0 ahead
of seat 1, ...). Each seat's settlement is ``points_delta`` (its score less
the starting points when raw points count, plus the placement's points) and
``chips`` (hand chips, tobi, called game, the placement's chips);
``value`` is ``points_delta + chips * chip_value``.
"""

from __future__ import annotations

from typing import Any

from engine.game.rules import GameRules
from engine.game.table import Deposit, Table

CHIP_KINDS = ("hands", "tobi", "called_game")


def placements(scores: list[int]) -> list[int]:
    """1-based placement per seat; ties go to the seat nearer the first dealer."""
    order = sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat))
    places = [0] * len(scores)
    for place, seat in enumerate(order, start=1):
        places[seat] = place
    return places


def settle_final(
    table: Table, rules: GameRules, chips_by_kind: dict[str, list[int]]
) -> dict[str, Any]:
    places = placements(table.scores)
    first = places.index(1)
    leftover = {"points": table.pot, "to": None}
    if table.pot and rules.leftover_sticks == "first_place":
        leftover["to"] = first
        table.apply([], [Deposit(first, table.pot, "leftover_sticks")])
    chips = []
    points_delta = []
    for seat, place in enumerate(places):
        raw = table.scores[seat] - rules.starting_points if rules.raw_points else 0
        points_delta.append(raw + rules.placement_points[place - 1])
        kinds = {kind: chips_by_kind[kind][seat] for kind in CHIP_KINDS}
        kinds["placement"] = rules.placement_chips[place - 1]
        kinds["total"] = sum(kinds.values())
        chips.append(kinds)
    return {
        "leftover_sticks": leftover,
        "scores": list(table.scores),
        "placements": places,
        "points_delta": points_delta,
        "chips": chips,
        "value": [
            delta + seat_chips["total"] * rules.chip_value
            for delta, seat_chips in zip(points_delta, chips, strict=True)
        ],
    }
