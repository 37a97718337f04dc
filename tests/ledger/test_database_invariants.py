"""PostgreSQL holds the books' invariants itself (migration 0002), even against raw SQL.

The balance check is a deferred constraint trigger: it fires at commit, so
these tests commit for real (``transaction=True``) and need PostgreSQL. The
raw SQL runs as the service role (every test's login: it lacks the privilege
to change the books at all) and again as the owner of the tables (whose
writes the triggers refuse); ``sql_role``, tests/database.py.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction

from ledger.books.postings import Leg, PlannedPosting, posting_create
from ledger.errors import LedgerError
from ledger.models import HandResult, LedgerEntry, Posting, PostingKind, Session
from ledger.play.hands import hand_record
from ledger.play.session_selectors import session_accounts
from parlor.services.roles import ROLE_MANAGER
from tests.database import refused
from tests.ledger.factories import SessionFactory, UserFactory, draw
from tests.parlor.factories import house_member

pytestmark = [pytest.mark.requires_postgres, pytest.mark.django_db(transaction=True)]

ENTRY = LedgerEntry._meta.db_table
POSTING = Posting._meta.db_table


def _insert_entry(*, posting_id: int, account_id: int, points: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {ENTRY} (posting_id, account_id, points, chips, money, reason)"
            " VALUES (%s, %s, %s, 0, 0, 'raw sql')",
            [posting_id, account_id, points],
        )


@pytest.fixture
def played() -> tuple[Session, HandResult, User]:
    session = SessionFactory()
    user = house_member(UserFactory(), ROLE_MANAGER)
    hand = hand_record(session=session, hand=draw(2), entered_by=user)
    return session, hand, user


def test_an_unbalanced_raw_insert_fails_at_commit(
    played: tuple[Session, HandResult, User], sql_role: str
) -> None:
    session, hand, _ = played
    posting = hand.postings.get()
    account = session_accounts(session=session).seats[0]
    inserted = False

    with pytest.raises(IntegrityError, match="does not balance"), transaction.atomic():
        _insert_entry(posting_id=posting.pk, account_id=account.pk, points=500)
        inserted = True  # the statement itself passed: the check waits for the commit

    assert inserted
    assert LedgerEntry.objects.filter(reason="raw sql").count() == 0


def test_an_unbalanced_orm_write_behind_the_services_back_fails_at_commit(
    played: tuple[Session, HandResult, User],
) -> None:
    session, _, user = played
    account = session_accounts(session=session).seats[1]

    with pytest.raises(IntegrityError, match="does not balance"), transaction.atomic():
        posting = Posting.objects.create(session=session, kind=PostingKind.HAND, created_by=user)
        LedgerEntry.objects.create(posting=posting, account=account, money=100, reason="gift")

    assert not Posting.objects.filter(entries__reason="gift").exists()


def test_a_balanced_raw_insert_commits(
    played: tuple[Session, HandResult, User], sql_role: str
) -> None:
    session, _, user = played
    seats = session_accounts(session=session).seats
    with transaction.atomic():
        posting = Posting.objects.create(session=session, kind=PostingKind.HAND, created_by=user)
        _insert_entry(posting_id=posting.pk, account_id=seats[0].pk, points=-300)
        _insert_entry(posting_id=posting.pk, account_id=seats[1].pk, points=300)

    assert LedgerEntry.objects.filter(posting=posting).count() == 2


def test_with_immediate_constraints_the_statement_itself_fails(
    played: tuple[Session, HandResult, User], sql_role: str
) -> None:
    session, hand, _ = played
    account = session_accounts(session=session).seats[0]

    with (
        pytest.raises(IntegrityError, match="does not balance"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        _insert_entry(posting_id=hand.postings.get().pk, account_id=account.pk, points=1)


@pytest.mark.parametrize(
    "statement",
    [
        f"UPDATE {ENTRY} SET points = points + 1000",
        f"UPDATE {ENTRY} SET reason = 'edited'",
        f"DELETE FROM {ENTRY}",
        f"UPDATE {POSTING} SET memo = 'edited'",
        f"DELETE FROM {POSTING}",
        f"UPDATE {HandResult._meta.db_table} SET payload = '{{}}'",
    ],
)
def test_books_are_append_only(
    played: tuple[Session, HandResult, User], statement: str, sql_role: str
) -> None:
    with (
        refused(sql_role, trigger="append-only"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(statement)


def test_the_services_balance_check_runs_before_the_database(
    played: tuple[Session, HandResult, User],
) -> None:
    # posting_create refuses first, so nothing reaches the trigger.
    session, _, user = played
    seat = session_accounts(session=session).seats[0]

    with pytest.raises(LedgerError):
        posting_create(
            session=session,
            planned=PlannedPosting(PostingKind.HAND, (Leg(seat, "x", 100),)),
            by=user,
        )
