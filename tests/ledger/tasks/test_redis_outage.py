"""A worker outlives Redis going away for 18 seconds and runs every close asked for (issue 29).

Measured before the mend: a worker holding a task acknowledged late when
Redis went away logged "Connection to broker lost", then "Unrecoverable
error: AttributeError('NoneType' object has no attribute 'hostname')", and
exited; closes asked for afterwards waited for someone to restart it. The
cause and the mend: config/broker_transport.py.

Here a real ``celery worker`` (prefork with two processes, mingle, gossip and
heartbeats, as ``make worker`` runs it on a two-core machine) consumes from a
redis-server of the test's own. A close is running, stopped mid-transaction
by a lock the test holds, so the worker holds its message unacknowledged and
waits on Redis for more work (the two conditions of the crash), when Redis
stops for 18 seconds. The close commits during the outage; a close asked
for then is refused and marked so (``queue_unavailable``, nothing posted);
Redis comes back; that close asked again and a new one are answered "queued"
the way the admin and the API ask, and the worker runs both. Each session
closes once, and the worker process that started is the one that ran them:
no manual step, no restart.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from ledger.models import Session, SessionState
from ledger.settle.queue import close_enqueue
from ledger.settle.worker_presence import job_workers
from parlor.services.roles import ROLE_MANAGER
from tests.ledger.factories import UserFactory
from tests.ledger.tasks.broker import tasks_sent_to
from tests.ledger.tasks.own_redis import RedisServer, own_redis
from tests.ledger.tasks.pg import closes_waiting_on_insert, table_locked, wait_until
from tests.ledger.tasks.support import CLOSED_ONCE, close_postings, finished_session
from tests.ledger.tasks.workers import Workers
from tests.parlor.factories import house_member

pytestmark = [
    pytest.mark.requires_postgres,
    pytest.mark.requires_redis_server,
    pytest.mark.django_db(transaction=True),
]
__all__ = ["own_redis"]

OUTAGE_SECONDS = 18  # as measured in the issue
# The worker retries the broker after 2, 4, 6, 8 ... seconds: back within about 20 s.
BACK_WITHIN = 90


@pytest.fixture
def workers_on_own_redis(own_redis: RedisServer, tmp_path: Path) -> Iterator[Workers]:
    # The default queue, where close_enqueue sends: nobody else uses this Redis.
    pool = Workers(redis_url=own_redis.url, tmp_path=tmp_path, queue="celery")
    try:
        yield pool
    finally:
        if not own_redis.running:
            own_redis.start()
        pool.close()


def _closed(session: Session) -> bool:
    return Session.objects.get(pk=session.pk).state == SessionState.CLOSED


def test_a_worker_outlives_a_redis_outage_and_runs_every_close(
    workers_on_own_redis: Workers, own_redis: RedisServer
) -> None:
    closer: User = house_member(UserFactory(username="closer"), ROLE_MANAGER)
    running, during, after = (finished_session(by=closer) for _ in range(3))
    workers = workers_on_own_redis
    worker = workers.start(pool="prefork", concurrency=2, quiet=False)
    wait_until(lambda: "ready." in worker.log_text(), what=f"the worker:\n{workers.logs()}")
    pid = worker.process.pid

    with tasks_sent_to(own_redis.url):
        with table_locked():
            close_enqueue(session=running, by=closer)
            wait_until(closes_waiting_on_insert, what=f"the close mid-way:\n{workers.logs()}")
            own_redis.stop(keep_data=True)
            down_at = time.monotonic()
            wait_until(
                lambda: "Connection to broker lost" in worker.log_text(),
                what=f"the worker to see Redis go:\n{workers.logs()}",
            )
        # The lock goes: the running close commits while Redis is still down.
        wait_until(lambda: _closed(running), what=f"the running close:\n{workers.logs()}")
        refused = close_enqueue(session=during, by=closer)
        assert refused.state == "failed" and refused.error is not None
        assert refused.error["code"] == "queue_unavailable"
        time.sleep(max(0.0, OUTAGE_SECONDS - (time.monotonic() - down_at)))
        assert worker.process.poll() is None, f"the worker died:\n{workers.logs()}"

        own_redis.start()
        # As the admin and the API ask, answered "queued"; the first is asked again.
        states = [close_enqueue(session=session, by=closer) for session in (during, after)]
        assert [state.state for state in states] == ["queued", "queued"]
        for session in (during, after):
            wait_until(
                lambda session=session: _closed(session),  # type: ignore[misc]
                what=f"close of session {session.pk} after the outage:\n{workers.logs()}",
                timeout=BACK_WITHIN,
            )

    assert worker.process.poll() is None and worker.process.pid == pid
    # /healthz and the admin see it consuming again (ledger/settle/worker_presence.py).
    presence = job_workers(broker_url=own_redis.url, queue="celery")
    assert presence.status == "ok" and [w.pid for w in presence.consuming] == [pid]
    log = worker.log_text()
    assert "Unrecoverable error" not in log and "Traceback" not in log, log
    assert log.count("Connected to") >= 2  # the first connection and the one after the outage
    for session in (running, during, after):
        assert close_postings(session) == CLOSED_ONCE
