"""A posting's legs: integers only, and each amount summing to zero (legs_check)."""

from __future__ import annotations

import pytest

from ledger.errors import LedgerError, LedgerErrorCode
from ledger.models import Account, PostingKind
from ledger.services.postings import Leg, legs_check

HOUSE, SEAT = Account(pk=1, kind="house"), Account(pk=2, kind="player")


def test_balanced_integer_legs_pass() -> None:
    legs_check([Leg(SEAT, "ron", 3900, 2), Leg(HOUSE, "ron", -3900, -2)], kind=PostingKind.HAND)


def test_legs_that_do_not_sum_to_zero_are_refused_naming_the_posting_and_amount() -> None:
    with pytest.raises(LedgerError) as refused:
        legs_check([Leg(SEAT, "ron", 3900), Leg(HOUSE, "ron", -3800)], kind=PostingKind.HAND)

    assert refused.value.code == LedgerErrorCode.UNBALANCED_POSTING
    assert str(PostingKind.HAND.label) in str(refused.value)
    assert "points sum to 100, not zero" in str(refused.value)


def test_a_leg_that_is_not_an_integer_is_refused_naming_the_leg() -> None:
    with pytest.raises(LedgerError) as refused:
        legs_check([Leg(SEAT, "fee", money=1.5), Leg(HOUSE, "fee", money=-1.5)],  # type: ignore[arg-type]
                   kind=PostingKind.FEE)  # fmt: skip

    assert refused.value.code == LedgerErrorCode.NOT_AN_INTEGER
    assert "leg 0 (fee) has money 1.5" in str(refused.value)
