"""Sending export jobs to the queue: a request recorded, its task sent after commit.

``export_enqueue`` is the interfaces' way in (the admin and the API), as
``ledger.settle.queue.close_enqueue`` is for closes: the task
(``reports.tasks``) is sent once the job's row has committed; when the broker
(Redis) does not answer, the job is marked failed with the reason (docs/jobs.md).
``stale_jobs_resend`` sends again the closes and exports the queue lost.
"""

from __future__ import annotations

import logging
from datetime import datetime
from functools import partial

from django.db import transaction

from ledger.models import JobErrorCode
from ledger.settle.queue import send_or_note, stale_closes_resend, unsent_reason
from reports.models import ExportJob, ExportState
from reports.services import export_resend_record, export_unsent_record
from reports.stale import stale_exports

logger = logging.getLogger(__name__)


def export_was_not_sent(job: ExportJob) -> bool:
    """The broker did not take the job (export_enqueue marked it failed)."""
    return job.state == ExportState.FAILED and job.error_code == JobErrorCode.QUEUE_UNAVAILABLE


def export_enqueue(*, job: ExportJob) -> ExportJob:
    """Send a requested export job to a worker once its row is committed.

    When the broker does not take it, the job is marked failed with the reason,
    so "run again" (admin) or a new request (API) sends it once Redis is back.
    """
    from reports import tasks  # the tasks import the services: imported when sending

    job_id = job.pk

    def note_unsent(error: Exception) -> None:
        export_unsent_record(job_id=job_id, reason=unsent_reason("export", error))

    send = partial(tasks.export_settlements.apply_async, (job_id,), ignore_result=True)
    transaction.on_commit(partial(send_or_note, send, note_unsent))
    return job


def stale_jobs_resend(*, now: datetime) -> dict[str, list[int]]:
    """Send again every stale close and export (``ledger.settle.stale_jobs``, ``reports.stale``).

    A close is asked for again as its interface asked (by the jobs user, with
    its ``stop``); an export is noted as sent again. Both tasks are idempotent:
    when the first task was only slow, not lost, the second finds the work done
    (or claims the same job) and posts nothing twice. Returns the ids sent.
    """
    closes = stale_closes_resend(now=now)
    exports: list[int] = []
    for job in stale_exports(now=now):
        if export_resend_record(job_id=job.pk, at=now):
            export_enqueue(job=job)
            exports.append(job.pk)
    if closes or exports:
        logger.warning("stale jobs sent again: closes %s, exports %s", closes, exports)
    return {"closes": closes, "exports": exports}
