"""/healthz: whether the database and the Celery broker answer; how many jobs are stale.

The HTTP status (200, or 503) says only whether this web server can serve:
the database and the broker answer. Stale jobs (closes and exports queued
past ``LEDGER_CLOSE_STALE_AFTER`` or ``LEDGER_JOB_STALE_AFTER``, their task
lost with the queue; docs/jobs.md) are an operational fault, not this
server's: they are counted under ``"jobs": {"stale": N, "status": "ok" |
"stale"}`` for monitoring to alert on, and never make the load balancer
pull a healthy server (``"status": "unknown"`` when the database cannot be
asked). The sweep sends them again.

Whether a worker consumes the job queue is reported the same way, under
``"workers": {"status": "ok" | "none" | "unknown" | "in-process", "consuming":
N, "last_seen_seconds_ago": S}`` (``ledger/settle/worker_presence.py``): a dead worker
stops the closes and exports, not this server, so it never turns the status
503 (the load balancer must not pull the web tier for it); monitoring alerts
on ``workers.status == "none"``.

The report names the database vendor and the broker URL with any password
masked; failures give the exception's class only (details go to the log),
because the endpoint is public for load balancers.
"""

import logging
from typing import Any

from django.conf import settings
from django.db import DatabaseError, connection
from django.http import HttpRequest, JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from kombu.utils.url import maybe_sanitize_url

from config.celery import app as celery_app
from ledger.settle.worker_presence import job_workers
from reports.stale import stale_jobs_count

logger = logging.getLogger(__name__)

BROKER_TIMEOUT_SECONDS = 3


def database_status() -> dict[str, Any]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as error:
        logger.warning("health: database unreachable: %s", error)
        return {"ok": False, "vendor": connection.vendor, "error": type(error).__name__}
    return {"ok": True, "vendor": connection.vendor}


def broker_status(*, broker_url: str | None) -> dict[str, Any]:
    if broker_url is None:
        return {"ok": True, "url": "in-process"}
    shown_url = maybe_sanitize_url(broker_url)
    try:
        with celery_app.connection_for_write(broker_url) as broker:
            broker.ensure_connection(
                max_retries=1, interval_start=0, timeout=BROKER_TIMEOUT_SECONDS
            )
    # Any failure to reach the broker, whatever the transport raises, means "not ok".
    except Exception as error:
        logger.warning("health: broker %s unreachable: %s", shown_url, error)
        return {"ok": False, "url": shown_url, "error": type(error).__name__}
    return {"ok": True, "url": shown_url}


def jobs_status(*, database_ok: bool) -> dict[str, Any]:
    """Stale closes and exports; informational: never part of the HTTP status."""
    if not database_ok:
        return {"stale": None, "status": "unknown"}
    try:
        stale = stale_jobs_count(now=timezone.now())
    except DatabaseError as error:
        logger.warning("health: stale jobs not counted: %s", error)
        return {"stale": None, "status": "unknown"}
    return {"stale": stale, "status": "stale" if stale else "ok"}


def workers_status(*, broker: dict[str, Any]) -> dict[str, Any]:
    """Whether a worker consumes the job queue; informational: never part of the HTTP status."""
    broker_url = settings.CELERY_BROKER_URL
    if broker_url is not None and not broker["ok"]:
        return {"status": "unknown", "consuming": None, "last_seen_seconds_ago": None}
    queue = celery_app.conf.task_default_queue
    return job_workers(broker_url=broker_url, queue=queue).to_dict()


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    report: dict[str, Any] = {
        "database": database_status(),
        "broker": broker_status(broker_url=settings.CELERY_BROKER_URL),
    }
    healthy = all(part["ok"] for part in report.values())
    report["jobs"] = jobs_status(database_ok=report["database"]["ok"])
    report["workers"] = workers_status(broker=report["broker"])
    return JsonResponse(report, status=200 if healthy else 503)
