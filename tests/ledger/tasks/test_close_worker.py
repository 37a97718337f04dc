"""close_session run by real worker processes through Redis, on PostgreSQL: it posts once.

- a duplicate delivery (the same task twice) closes once;
- two workers racing on the same session close once;
- a worker killed mid-close (SIGKILL while its transaction holds the session
  row) leaves nothing behind; the task is delivered again, to another worker
  or to a fresh pool process, and closes once.

The close is stopped mid-transaction by a lock the test holds on the
SessionClose table (tests/ledger/tasks/pg.py): no hook in the service.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from ledger.models import Session, SessionState
from parlor.services.roles import ROLE_MANAGER
from tests.ledger.factories import UserFactory
from tests.ledger.tasks.pg import (
    backend_alive,
    closes_waiting_on_insert,
    table_locked,
    wait_until,
    waiting_backends,
)
from tests.ledger.tasks.support import CLOSED_ONCE, NOT_CLOSED, close_postings, finished_session
from tests.ledger.tasks.workers import Workers, workers
from tests.parlor.factories import house_member

pytestmark = [
    pytest.mark.requires_postgres,
    pytest.mark.requires_redis,
    pytest.mark.django_db(transaction=True),
]
__all__ = ["workers"]

CLOSE = "ledger.tasks.close_session"
TIMEOUT = 60


@pytest.fixture
def closer() -> User:
    return house_member(UserFactory(username="closer"), ROLE_MANAGER)


def _closed(session: Session) -> bool:
    return Session.objects.get(pk=session.pk).state == SessionState.CLOSED


def test_a_duplicate_delivery_closes_once(workers: Workers, closer: User) -> None:
    session = finished_session(by=closer)
    worker = workers.start()

    # The same message twice, as a broker redelivers it.
    workers.send(CLOSE, session.pk, closer.pk, task_id="close-duplicate")
    workers.send(CLOSE, session.pk, closer.pk, task_id="close-duplicate")

    wait_until(
        lambda: worker.log_text().count("close-duplicate] succeeded") == 2,
        what=f"both deliveries to run; logs:\n{workers.logs()}",
    )
    assert close_postings(session) == CLOSED_ONCE
    assert "'closed_now': True" in worker.log_text()
    assert "'closed_now': False" in worker.log_text()


def test_two_workers_racing_close_once(workers: Workers, closer: User) -> None:
    session = finished_session(by=closer)
    workers.start()
    workers.start()

    with table_locked():
        results = [workers.send(CLOSE, session.pk, closer.pk) for _ in range(2)]
        # One worker holds the session row, stopped at its insert; the other waits for the row.
        wait_until(closes_waiting_on_insert, what=f"a close mid-way; logs:\n{workers.logs()}")
        wait_until(lambda: len(waiting_backends()) == 2, what="the second close to wait")
    replies = [result.get(timeout=TIMEOUT) for result in results]  # type: ignore[attr-defined]

    assert sorted(reply["closed_now"] for reply in replies) == [False, True]
    assert replies[0]["settlements"] == replies[1]["settlements"]
    assert close_postings(session) == CLOSED_ONCE


def test_a_worker_killed_mid_close_is_replaced_and_the_task_closes_once(
    workers: Workers, closer: User
) -> None:
    session = finished_session(by=closer)
    # Redis hands an unacknowledged task to another worker after the visibility timeout.
    first = workers.start(visibility_timeout=4)

    with table_locked():
        result = workers.send(CLOSE, session.pk, closer.pk)
        [backend] = wait_until(
            closes_waiting_on_insert, what=f"the close mid-way:\n{workers.logs()}"
        )
        first.kill()
    # The dead worker's transaction never commits: its backend goes, taking the postings with it.
    wait_until(lambda: not backend_alive(backend), what="the killed worker's transaction to end")
    assert close_postings(session) == NOT_CLOSED
    assert Session.objects.get(pk=session.pk).state == SessionState.OPEN

    workers.start(visibility_timeout=4)
    reply = result.get(timeout=TIMEOUT)  # type: ignore[attr-defined]

    assert reply["ok"] and reply["closed_now"]
    assert close_postings(session) == CLOSED_ONCE


def _pool_child(worker_pid: int) -> int:
    children = Path(f"/proc/{worker_pid}/task/{worker_pid}/children").read_text().split()
    assert len(children) == 1, children
    return int(children[0])


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="finds the pool process in /proc")
def test_a_pool_process_killed_mid_close_is_rejected_and_redelivered_at_once(
    workers: Workers, closer: User
) -> None:
    session = finished_session(by=closer)
    worker = workers.start(pool="prefork")
    wait_until(lambda: "ready." in worker.log_text(), what="the worker to start")

    with table_locked():
        workers.send(CLOSE, session.pk, closer.pk)
        [backend] = wait_until(
            closes_waiting_on_insert, what=f"the close mid-way:\n{workers.logs()}"
        )
        os.kill(_pool_child(worker.process.pid), signal.SIGKILL)
        # reject_on_worker_lost puts the task back; a new pool process takes it and waits
        # for the session row the dead one's transaction still holds.
        wait_until(lambda: len(waiting_backends()) == 2, what=f"the redelivery:\n{workers.logs()}")
    wait_until(lambda: _closed(session), what=f"the close; logs:\n{workers.logs()}")

    assert not backend_alive(backend)
    assert "WorkerLostError" in worker.log_text()
    assert close_postings(session) == CLOSED_ONCE
