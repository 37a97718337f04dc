"""A posting's legs: integers only, and each amount summing to zero (legs_check); the
postings written by Django's ``bulk_create``, the same on every database."""

from __future__ import annotations

import pytest
from django.db import connection
from django.forms.models import model_to_dict
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

import engine
from ledger.books.postings import Leg, PlannedPosting, legs_check, postings_create
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.models import (
    Account,
    AccountKind,
    HandResult,
    LedgerEntry,
    Posting,
    PostingKind,
    Session,
)
from tests.ledger.factories import SessionFactory

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


def _legs(session: Session, count: int, *, reason: str) -> tuple[Leg, ...]:
    house = Account.objects.get(parlor=session.parlor, kind=AccountKind.HOUSE)
    seats = list(Account.objects.filter(kind=AccountKind.PLAYER, player__in=session.players.all()))
    paid = [Leg(seats[i % 4], f"{reason} {i}", points=100 * (i + 1)) for i in range(count - 1)]
    return (*paid, Leg(house, reason, points=-sum(leg.points for leg in paid)))


@pytest.mark.django_db
@pytest.mark.parametrize("with_hand", [False, True], ids=["postings", "a new hand's postings"])
def test_postings_and_their_entries_are_two_bulk_creates_whatever_their_number(
    with_hand: bool,
) -> None:
    """One insert of the postings, one of all their entries (a new hand's row one before
    them), however many postings and legs; no statement of the project's own making."""
    session = SessionFactory()
    planned = [
        PlannedPosting(PostingKind.HAND, _legs(session, 7, reason="hand"), "hand 1"),
        PlannedPosting(PostingKind.DEPOSIT, _legs(session, 2, reason="riichi")),
        PlannedPosting(PostingKind.HAND, _legs(session, 3, reason="again")),
    ]
    hand = (
        HandResult(
            session=session, ordinal=1, version=1, kind="draw", payload={}, result={},
            engine_version=engine.__version__, entered_by=session.opened_by,
            entered_at=timezone.now(),
        )  # fmt: skip
        if with_hand
        else None
    )

    with CaptureQueriesContext(connection) as queries:
        postings = postings_create(
            session=session, planned=planned, by=session.opened_by, hand=hand
        )

    inserts = [query["sql"].split(" (")[0] for query in queries.captured_queries]
    wanted = ['INSERT INTO "ledger_posting"', 'INSERT INTO "ledger_ledgerentry"']
    assert inserts == (['INSERT INTO "ledger_handresult"'] if with_hand else []) + wanted
    assert [posting.kind for posting in postings] == [plan.kind for plan in planned]
    for posting, plan in zip(postings, planned, strict=True):
        stored = Posting.objects.get(pk=posting.pk)
        assert model_to_dict(stored) == model_to_dict(posting)
        assert stored.hand_id == (hand.pk if hand else None)
        written = LedgerEntry.objects.filter(posting=posting).order_by("pk")
        assert [(e.account_id, e.reason, e.points) for e in written] == [
            (leg.account.pk, leg.reason, leg.points) for leg in plan.legs
        ]
    with CaptureQueriesContext(connection) as shown:
        assert [len(posting.entries.all()) for posting in postings] == [7, 2, 3]
    assert not shown.captured_queries  # the entries come back with their postings
