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

Final rounding (game option ``final_rounding``, docs/game-format.md): where raw
points count, each seat's final score is rounded to whole thousands before the
starting points are taken off (``(rounded - start) + placement points``, which
is ``rounded - return + uma`` plus the oka to first). The rounding works on the
score's size and keeps its sign, so a negative score rounds as its positive
twin does: ``thousands`` half away from zero (30,500 -> 31,000, 22,500 ->
23,000, -1,500 -> -2,000: tenhou.net's owari until about 2021), ``gosha_rokunyuu``
(五捨六入: 500 down, 600 up: 30,500 -> 30,000, 30,600 -> 31,000, -1,500 ->
-1,000), ``kirisute`` (切り捨て: toward zero, 23,900 -> 23,000, -1,900 ->
-1,000), ``kiriage`` (切り上げ: away from zero, 23,100 -> 24,000, -1,100 ->
-2,000). The first-placed seat takes the remainder: its settlement is what the
unrounded table sums to less the other seats' rounded settlements, so it
"takes minus the others' sum" whenever the table sums to zero.
"""

from __future__ import annotations

from typing import Any

from engine.game.rules import GameRules
from engine.game.table import Deposit, GameState

CHIP_KINDS = ("hands", "tobi", "called_game")
THOUSAND = 1000
# Final rounding: the least rest below a thousand (of the score's size) that rounds up.
_ROUNDS_UP_FROM = {"thousands": 500, "gosha_rokunyuu": 501, "kirisute": THOUSAND, "kiriage": 1}


def rounded_score(score: int, rounding: str) -> int:
    """``score`` rounded to whole thousands by ``rounding`` (its size; its sign kept)."""
    if rounding == "none":
        return score
    whole, rest = divmod(abs(score), THOUSAND)
    size = (whole + int(rest >= _ROUNDS_UP_FROM[rounding])) * THOUSAND
    return -size if score < 0 else size


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
    raw = _raw_points(table.scores, first, rules)
    for seat in range(len(places)):
        points_delta.append(raw[seat] + placement_points[seat])
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


def _raw_points(scores: list[int], first: int, rules: GameRules) -> list[int]:
    """Each seat's score less the starting points, its score rounded by ``final_rounding``;
    the first-placed seat takes what the rounding leaves over (0s without raw points)."""
    if not rules.raw_points:
        return [0] * len(scores)
    start = rules.starting_points
    raw = [rounded_score(score, rules.final_rounding) - start for score in scores]
    raw[first] = sum(score - start for score in scores) - (sum(raw) - raw[first])
    return raw
