"""The end of a game: leftover sticks, placements, oka and uma, chips, value.

Placement ties are broken by seat order from the first dealer (seat 0 ahead
of seat 1, ...): ``placements`` are always distinct, and they decide who takes
leftover sticks and pays a winner's or loser's fee. With the game option
``ties`` = ``share``, seats tied on points also share their places'
placement points (oka and uma) and placement chips: the sum over the places
they hold is split equally, rounded down to ``share_unit`` (a tenth of the
point unit: 100 points, or 1 where points count singly) and to whole chips;
the remainder goes to the tied seat nearest the first dealer, so the table
still sums to zero. ``shared_places`` then gives each tied seat the best
place of its group (two tied for second: 2 and 2). Each seat's settlement is
``points_delta`` (its score less the starting points when raw points count,
plus the placement's points) and
``chips`` (hand chips, tobi, called game, the placement's chips);
``value`` is ``points_delta + chips * chip_value``.
"""

from __future__ import annotations

from typing import Any

from engine.game.rules import GameRules
from engine.game.table import Deposit, GameState

CHIP_KINDS = ("hands", "tobi", "called_game")


def placements(scores: list[int]) -> list[int]:
    """1-based placement per seat; ties go to the seat nearer the first dealer."""
    order = sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat))
    places = [0] * len(scores)
    for place, seat in enumerate(order, start=1):
        places[seat] = place
    return places


def share_unit(rules: GameRules) -> int:
    """The unit a shared placement's points are rounded to: 100 points, or 1 point."""
    return max(1, rules.point_unit // 10)


def _split(total: int, seats: list[int], unit: int) -> dict[int, int]:
    """``total`` split equally among ``seats`` in multiples of ``unit``; remainder to the first."""
    each = (total // len(seats)) // unit * unit
    shares = dict.fromkeys(seats, each)
    shares[seats[0]] += total - each * len(seats)
    return shares


def shared_placement(
    scores: list[int], places: list[int], table: tuple[int, ...], unit: int
) -> tuple[dict[int, int], list[int]]:
    """Each seat's placement amount from ``table`` with ties shared, and the shared places."""
    amounts: dict[int, int] = {}
    shared = list(places)
    for score in sorted(set(scores), reverse=True):
        tied = sorted(seat for seat, s in enumerate(scores) if s == score)
        held = [places[seat] for seat in tied]
        amounts.update(_split(sum(table[place - 1] for place in held), tied, unit))
        for seat in tied:
            shared[seat] = min(held)
    return amounts, shared


def settle_final(
    table: GameState, rules: GameRules, chips_by_kind: dict[str, list[int]]
) -> dict[str, Any]:
    places = placements(table.scores)
    first = places.index(1)
    leftover = {"points": table.pot, "to": None}
    if table.pot and rules.leftover_sticks == "first_place":
        leftover["to"] = first
        table.apply([], [Deposit(first, table.pot, "leftover_sticks")])
    chips = []
    points_delta = []
    if rules.ties == "share":
        unit = share_unit(rules)
        placement_points, shared_places = shared_placement(
            table.scores, places, rules.placement_points, unit
        )
        placement_chips, _ = shared_placement(table.scores, places, rules.placement_chips, 1)
    else:  # seat order: each seat its own place's amounts
        placement_points = {seat: rules.placement_points[p - 1] for seat, p in enumerate(places)}
        placement_chips = {seat: rules.placement_chips[p - 1] for seat, p in enumerate(places)}
        shared_places = list(places)
    for seat in range(len(places)):
        raw = table.scores[seat] - rules.starting_points if rules.raw_points else 0
        points_delta.append(raw + placement_points[seat])
        kinds = {kind: chips_by_kind[kind][seat] for kind in CHIP_KINDS}
        kinds["placement"] = placement_chips[seat]
        kinds["total"] = sum(kinds.values())
        chips.append(kinds)
    return {
        "leftover_sticks": leftover,
        "scores": list(table.scores),
        "placements": places,
        "shared_places": shared_places,
        "points_delta": points_delta,
        "chips": chips,
        "value": [
            delta + seat_chips["total"] * rules.chip_value
            for delta, seat_chips in zip(points_delta, chips, strict=True)
        ],
    }
