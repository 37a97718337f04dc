"""Celery tasks of the reports: an export's file, the day reports, the lost-job sweep.

Each task calls one service and nothing more (docs/jobs.md), with the ledger's
retry policy (``ledger.tasks.RELIABLE``). Their registered names are the ones
they had when they lived in ``ledger.tasks``: a task queued in Redis before an
upgrade still finds its function. The interfaces send exports through
``reports.queue.export_enqueue``, never directly.
"""

from __future__ import annotations

from typing import Any

from celery import shared_task
from django.utils import timezone

from ledger.tasks import RELIABLE
from reports.queue import stale_jobs_resend
from reports.services import day_reports_build, export_run


@shared_task(name="ledger.tasks.export_settlements", **RELIABLE)
def export_settlements(job_id: int) -> dict[str, Any]:
    """Build the export job's file (CSV, XLSX or PDF), showing progress as it goes."""
    return export_run(job_id=job_id)


@shared_task(name="ledger.tasks.build_day_reports", **RELIABLE)
def build_day_reports() -> list[int]:
    """Periodic: each parlor's report of its last ended business day, once per day."""
    return day_reports_build(now=timezone.now())


@shared_task(name="ledger.tasks.resend_stale_jobs", **RELIABLE)
def resend_stale_jobs() -> dict[str, list[int]]:
    """Periodic: send again the closes and exports whose task was lost with the queue."""
    return stale_jobs_resend(now=timezone.now())
