"""Stale exports: export jobs queued, or running, that no worker has finished.

The limits are the closes' (``ledger.settle.stale_jobs``, docs/jobs.md "Lost
jobs"): an export queued ``LEDGER_JOB_STALE_AFTER`` seconds after it was requested,
run again or sent again; one running longer than the broker's visibility timeout
plus that limit since it started (and since it was last sent again).
``reports.queue.stale_jobs_resend`` sends them again.
"""

from __future__ import annotations

from datetime import datetime

from django.db.models import Q, QuerySet
from django.db.models.functions import Coalesce

from ledger.settle.stale_jobs import stale_closes, stale_cutoffs
from reports.models import ExportJob, ExportState


def stale_exports(*, now: datetime) -> QuerySet[ExportJob]:
    """Export jobs queued, or running, past the limit."""
    cutoffs = stale_cutoffs(now=now)
    queued = Q(state=ExportState.QUEUED, last_sent__lt=cutoffs.queued_before)
    running = Q(state=ExportState.RUNNING, started_at__lt=cutoffs.running_before) & (
        Q(resent_at__isnull=True) | Q(resent_at__lt=cutoffs.running_before)
    )
    return (
        ExportJob.objects.annotate(last_sent=Coalesce("resent_at", "requested_at"))
        .filter(queued | running)
        .order_by("requested_at", "pk")
    )


def export_is_stale(*, job: ExportJob, now: datetime) -> bool:
    """The same test as ``stale_exports``, on a row already read."""
    cutoffs = stale_cutoffs(now=now)
    if job.state == ExportState.QUEUED:
        return (job.resent_at or job.requested_at) < cutoffs.queued_before
    if job.state == ExportState.RUNNING and job.started_at is not None:
        resent_long_ago = job.resent_at is None or job.resent_at < cutoffs.running_before
        return job.started_at < cutoffs.running_before and resent_long_ago
    return False


def stale_jobs_count(*, now: datetime) -> int:
    """How many closes and exports are stale now (/healthz)."""
    return stale_closes(now=now).count() + stale_exports(now=now).count()
