"""/healthz and the admin's job lists say whether a worker consumes the job queue (issue 29).

A real worker writes its presence in Redis every beat (one second here);
killed, it ages out after three beats. ``/healthz`` stays 200 throughout (a
dead worker does not make the web tier unable to serve) and says
``workers.status`` "ok" with one consuming, then "none" with when one was last
seen; the "Session close jobs" and "Exports" lists say the same in words.
The worker listens on a queue of its own, which the test makes the queue jobs
are sent to, so the workers of other tests on the same Redis do not count.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from config.celery import app as celery_app
from tests.ledger.tasks.pg import wait_until
from tests.ledger.tasks.workers import Workers, workers
from tests.parlor.factories import ParlorFactory

# The worker is another process reading the test database: PostgreSQL only (on SQLite's
# in-memory test database it would find nothing).
pytestmark = [
    pytest.mark.requires_redis,
    pytest.mark.requires_postgres,
    pytest.mark.django_db(transaction=True),
]
__all__ = ["workers"]

LISTS = [
    reverse("admin:ledger_sessionclosing_changelist"),
    reverse("admin:reports_exportjob_changelist"),
]


@pytest.fixture
def on_the_workers_queue(
    workers: Workers, redis_url: str, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> Workers:
    settings.CELERY_BROKER_URL = redis_url
    settings.LEDGER_WORKER_BEAT_SECONDS = 1
    monkeypatch.setenv("LEDGER_WORKER_BEAT_SECONDS", "1")  # the worker's, from the environment
    monkeypatch.setitem(celery_app.conf, "task_default_queue", workers.queue)
    return workers


def health(client: Client) -> dict[str, Any]:
    response = client.get("/healthz")
    assert response.status_code == 200, response.content
    report: dict[str, Any] = response.json()["workers"]
    return report


def job_lists(client: Client) -> list[str]:
    pages = [client.get(url) for url in LISTS]
    assert [page.status_code for page in pages] == [200, 200]
    return [page.content.decode() for page in pages]


def test_healthz_and_the_job_lists_say_whether_a_worker_consumes(
    on_the_workers_queue: Workers, client: Client, client_as: Callable[[str], Client]
) -> None:
    workers = on_the_workers_queue
    ParlorFactory()  # a manager of a parlor sees the lists
    manager = client_as("manager")
    assert health(client) == {"status": "none", "consuming": 0, "last_seen_seconds_ago": None}
    assert all("No worker has been seen" in page for page in job_lists(manager))

    worker = workers.start()
    seen = wait_until(
        lambda: health(client)["consuming"] == 1 and health(client),
        what=f"the worker to be seen consuming:\n{workers.logs()}",
    )
    assert seen["status"] == "ok" and seen["last_seen_seconds_ago"] <= 3
    assert all("1 worker is taking jobs" in page for page in job_lists(manager))

    worker.kill()
    gone = wait_until(
        lambda: health(client)["status"] == "none" and health(client),
        what="the killed worker to age out",
        timeout=20,
    )
    assert gone["consuming"] == 0 and gone["last_seen_seconds_ago"] >= 3
    for page in job_lists(manager):
        assert 'id="job-workers" class="errornote"' in page
        assert "No worker is taking jobs" in page and "A worker was last seen" in page
