"""The admin's job lists say whether a worker is consuming the job queue (issue 29).

"Session close jobs" and "Exports" show, above the list, how many workers
consume the queue the closes and exports are sent to, or, when none does,
that what is asked for now waits until one runs and when one was last seen
(``ledger/settle/worker_presence.py``; docs/jobs.md, "Is a worker consuming?").
"""

from __future__ import annotations

from typing import Any, TypeVar

from celery import current_app
from django.conf import settings
from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ledger.settle.worker_presence import JobWorkers, WorkerSeen, job_workers


def _ago(worker: WorkerSeen) -> str:
    seconds = round(worker.seconds_ago)
    if seconds < 120:
        return ngettext("%(n)d second ago", "%(n)d seconds ago", seconds) % {"n": seconds}
    minutes = seconds // 60
    if minutes < 120:
        return ngettext("%(n)d minute ago", "%(n)d minutes ago", minutes) % {"n": minutes}
    hours = minutes // 60
    return ngettext("%(n)d hour ago", "%(n)d hours ago", hours) % {"n": hours}


def job_workers_note(workers: JobWorkers) -> dict[str, str]:
    """What the list says: ``text``, and ``level`` ("info" or "warning")."""
    if workers.status == "in-process":
        return {"level": "info", "text": _("Jobs run inside the web server (no job queue set).")}
    if workers.status == "unknown":
        text = _(
            "The job queue (Redis) does not answer: closes and exports asked for now are marked"
            " not sent; ask again once it is back."
        )
        return {"level": "warning", "text": text}
    if workers.status == "ok":
        count = len(workers.consuming)
        text = ngettext(
            "%(count)d worker is taking jobs (last seen %(ago)s).",
            "%(count)d workers are taking jobs (last seen %(ago)s).",
            count,
        ) % {"count": count, "ago": _ago(workers.consuming[0])}
        return {"level": "info", "text": text}
    if workers.last_seen is None:
        seen = _("No worker has been seen.")
    else:
        seen = _("A worker was last seen %(ago)s.") % {"ago": _ago(workers.last_seen)}
    text = _(
        "No worker is taking jobs: closes and exports asked for now wait until one runs."
        " %(seen)s Start the Celery worker (or ask who runs the server)."
    ) % {"seen": seen}
    return {"level": "warning", "text": text}


M = TypeVar("M", bound=Model)


class JobWorkersOnList(admin.ModelAdmin[M]):
    """Mixin for a ModelAdmin whose list is of background jobs."""

    change_list_template = "admin/ledger/job_workers_change_list.html"

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        workers = job_workers(
            broker_url=settings.CELERY_BROKER_URL, queue=current_app.conf.task_default_queue
        )
        context = {**(extra_context or {}), "job_workers": job_workers_note(workers)}
        return super().changelist_view(request, extra_context=context)
