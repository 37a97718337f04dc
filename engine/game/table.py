"""The game between hands (``GameState``), and the lines that move points and chips.

A hand's outcome is a list of :class:`Transfer` (one payer, one payee: each
line sums to zero by construction) and a list of :class:`Deposit` (riichi
sticks and pot-bound payments into and out of the pot). Points are
conserved: the seats' scores plus the pot always equal the starting total.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.game.rules import GameRules


@dataclass(frozen=True, slots=True)
class Transfer:
    payer: int
    payee: int
    points: int
    chips: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "from": self.payer,
            "to": self.payee,
            "points": self.points,
            "chips": self.chips,
            "reason": self.reason,
        }


@dataclass(frozen=True, slots=True)
class Deposit:
    """``points`` < 0: the seat puts points into the pot; > 0: it takes them out."""

    seat: int
    points: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "points": self.points, "reason": self.reason}


@dataclass(slots=True)
class GameState:
    """Where the game stands between hands (``parlor.models.Table`` is the furniture)."""

    scores: list[int]
    chips: list[int]
    dealer: int
    # Dealerships completed (counterclockwise rotation): fixes the round wind and the end.
    dealerships: int
    honba: int
    # The pot, in points (riichi sticks and any noten payments made to the table).
    pot: int

    @classmethod
    def start(cls, rules: GameRules) -> GameState:
        return cls(
            scores=[rules.starting_points] * rules.players,
            chips=[0] * rules.players,
            dealer=0,
            dealerships=0,
            honba=0,
            pot=0,
        )

    def apply(self, transfers: list[Transfer], deposits: list[Deposit]) -> None:
        points, chips = deltas(len(self.scores), transfers, deposits)
        self.scores = [s + d for s, d in zip(self.scores, points, strict=True)]
        self.chips = [c + d for c, d in zip(self.chips, chips, strict=True)]
        self.pot -= sum(deposit.points for deposit in deposits)


def deltas(
    players: int, transfers: Iterable[Transfer], deposits: Iterable[Deposit] = ()
) -> tuple[list[int], list[int]]:
    """Per-seat points and chips change of a hand's lines."""
    points, chips = [0] * players, [0] * players
    for line in transfers:
        points[line.payer] -= line.points
        points[line.payee] += line.points
        chips[line.payer] -= line.chips
        chips[line.payee] += line.chips
    for deposit in deposits:
        points[deposit.seat] += deposit.points
    return points, chips
