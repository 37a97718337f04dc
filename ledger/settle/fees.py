"""What each seat pays for a game: the fee models of a rate, as plain arithmetic.

A rate's fee terms (copied onto the session when it opens, ``FeeTerms``):

- the **game fee** from each player, from the winner only (a top-only fee) or from
  the loser only, as today;
- a **top fee** (トップ賞) from first place, in addition to the game fee;
- a **time fee** for set tables, per person-hour or per table-hour, from the
  session's start to its close, charged in whole steps (a started step in full);
  a table-hour fee is shared equally, the odd minor units paid one each by the
  seats in placement order (first place first);
- a player's **class discount** (student, member tier, first visit): a percentage
  off the seat's fees, rounded down, and an amount off, never below zero.

Every figure is an integer in the currency's minor unit; a rounding is in the
parlor's favour, as the conversion's is (docs/fees.md names the rules' sentences
each choice rests on). ``seat_fees`` is pure: the close gathers its inputs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

EACH_PLAYER, WINNER, LOSER = "each_player", "winner", "loser"
PERSON_HOUR, TABLE_HOUR = "person_hour", "table_hour"
MINUTES_PER_HOUR = 60


@dataclass(frozen=True, slots=True)
class FeeTerms:
    game_fee: int
    game_fee_payer: str = EACH_PLAYER
    top_fee: int = 0
    time_fee: int = 0
    time_fee_basis: str = PERSON_HOUR
    time_fee_step_minutes: int = 30


@dataclass(frozen=True, slots=True)
class Discount:
    """A player class's discount: ``percent_off`` of the fees, then ``amount_off``."""

    name: str
    percent_off: int = 0
    amount_off: int = 0

    def off(self, fees: int) -> int:
        return min(fees, fees * self.percent_off // 100 + self.amount_off)


@dataclass(frozen=True, slots=True)
class SeatFee:
    game: int = 0
    top: int = 0
    time: int = 0
    discount: int = 0
    discount_class: str = ""

    @property
    def total(self) -> int:
        return self.game + self.top + self.time - self.discount

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "top": self.top,
            "time": self.time,
            "discount": self.discount,
            "class": self.discount_class,
        }


def billed_minutes(minutes: float, step: int) -> int:
    """``minutes`` in whole steps of ``step`` minutes, a started step in full (at least one);
    time is counted in whole seconds (a part of a second starts no step)."""
    steps = max(1, -(-int(minutes * 60) // (step * 60)))  # ceil on whole seconds
    return steps * step


def _ceil_div(numerator: int, denominator: int) -> int:
    return -(-numerator // denominator)


def time_fees(terms: FeeTerms, *, minutes: float, placements: list[int]) -> list[int]:
    """Each seat's time fee (seat order); ``placements``: each seat's place (1 = first)."""
    seats = len(placements)
    if not terms.time_fee:
        return [0] * seats
    billed = billed_minutes(minutes, terms.time_fee_step_minutes)
    charge = _ceil_div(terms.time_fee * billed, MINUTES_PER_HOUR)
    if terms.time_fee_basis == PERSON_HOUR:
        return [charge] * seats
    share, odd = divmod(charge, seats)
    by_place = sorted(range(seats), key=lambda seat: (placements[seat], seat))
    paying_more = set(by_place[:odd])
    return [share + (1 if seat in paying_more else 0) for seat in range(seats)]


def seat_fees(
    terms: FeeTerms,
    *,
    placements: list[int],
    first_seat: int,
    last_seat: int,
    minutes: float,
    discounts: list[list[Discount]],
) -> list[SeatFee]:
    """What each seat pays for the game, by part, in seat order.

    ``discounts``: each seat's candidate discounts (its class, the first-visit class);
    the one worth most on that seat's fees applies, never two.
    """
    seats = len(placements)
    payers = {
        EACH_PLAYER: set(range(seats)),
        WINNER: {first_seat},
        LOSER: {last_seat},
    }[terms.game_fee_payer]
    times = time_fees(terms, minutes=minutes, placements=placements)
    fees = []
    for seat in range(seats):
        game = terms.game_fee if seat in payers else 0
        top = terms.top_fee if seat == first_seat else 0
        before = game + top + times[seat]
        discount = max(discounts[seat], key=lambda d: d.off(before), default=None)
        fees.append(
            SeatFee(
                game=game,
                top=top,
                time=times[seat],
                discount=discount.off(before) if discount else 0,
                discount_class=discount.name if discount else "",
            )
        )
    return fees
