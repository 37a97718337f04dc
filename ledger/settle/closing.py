"""Closing a session in the background, exactly once, whatever the task deliveries.

``session_close_once`` is ``session_close`` made safe to run twice, in
parallel, or again after a worker died halfway (docs/jobs.md):

- It locks the session row first (``session_lock_for_update``). A second
  close waits for the first to commit, then finds the session closed and
  returns its settlement, writing nothing.
- It closes through ``session_close``, the only close service, which writes
  the ``SessionClose`` row (unique per session and close number) in the same
  transaction as the close's postings, so a close that got past the lock
  fails on it and rolls back whole.
- A worker that dies mid-close leaves a transaction that never commits; the
  database rolls it back and the redelivered task starts from an open session.

``session_close_job`` is what the Celery task runs. A close the ledger
refuses (the game goes on, the books disagree with the engine) leaves the
session open with the error recorded on it (``Session.close_error``), which
the admin and the API show; errors the database may get over (a lost
connection, a deadlock, a concurrent close's unique row) are recorded and
raised again, for the task to retry.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import DatabaseError, IntegrityError, InterfaceError, OperationalError, transaction
from django.utils import timezone

from ledger.errors import LedgerError
from ledger.models import JobError, JobErrorCode, Session, SessionState, Settlement, job_error
from ledger.play.session_selectors import session_lock_for_update, session_settlement
from ledger.settle.closing_selectors import sessions_left_open
from ledger.settle.settlements import session_close
from parlor.policy import PolicyRefusal

logger = logging.getLogger(__name__)

# Worth another attempt: the next one may find the database back, the lock free, or the close done.
RETRYABLE_ERRORS: tuple[type[Exception], ...] = (OperationalError, InterfaceError, IntegrityError)


@dataclass(frozen=True, slots=True)
class CloseOutcome:
    session_id: int
    # False when the session was already closed: nothing was written this time.
    closed_now: bool
    settlements: list[Settlement]


@transaction.atomic
def session_close_once(*, session_id: int, by: User, stop: bool = False) -> CloseOutcome:
    """Close the session, or return its settlement if it is already closed (writes nothing).

    ``stop`` ends an unfinished game where it stands (``session_close``'s option).
    """
    locked = session_lock_for_update(session_id=session_id).get()
    if locked.state != SessionState.OPEN:
        return CloseOutcome(
            locked.pk, closed_now=False, settlements=session_settlement(session=locked)
        )
    rows = session_close(session=locked, by=by, stop=stop)
    return CloseOutcome(locked.pk, closed_now=True, settlements=rows)


def session_close_request(
    *, session: Session, at: datetime | None = None, stop: bool = False
) -> Session:
    """Note that a background close was asked for (the caller enqueues it); clears any error.

    ``stop`` is kept with the request, so a close sent again (the stale-job sweep) stops too.
    """
    session.close_requested_at = at or timezone.now()
    session.close_stop = stop
    session.close_error, session.close_failed_at = {}, None
    # Only an open session: a closed one's close is done, a settled one is final (a trigger).
    Session.objects.filter(pk=session.pk, state=SessionState.OPEN).update(
        close_requested_at=session.close_requested_at,
        close_stop=stop,
        close_error={},
        close_failed_at=None,
    )
    return session


def session_close_failure_record(*, session_id: int, error: JobError) -> None:
    """Keep why the close failed on the (still open) session, for the admin and the API."""
    Session.objects.filter(pk=session_id, state=SessionState.OPEN).update(
        close_error=error, close_failed_at=timezone.now()
    )


def _failure_record_quietly(session_id: int, error: JobError) -> None:
    # The database itself may be what failed; the task's retry is what matters then.
    with contextlib.suppress(DatabaseError):
        session_close_failure_record(session_id=session_id, error=error)


def session_close_job(
    *, session_id: int, by_id: int | None = None, stop: bool = False
) -> dict[str, Any]:
    """Close one session for the Celery task; the result says what happened, as JSON.

    Raises only what a retry may cure (``RETRYABLE_ERRORS``), recorded on the
    session first; any other failure is recorded and returned.
    """
    by = User.objects.get(pk=by_id) if by_id is not None else jobs_user()
    try:
        outcome = session_close_once(session_id=session_id, by=by, stop=stop)
    except Session.DoesNotExist:
        return _job_result(session_id, error=job_error(JobErrorCode.NOT_FOUND, _gone(session_id)))
    except LedgerError as error:
        refused = job_error(error.code, error.message)
        session_close_failure_record(session_id=session_id, error=refused)
        return _job_result(session_id, error=refused)
    except PolicyRefusal as error:
        refused = job_error(JobErrorCode.NOT_ALLOWED, str(error.message))
        session_close_failure_record(session_id=session_id, error=refused)
        return _job_result(session_id, error=refused)
    except RETRYABLE_ERRORS as error:
        _failure_record_quietly(
            session_id, _error_dict(JobErrorCode.DATABASE_ERROR, error, retried=True)
        )
        raise
    except Exception as error:
        # A bug: kept on the session for the admin; the traceback goes to the worker's log.
        logger.exception("closing session %s failed", session_id)
        failure = _error_dict(JobErrorCode.INTERNAL_ERROR, error, retried=False)
        _failure_record_quietly(session_id, failure)
        return _job_result(session_id, error=failure)
    return _job_result(session_id, outcome=outcome)


def sessions_close_overdue(*, now: datetime) -> list[dict[str, Any]]:
    """Close every session left open past its parlor's closing hour (the periodic sweep).

    With ``settings.LEDGER_STOP_OVERDUE_GAMES`` (the default) an unfinished game is
    stopped where it stands, as at closing time; without it, it stays open with the
    ``game_not_finished`` error shown.
    """
    by = jobs_user()
    stop = settings.LEDGER_STOP_OVERDUE_GAMES
    return [
        session_close_job(session_id=session.pk, by_id=by.pk, stop=stop)
        for session in sessions_left_open(now=now)
    ]


def jobs_user() -> User:
    """The user the periodic jobs act as: inactive, without a password, made on first use."""
    username = settings.LEDGER_JOBS_USERNAME
    try:
        with transaction.atomic():
            user, created = User.objects.get_or_create(
                username=username, defaults={"is_active": False}
            )
            if created:
                user.set_unusable_password()
                user.save(update_fields=["password"])
    except IntegrityError:  # made at the same moment by another job
        user = User.objects.get(username=username)
    return user


def _gone(session_id: int) -> str:
    return f"session {session_id} does not exist"


def _error_dict(code: JobErrorCode, error: Exception, *, retried: bool) -> JobError:
    then = "; the close will be retried" if retried else ""
    return job_error(code, f"{type(error).__name__}: {error}{then}")


def _job_result(
    session_id: int, *, outcome: CloseOutcome | None = None, error: JobError | None = None
) -> dict[str, Any]:
    if outcome is None:
        return {"session": session_id, "ok": False, "error": error}
    return {
        "session": session_id,
        "ok": True,
        "closed_now": outcome.closed_now,
        "settlements": [
            {"seat": row.seat, "player": row.player_id, "money": row.money, "fee": row.fee}
            for row in outcome.settlements
        ],
    }
