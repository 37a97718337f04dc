"""Celery tasks of the ledger. Each task calls one service and nothing more (docs/jobs.md).

The exports' tasks, the day reports' and the sweep that sends lost jobs again are
``reports.tasks`` (their registered names still ``ledger.tasks.*``, so that a task
already queued in Redis runs after an upgrade).

The close and the exports are acknowledged late and rejected when their
worker is lost, so a task whose worker died is delivered again; their
services are idempotent, so a second delivery changes nothing that the
first finished. Database errors that may pass are retried with backoff.

The interfaces (the admin, the API) send these tasks through
``ledger.settle.queue`` (``close_enqueue``), never directly.
"""

from __future__ import annotations

import logging
import os
import socket
from typing import Any

from celery import shared_task
from django.utils import timezone

from ledger.books.audit import ledger_audit
from ledger.settle.closing import (
    RETRYABLE_ERRORS,
    session_close_job,
    sessions_close_overdue,
)

logger = logging.getLogger(__name__)

# Redelivered if the worker dies; retried with exponential backoff (1 s, 2 s, 4 s ... 60 s).
RELIABLE: dict[str, Any] = {
    "acks_late": True,
    "reject_on_worker_lost": True,
    "autoretry_for": RETRYABLE_ERRORS,
    "retry_backoff": True,
    "retry_backoff_max": 60,
    "retry_jitter": True,
    "max_retries": 5,
}


@shared_task(name="ledger.tasks.health_ping")
def health_ping() -> dict[str, object]:
    """Where the task ran, so a caller can tell a worker from its own process."""
    return {"pong": True, "hostname": socket.gethostname(), "pid": os.getpid()}


@shared_task(name="ledger.tasks.close_session", **RELIABLE)
def close_session(session_id: int, by_id: int | None = None, stop: bool = False) -> dict[str, Any]:
    """Settle the session's game in money, once; a refusal is kept on the session."""
    return session_close_job(session_id=session_id, by_id=by_id, stop=stop)


@shared_task(name="ledger.tasks.close_overdue_sessions", **RELIABLE)
def close_overdue_sessions() -> list[dict[str, Any]]:
    """Periodic: close the sessions left open past their parlor's closing hour."""
    return sessions_close_overdue(now=timezone.now())


@shared_task(name="ledger.tasks.audit_ledger")
def audit_ledger() -> dict[str, Any]:
    """The ledger audit's report as JSON (``ok`` false when it found a problem); read-only."""
    return ledger_audit().to_dict()
