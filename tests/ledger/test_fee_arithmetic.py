"""The fee models as arithmetic (``ledger.settle.fees``), each with figures worked by hand.

Four seats; first place is seat 1 and last place seat 0 unless said otherwise.
"""

from __future__ import annotations

import pytest

from ledger.settle.fees import (
    LOSER,
    TABLE_HOUR,
    WINNER,
    Discount,
    FeeTerms,
    billed_minutes,
    seat_fees,
    time_fees,
)

PLACES = [4, 1, 2, 3]  # seat 0 last, seat 1 first
NO_DISCOUNTS: list[list[Discount]] = [[], [], [], []]


def fees(terms: FeeTerms, minutes: float = 0, discounts: list[list[Discount]] = NO_DISCOUNTS):
    return seat_fees(
        terms, placements=PLACES, first_seat=1, last_seat=0, minutes=minutes, discounts=discounts
    )


def test_the_game_fee_from_each_player_the_winner_or_the_loser() -> None:
    assert [f.total for f in fees(FeeTerms(game_fee=500))] == [500, 500, 500, 500]
    # A top-only fee: the game fee paid by first place alone.
    assert [f.total for f in fees(FeeTerms(game_fee=1000, game_fee_payer=WINNER))] == [
        0, 1000, 0, 0,
    ]  # fmt: skip
    assert [f.total for f in fees(FeeTerms(game_fee=800, game_fee_payer=LOSER))] == [
        800, 0, 0, 0,
    ]  # fmt: skip


def test_the_top_fee_is_paid_by_first_place_on_top_of_the_game_fee() -> None:
    seats = fees(FeeTerms(game_fee=500, top_fee=1000))

    assert [f.total for f in seats] == [500, 1500, 500, 500]
    assert (seats[1].game, seats[1].top) == (500, 1000)


@pytest.mark.parametrize(
    ("minutes", "step", "billed"),
    [
        (70, 30, 90), (60, 30, 60), (60.5, 30, 90), (60.01, 30, 60), (0, 30, 30), (1, 10, 10),
        (179.5, 60, 180),
    ],  # fmt: skip
)
def test_table_time_is_billed_in_whole_steps_a_started_one_in_full(
    minutes: float, step: int, billed: int
) -> None:
    assert billed_minutes(minutes, step) == billed


def test_a_person_hour_fee_each_player_pays_the_billed_time() -> None:
    # 600 an hour, 30-minute steps, 70 minutes played: 90 minutes billed, 600 x 1.5 = 900.
    terms = FeeTerms(game_fee=0, time_fee=600, time_fee_step_minutes=30)

    assert time_fees(terms, minutes=70, placements=PLACES) == [900, 900, 900, 900]


def test_a_table_hour_fee_is_shared_the_odd_yen_from_first_place_on() -> None:
    # 2,000 an hour per table, hourly steps, 70 minutes: 2 hours, 4,000, 1,000 each.
    even = FeeTerms(game_fee=0, time_fee=2000, time_fee_basis=TABLE_HOUR, time_fee_step_minutes=60)
    assert time_fees(even, minutes=70, placements=PLACES) == [1000, 1000, 1000, 1000]
    # 2,500 an hour, 10-minute steps, 70 minutes: 2,500 x 70 / 60 = 2,916.67, rounded up to
    # 2,917 (the parlor's favour); 729 each and the odd one from first place (seat 1).
    odd = FeeTerms(game_fee=0, time_fee=2500, time_fee_basis=TABLE_HOUR, time_fee_step_minutes=10)
    shares = time_fees(odd, minutes=70, placements=PLACES)
    assert shares == [729, 730, 729, 729] and sum(shares) == 2917


def test_a_class_discount_percent_then_amount_never_below_zero() -> None:
    student = Discount("student", percent_off=20)
    silver = Discount("silver", amount_off=100)
    free = Discount("first visit", percent_off=100)
    terms = FeeTerms(game_fee=500, top_fee=1000)

    seats = fees(terms, discounts=[[silver], [student], [free, silver], []])

    # Seat 0: 500 - 100 = 400. Seat 1 (first): 1,500 - 20% (300) = 1,200. Seat 2: the
    # first-visit class is worth more than silver's 100: all 500 off. Seat 3: 500.
    assert [f.total for f in seats] == [400, 1200, 0, 500]
    assert [f.discount_class for f in seats] == ["silver", "student", "first visit", ""]
    assert Discount("big", amount_off=900).off(500) == 500
    assert Discount("odd", percent_off=15).off(333) == 49  # 49.95 rounded down


def test_a_seats_fee_detail_adds_up_to_its_total() -> None:
    terms = FeeTerms(game_fee=500, top_fee=300, time_fee=600, time_fee_step_minutes=30)
    seats = fees(terms, minutes=45, discounts=[[Discount("s", percent_off=10)], [], [], []])

    for seat in seats:
        detail = seat.to_json()
        assert detail["game"] + detail["top"] + detail["time"] - detail["discount"] == seat.total
    # Seat 0: 500 + 600 (45 minutes billed as 60) = 1,100, less 10% = 990.
    assert seats[0].total == 990 and seats[1].total == 1400
