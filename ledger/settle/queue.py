"""Sending the ledger's jobs to the queue: a request recorded, its task sent after commit.

``close_enqueue`` is the interfaces' way in (the admin and the API; exports
have theirs in ``reports.queue``): it records the request through a service and
sends the task (``ledger.tasks``) once the request's transaction has committed.
When the broker (Redis) does not answer, the request stays recorded and is marked
not sent, with the reason, where the admin and the API show it (a failed close);
asking again once Redis is back sends it (docs/jobs.md). ``stale_closes_resend``
sends again what the queue lost.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from functools import partial

from django.contrib.auth.models import User
from django.db import transaction
from kombu.exceptions import OperationalError as KombuOperationalError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from ledger.models import JobErrorCode, Session, job_error
from ledger.settle.closing import jobs_user, session_close_failure_record, session_close_request
from ledger.settle.closing_selectors import CloseState, session_close_state
from ledger.settle.stale_jobs import stale_closes

logger = logging.getLogger(__name__)

# Redis gone: kombu says so when publishing; the Redis result backend, which subscribes to the
# task's result before the message is sent, raises redis-py's own errors first.
BROKER_UNAVAILABLE: tuple[type[Exception], ...] = (
    KombuOperationalError,
    RedisConnectionError,
    RedisTimeoutError,
)


def unsent_reason(what: str, error: Exception) -> str:
    return (
        f"the job queue (Redis) did not answer, so the {what} was not sent: {error}."
        " Nothing was posted; ask again once the queue is back."
    )


def send_or_note(send: Callable[[], object], note_unsent: Callable[[Exception], None]) -> None:
    """Send a task; when the broker does not answer, note it on the request instead of failing.

    Runs after the request's commit, so raising here would answer an error
    for a request that is recorded: the note is what tells the user. Callers
    send with ``ignore_result``: the state is in the database, and a sender
    waiting on results subscribes to Redis first, which, Redis gone, retries
    for 20 seconds and then breaks the process's result consumer.
    """
    try:
        send()
    except BROKER_UNAVAILABLE as error:
        logger.warning("job queue unavailable, task not sent: %s", error)
        note_unsent(error)


def close_enqueue(*, session: Session, by: User, stop: bool = False) -> CloseState:
    """Ask for a background close of ``session``; returns the close's state (queued).

    The state is ``failed`` with the error ``queue_unavailable`` when the broker
    did not take the task (the session stays open, nothing is posted).
    """
    from ledger import tasks  # the tasks import the services: imported when sending

    session_id = session.pk

    def note_unsent(error: Exception) -> None:
        reason = job_error(JobErrorCode.QUEUE_UNAVAILABLE, unsent_reason("close", error))
        session_close_failure_record(session_id=session_id, error=reason)

    with transaction.atomic():
        session_close_request(session=session, stop=stop)
        send = partial(
            tasks.close_session.apply_async, (session_id, by.pk, stop), ignore_result=True
        )
        transaction.on_commit(partial(send_or_note, send, note_unsent))
    # Read again: without a broker the task has already run.
    return session_close_state(session=Session.objects.get(pk=session_id))


def stale_closes_resend(*, now: datetime) -> list[int]:
    """Ask again for every stale close (``ledger.settle.stale_jobs``), as its interface
    asked (by the jobs user, with its ``stop``); returns the sessions' ids."""
    by = jobs_user()
    closes: list[int] = []
    for session in stale_closes(now=now):
        close_enqueue(session=session, by=by, stop=session.close_stop)
        closes.append(session.pk)
    return closes
