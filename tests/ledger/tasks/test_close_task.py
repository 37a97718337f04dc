"""The close_session task (run in process here): closes once, keeps a refusal on the session.

The runs through a real worker and Redis are in test_close_worker.py; the
races on PostgreSQL in test_close_races.py.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, OperationalError, transaction

from config.celery import app as celery_app
from ledger.errors import LedgerErrorCode
from ledger.models import (
    CloseJobState,
    Posting,
    PostingKind,
    Session,
    SessionClose,
    SessionState,
    Settlement,
)
from ledger.play.corrections import hand_void
from ledger.play.hands import hand_record
from ledger.settle import closing
from ledger.settle.closing_selectors import session_close_state
from ledger.settle.queue import close_enqueue
from ledger.tasks import close_session
from tests.ledger.factories import draw, parlor_manager
from tests.ledger.tasks.support import (
    CLOSED_ONCE,
    GAME,
    MONEY,
    NET,
    NOT_CLOSED,
    close_postings,
    finished_session,
    unfinished_session,
)

pytestmark = pytest.mark.django_db


def test_close_session_settles_the_game_in_money_at_the_rate(manager: User, staff: User) -> None:
    session = finished_session(by=staff)

    result = close_session.delay(session.pk, manager.pk).get()

    assert result["ok"] and result["closed_now"]
    assert [row["money"] for row in result["settlements"]] == MONEY
    rows = Settlement.objects.filter(session=session).order_by("seat")
    assert [row.net_money for row in rows] == NET
    session.refresh_from_db()
    assert (session.state, session.closed_by) == (SessionState.CLOSED, manager)
    assert close_postings(session) == CLOSED_ONCE


def test_a_duplicate_delivery_posts_nothing_more(manager: User, staff: User) -> None:
    session = finished_session(by=staff)

    first = close_session.delay(session.pk, manager.pk).get()
    second = close_session.delay(session.pk, manager.pk).get()

    assert (first["closed_now"], second["closed_now"]) == (True, False)
    assert second["settlements"] == first["settlements"]
    assert close_postings(session) == CLOSED_ONCE


def test_a_close_without_a_user_acts_as_the_jobs_user(staff: User, settings: object) -> None:
    session = finished_session(by=staff)

    close_session.delay(session.pk).get()

    session.refresh_from_db()
    assert session.closed_by is not None
    assert session.closed_by.username == "ledger-jobs"
    assert not session.closed_by.is_active and not session.closed_by.has_usable_password()


def test_a_refused_close_leaves_the_session_open_with_the_error(manager: User, staff: User) -> None:
    session = unfinished_session(by=staff)

    result = close_session.delay(session.pk, manager.pk).get()

    assert not result["ok"]
    assert result["error"]["code"] == LedgerErrorCode.GAME_NOT_FINISHED
    session.refresh_from_db()
    assert session.state == SessionState.OPEN
    assert session.close_error["code"] == "game_not_finished"
    assert "has not ended after 1 hand" in session.close_error["message"]
    state = session_close_state(session=session)
    assert (state.state, state.error) == (CloseJobState.FAILED, session.close_error)
    assert close_postings(session) == NOT_CLOSED


def test_asking_again_clears_the_error_and_a_successful_close_keeps_none(
    manager: User, staff: User, django_capture_on_commit_callbacks: object
) -> None:
    session = unfinished_session(by=staff)
    close_session.delay(session.pk, manager.pk).get()

    for hand in GAME[1:]:
        hand_record(session=session, hand=hand, entered_by=staff)

    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        queued = close_enqueue(session=session, by=manager)

    assert queued.state == CloseJobState.QUEUED  # read before the task ran
    session.refresh_from_db()
    assert session.state == SessionState.CLOSED
    assert (session.close_error, session.close_failed_at) == ({}, None)
    assert session_close_state(session=session).state == CloseJobState.DONE


def test_a_reopened_session_closes_again_as_close_number_2(staff: User, manager: User) -> None:
    session = finished_session(by=staff)
    close_session.delay(session.pk, manager.pk).get()
    hand_void(hand=session.hands.get(ordinal=4), reason="entered twice", by=manager)

    hand_record(session=session, hand=draw(), entered_by=staff)

    result = close_session.delay(session.pk, manager.pk).get()

    assert result["closed_now"]
    assert list(SessionClose.objects.filter(session=session).values_list("number", flat=True)) == [
        1,
        2,
    ]
    live = Posting.objects.filter(session=session, kind=PostingKind.GAME_END, reversed_by=None)
    assert live.count() == 1


def test_the_database_refuses_a_second_close_with_the_same_number(
    manager: User, staff: User
) -> None:
    session = finished_session(by=staff)
    close_session.delay(session.pk, manager.pk).get()
    first = SessionClose.objects.get(session=session)

    with pytest.raises(IntegrityError), transaction.atomic():
        SessionClose.objects.create(
            session=session, number=1, posting=first.posting, closed_by=staff
        )


def test_a_database_error_is_recorded_and_raised_for_the_retry(
    staff: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = finished_session(by=staff)

    def lost(**_: object) -> None:
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(closing, "session_close", lost)

    with pytest.raises(OperationalError):
        closing.session_close_job(session_id=session.pk, by_id=parlor_manager(session.parlor).pk)
    session.refresh_from_db()
    assert session.state == SessionState.OPEN
    assert session.close_error["code"] == "database_error"
    assert "will be retried" in session.close_error["message"]


def test_an_unexpected_error_is_recorded_and_the_session_stays_open(
    manager: User, staff: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = finished_session(by=staff)

    def bug(**_: object) -> None:
        raise KeyError("final")

    monkeypatch.setattr(closing, "session_close", bug)

    result = close_session.delay(session.pk, manager.pk).get()

    assert result["error"]["code"] == "internal_error"
    session.refresh_from_db()
    assert (session.state, session.close_error["code"]) == (SessionState.OPEN, "internal_error")
    assert close_postings(session) == NOT_CLOSED


def test_closing_a_session_that_does_not_exist_says_so(manager: User, staff: User) -> None:
    result = close_session.delay(987654, manager.pk).get()

    assert result == {
        "session": 987654,
        "ok": False,
        "error": {"code": "not_found", "message": "session 987654 does not exist"},
    }


@pytest.mark.parametrize("name", ["close_session", "export_settlements", "close_overdue_sessions"])
def test_jobs_are_acknowledged_late_and_retry_database_errors(name: str) -> None:
    # By the name the worker knows it by: the exports' task lives in reports.tasks.
    task = celery_app.tasks[f"ledger.tasks.{name}"]

    assert task.acks_late and task.reject_on_worker_lost
    assert OperationalError in task.autoretry_for
    assert task.retry_backoff and task.max_retries == 5


def test_the_close_state_of_an_untouched_open_session_is_idle(session: Session) -> None:
    state = session_close_state(session=session)

    assert (state.state, state.error, state.requested_at) == (CloseJobState.IDLE, None, None)
