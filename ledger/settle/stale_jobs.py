"""Stale closes: closes answered "queued" that no worker has finished (exports: ``reports.stale``).

A job is stale when it has waited past a limit (docs/jobs.md, "Lost jobs"):

- a close asked for and neither done nor failed ``LEDGER_CLOSE_STALE_AFTER`` seconds
  (default 120) after it was last asked for (or sent again): a close sent twice posts
  once, so the sweep (every minute) may send it again early, and a close lost with the
  queue or with a killed worker runs within about three minutes;
- an export queued ``LEDGER_JOB_STALE_AFTER`` seconds (default 600) after it was
  requested, run again or sent again;
- an export running longer than the broker's visibility timeout plus that limit
  since it started (and since it was last sent again): Redis hands a dead
  worker's task to another one within the visibility timeout, so a running job
  older than that lost its task with the queue.

A job's task is lost when Redis loses its queue (a restart without persistence,
a flush): nothing else would ever run it. ``reports.queue.stale_jobs_resend`` sends
stale jobs again; the close and the export are idempotent, so a task that was not
lost after all and runs twice still posts once.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import F, Q, QuerySet

from ledger.models import Session, SessionState


@dataclass(frozen=True, slots=True)
class StaleCutoffs:
    # A close asked for before this and not finished: stale.
    close_asked_before: datetime
    # An export queued before this: stale.
    queued_before: datetime
    # An export running since before this: stale.
    running_before: datetime


def stale_cutoffs(*, now: datetime) -> StaleCutoffs:
    waited = timedelta(seconds=settings.LEDGER_JOB_STALE_AFTER)
    ran = timedelta(seconds=settings.BROKER_VISIBILITY_TIMEOUT) + waited
    return StaleCutoffs(
        close_asked_before=now - timedelta(seconds=settings.LEDGER_CLOSE_STALE_AFTER),
        queued_before=now - waited,
        running_before=now - ran,
    )


def stale_closes(*, now: datetime) -> QuerySet[Session]:
    """Open sessions whose asked-for close neither finished nor failed within the limit."""
    cutoffs = stale_cutoffs(now=now)
    not_failed_since = Q(close_failed_at__isnull=True) | Q(
        close_failed_at__lt=F("close_requested_at")
    )
    return Session.objects.filter(
        not_failed_since, state=SessionState.OPEN, close_requested_at__lt=cutoffs.close_asked_before
    ).order_by("close_requested_at", "pk")


def close_is_stale(*, session: Session, now: datetime) -> bool:
    """The same test as ``stale_closes``, on a row already read (the admin's lists)."""
    if session.state != SessionState.OPEN or session.close_requested_at is None:
        return False
    failed = session.close_failed_at
    if failed is not None and failed >= session.close_requested_at:
        return False
    return session.close_requested_at < stale_cutoffs(now=now).close_asked_before
