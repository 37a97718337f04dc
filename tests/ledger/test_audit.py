"""The ledger audit finds books tampered with behind the services' back.

The tampering is raw SQL (and ``QuerySet.update``, which skips the
services). On PostgreSQL the service role may not make it and the
append-only and balance triggers would refuse it, so there the tests tamper
as the owner with the table's user triggers off (``tampering``,
tests/database.py), committed, and audit as the service role: the audit is
for what slipped past every other guard.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.db import connection, transaction
from hypothesis import HealthCheck, given, settings

from ledger.books.audit import (
    BALANCE_MISMATCH,
    HAND_RESCORE_DIFFERS,
    POSTING_UNBALANCED,
    SESSION_REPLAY_REFUSED,
    SETTLEMENT_OFF_RATE,
    STANDING_MISMATCH,
    AuditReport,
    ledger_audit,
)
from ledger.models import HandResult, LedgerEntry, Posting, Session, Settlement
from ledger.settle.settlements import session_close
from ledger.tasks import audit_ledger
from tests.database import tampering, tampers
from tests.fixtures.sessions import Record
from tests.ledger.factories import SessionFactory, draw, parlor_manager, ron
from tests.ledger.test_invariants import ENDINGS, STEPS
from tests.ledger.test_invariants import _play as play

pytestmark = pytest.mark.django_db

GAME = (ron(1, 0, riichi=[1]), draw(2, riichi=[2]), draw(), draw())


def checks(report: AuditReport) -> list[tuple[str, str]]:
    return [(finding.check, finding.subject) for finding in report.findings]


@pytest.fixture
def played(record: Record) -> Session:
    session = SessionFactory()
    record(session, *GAME[:2])
    return session


@pytest.fixture
def closed(manager: User, record: Record, staff: User) -> Session:
    session = SessionFactory()
    record(session, *GAME)
    session_close(session=session, by=manager)
    return session


def test_clean_books_pass_the_audit(played: Session, closed: Session) -> None:
    report = ledger_audit()

    assert report.ok, report.lines()
    assert report.sessions == 2
    assert report.hands == 2 + 4
    assert report.postings == Posting.objects.count()
    assert report.lines()[0].startswith("ledger audit with engine ")


@tampers
def test_raw_sql_unbalanced_entry_is_reported_per_posting_and_per_balance(
    played: Session,
) -> None:
    entry = LedgerEntry.objects.filter(posting__session=played, points__gt=0).first()
    assert entry is not None
    with tampering(LedgerEntry), connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {LedgerEntry._meta.db_table} SET points = points + 100 WHERE id = %s",
            [entry.pk],
        )

    report = ledger_audit()

    assert not report.ok
    found = checks(report)
    assert (POSTING_UNBALANCED, f"posting {entry.posting_id}") in found
    assert (POSTING_UNBALANCED, "whole book") in found
    unbalanced = next(f for f in report.findings if f.subject == f"posting {entry.posting_id}")
    assert unbalanced.details["points"] == 100
    assert any(check == BALANCE_MISMATCH and str(played.pk) in subject for check, subject in found)


@tampers
def test_balanced_tampering_still_disagrees_with_the_stored_scores(played: Session) -> None:
    # Move 1,000 points between two legs of one posting: it still sums to zero.
    first, second = LedgerEntry.objects.filter(posting__session=played).order_by("pk")[:2]
    with tampering(LedgerEntry), connection.cursor() as cursor:
        table = LedgerEntry._meta.db_table
        cursor.execute(f"UPDATE {table} SET points = points + 1000 WHERE id = %s", [first.pk])
        cursor.execute(f"UPDATE {table} SET points = points - 1000 WHERE id = %s", [second.pk])

    report = ledger_audit()

    found = {check for check, _ in checks(report)}
    assert found == {BALANCE_MISMATCH}
    mismatch = report.findings[0]
    assert mismatch.subject.startswith(f"session {played.pk} seat ")
    assert abs(mismatch.details["stored"]["points"] - mismatch.details["entries"]["points"]) == 1000


@tampers
def test_stored_result_that_no_longer_rescores_lists_both_engine_versions(
    played: Session,
) -> None:
    hand = HandResult.objects.get(session=played, ordinal=1)
    result = dict(hand.result, honba=hand.result["honba"] + 1)
    with tampering(HandResult):
        HandResult.objects.filter(pk=hand.pk).update(result=result, engine_version="0.9.0")

    report = ledger_audit()

    assert checks(report) == [(HAND_RESCORE_DIFFERS, f"session {played.pk} hand 1 v1")]
    details = report.findings[0].details
    assert details["fields"] == ["honba"]
    assert details["stored_engine_version"] == "0.9.0"
    assert details["current_engine_version"] == report.engine_version
    assert "engine 0.9.0" in report.findings[0].message


@tampers
def test_stored_hand_the_engine_now_refuses_is_reported(played: Session) -> None:
    hand = HandResult.objects.get(session=played, ordinal=1)
    payload = dict(hand.payload, wins=[dict(hand.payload["wins"][0], winner=7)])
    with tampering(HandResult):
        HandResult.objects.filter(pk=hand.pk).update(payload=payload)

    report = ledger_audit()

    assert checks(report) == [(SESSION_REPLAY_REFUSED, f"session {played.pk}")]
    assert report.findings[0].details["engine_code"]


@tampers
def test_closed_session_money_must_equal_its_settlement(closed: Session) -> None:
    row = Settlement.objects.filter(session=closed).order_by("seat").first()
    assert row is not None
    with tampering(Settlement):
        Settlement.objects.filter(pk=row.pk).update(money=row.money + 1)

    report = ledger_audit()

    # The row no longer matches its entries, nor its points and chips at the session's rate,
    # nor its standings row (written from it at the close).
    subject = f"session {closed.pk} seat {row.seat} (settlement {row.pk})"
    assert checks(report) == [
        (SETTLEMENT_OFF_RATE, subject),
        (STANDING_MISMATCH, subject),
        (BALANCE_MISMATCH, f"session {closed.pk} seat {row.seat} (closed)"),
    ]


def test_audit_can_be_limited_to_sessions_but_always_checks_every_posting(
    played: Session, closed: Session
) -> None:
    report = ledger_audit(session_ids=[closed.pk])

    assert report.ok
    assert report.sessions == 1
    assert report.postings == Posting.objects.count()


def test_command_exits_0_on_clean_books(
    played: Session, capsys: pytest.CaptureFixture[str]
) -> None:
    call_command("audit_ledger")

    assert ": clean;" in capsys.readouterr().out


@tampers
def test_command_exits_1_and_prints_the_findings(
    played: Session, capsys: pytest.CaptureFixture[str]
) -> None:
    entry = LedgerEntry.objects.filter(posting__session=played).first()
    assert entry is not None
    with tampering(LedgerEntry), connection.cursor() as cursor:
        table = LedgerEntry._meta.db_table
        cursor.execute(f"UPDATE {table} SET chips = chips + 1 WHERE id = %s", [entry.pk])

    with pytest.raises(CommandError) as raised:
        call_command("audit_ledger", "--json")

    assert raised.value.returncode == 1
    out = capsys.readouterr().out
    assert '"ok": false' in out
    assert f'"posting": {entry.posting_id}' in out


@tampers
def test_celery_task_returns_the_report(played: Session) -> None:
    assert audit_ledger.delay().get(timeout=10)["ok"] is True

    hand = HandResult.objects.get(session=played, ordinal=2)
    with tampering(HandResult):
        HandResult.objects.filter(pk=hand.pk).update(result=dict(hand.result, sticks=9))

    report = audit_ledger.delay().get(timeout=10)
    assert report["ok"] is False
    assert [f["check"] for f in report["findings"]] == [HAND_RESCORE_DIFFERS]


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=STEPS, endings=ENDINGS)
def test_books_kept_by_the_services_always_pass_the_audit(
    steps: list[tuple[str, Any]], endings: list[tuple[str, Any]]
) -> None:
    # Random hands, voids, amendments, closes and reopenings (tests/ledger/test_invariants.py).
    with transaction.atomic():
        session = SessionFactory()
        play(session, steps + endings, parlor_manager(session.parlor))
        report = ledger_audit()
        transaction.set_rollback(True)

    assert report.ok, report.lines()
