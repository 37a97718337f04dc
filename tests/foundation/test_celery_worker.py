"""A task sent through Redis is executed by a real `celery worker` process.

The worker listens on a queue of its own (Redis database 15 by default), so
the test neither takes work from nor leaves work for anything else.
"""

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import redis
from celery import Celery
from celery.exceptions import TimeoutError as CeleryTimeoutError

PROJECT_DIR = Path(__file__).resolve().parents[2]
REPLY_TIMEOUT_SECONDS = 60


@dataclass(frozen=True)
class Worker:
    process: subprocess.Popen[bytes]
    queue: str
    log: Path


@pytest.fixture
def celery_worker(redis_url: str, tmp_path: Path) -> Iterator[Worker]:
    queue = f"test-worker-{uuid.uuid4().hex}"
    log = tmp_path / "worker.log"
    with log.open("wb") as log_file:
        process = subprocess.Popen(
            [
                sys.executable, "-m", "celery", "-A", "config", "worker",
                "--pool=solo", "--without-mingle", "--without-gossip", "--without-heartbeat",
                f"--queues={queue}", f"--hostname={queue}@%h", "--loglevel=INFO",
            ],
            cwd=PROJECT_DIR,
            env={**os.environ, "CELERY_BROKER_URL": redis_url, "CELERY_RESULT_BACKEND": redis_url},
            stdin=subprocess.DEVNULL,
            stdout=log_file,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        yield Worker(process=process, queue=queue, log=log)
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        # Kombu leaves the queue's bindings behind; the queue name is unique, so
        # every key naming it is this test's.
        server = redis.Redis.from_url(redis_url)
        leftovers = list(server.scan_iter(match=f"*{queue}*"))
        if leftovers:
            server.delete(*leftovers)


def test_health_ping_is_executed_by_a_worker_process_through_redis(
    celery_worker: Worker, redis_url: str
) -> None:
    # Not the current app: the shared tasks of later tests must stay bound to config.celery.
    client = Celery("worker-test-client", broker=redis_url, backend=redis_url, set_as_current=False)
    result = client.send_task("ledger.tasks.health_ping", queue=celery_worker.queue)
    try:
        reply = result.get(timeout=REPLY_TIMEOUT_SECONDS)
    except CeleryTimeoutError:
        pytest.fail(
            f"no reply from the worker in {REPLY_TIMEOUT_SECONDS}s; its log:\n"
            + celery_worker.log.read_text(errors="replace")
        )
    finally:
        result.forget()
        client.close()

    assert reply["pong"] is True
    assert reply["pid"] == celery_worker.process.pid
    assert reply["pid"] != os.getpid()
