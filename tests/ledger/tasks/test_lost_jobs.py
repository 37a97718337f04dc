"""Lost jobs: Redis loses its queue after closes and an export were answered "queued".

On PostgreSQL with a real Redis and a real worker: the tasks are sent to the
worker's queue, Redis is flushed before any worker takes them (a restart
without persistence), and nothing runs them: they stay queued. Past
``LEDGER_JOB_STALE_AFTER`` they are stale (the admin says so, /healthz counts
them and still answers 200); the sweep sends them again and every close posts
once, even when a second delivery of the same close arrives.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
import redis
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.utils import timezone

from ledger import tasks
from ledger.models import Session, SessionState
from ledger.settle.queue import close_enqueue
from ledger.settle.stale_jobs import stale_closes
from parlor.services.roles import ROLE_MANAGER
from reports import tasks as report_tasks
from reports.models import ExportJob, ExportState
from reports.queue import export_enqueue, stale_jobs_resend
from reports.services import export_request
from reports.stale import stale_exports, stale_jobs_count
from tests.ledger.factories import UserFactory
from tests.ledger.tasks.pg import wait_until
from tests.ledger.tasks.support import CLOSED_ONCE, NOT_CLOSED, close_postings, finished_session
from tests.ledger.tasks.workers import Workers, workers
from tests.parlor.factories import house_member
from tests.reports.support import today

pytestmark = [
    pytest.mark.requires_postgres,
    pytest.mark.requires_redis,
    pytest.mark.django_db(transaction=True),
]
__all__ = ["workers"]

CLOSES = 8


def _past_the_limit() -> datetime:
    return timezone.now() + timedelta(seconds=settings.LEDGER_JOB_STALE_AFTER + 1)


def _send_through(workers: Workers, monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's tasks go to the test worker's queue on Redis, as in production."""
    for task in (tasks.close_session, report_tasks.export_settlements):

        def send(args: tuple[Any, ...], *, _name: str = task.name, **options: Any) -> object:
            return workers.send(_name, *args)

        monkeypatch.setattr(task, "apply_async", send)


def test_closes_and_an_export_lost_with_the_queue_are_sent_again_and_post_once(
    workers: Workers, monkeypatch: pytest.MonkeyPatch, redis_url: str, client: Client
) -> None:
    closer: User = house_member(UserFactory(username="closer"), ROLE_MANAGER)
    sessions = [finished_session(by=closer) for _ in range(CLOSES)]
    parlor = sessions[0].parlor
    _send_through(workers, monkeypatch)

    for session in sessions:
        close_enqueue(session=session, by=closer)
    job = export_request(kind="settlements", scope="day", format="csv", parlor=parlor,
                         by=closer, date_from=today(sessions[0]))  # fmt: skip
    export_enqueue(job=job)
    server = redis.Redis.from_url(redis_url)
    assert server.llen(workers.queue) == CLOSES + 1
    server.flushdb()  # Redis restarted without persistence: the queue is gone.
    worker = workers.start()

    # Nothing will ever run them: still queued, not stale until the limit passes.
    assert server.llen(workers.queue) == 0
    assert all(close_postings(session) == NOT_CLOSED for session in sessions)
    assert ExportJob.objects.get(pk=job.pk).state == ExportState.QUEUED
    assert stale_jobs_count(now=timezone.now()) == 0
    later = _past_the_limit()
    assert {s.pk for s in stale_closes(now=later)} == {s.pk for s in sessions}
    assert [j.pk for j in stale_exports(now=later)] == [job.pk]
    with override_settings(CELERY_BROKER_URL=None), monkeypatch.context() as clock:
        clock.setattr("config.health.timezone.now", lambda: later)
        health = client.get("/healthz")
    assert health.status_code == 200  # a lost job is not this web server's fault
    assert health.json()["jobs"] == {"stale": CLOSES + 1, "status": "stale"}

    sent = stale_jobs_resend(now=later)
    # A second delivery of every close (the first task was only slow after all).
    for session in sessions:
        workers.send(tasks.close_session.name, session.pk, closer.pk)

    assert sorted(sent["closes"]) == sorted(s.pk for s in sessions)
    assert sent["exports"] == [job.pk]
    wait_until(
        lambda: worker.log_text().count("succeeded") == 2 * CLOSES + 1,
        what=f"the closes sent again, their duplicates and the export; logs:\n{workers.logs()}",
        timeout=120,
    )
    for session in sessions:
        assert Session.objects.get(pk=session.pk).state == SessionState.CLOSED
        assert close_postings(session) == CLOSED_ONCE
    job.refresh_from_db()
    assert (job.state, job.attempts) == (ExportState.DONE, 1)
    assert stale_jobs_count(now=_past_the_limit()) == 0
