"""Real ``celery worker`` processes for the job tests, on Redis and the test database.

As in tests/foundation/test_celery_worker.py, every test gets a queue of its
own on Redis (database 15 by default), so it neither takes work from nor
leaves work for anything else; the workers use the test database (the test
must be transactional so that they see its rows) and a media directory of
the test's.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import redis
from celery import Celery

from tests.database import environment_with
from tests.ledger.tasks.pg import worker_database_url

PROJECT_DIR = Path(__file__).resolve().parents[3]
# A test's worker needs no neighbours, events or heartbeats: it starts faster without them.
QUIET = ("--without-mingle", "--without-gossip", "--without-heartbeat")


@dataclass
class Worker:
    process: subprocess.Popen[bytes]
    log: Path

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def kill(self) -> None:
        """SIGKILL: no clean shutdown, nothing acknowledged or handed back."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=20)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()


@dataclass
class Workers:
    """Starts workers on one queue; ``client`` sends tasks to it."""

    redis_url: str
    tmp_path: Path
    queue: str = field(default_factory=lambda: f"test-jobs-{uuid.uuid4().hex}")
    started: list[Worker] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.client = Celery(
            "jobs-test-client", broker=self.redis_url, backend=self.redis_url, set_as_current=False
        )

    def start(
        self,
        *,
        pool: str = "solo",
        visibility_timeout: int = 3600,
        quiet: bool = True,
        concurrency: int = 1,
    ) -> Worker:
        """A worker on this queue; ``quiet=False`` keeps mingle, gossip and heartbeats, as
        ``make worker`` runs it."""
        n = len(self.started)
        log = self.tmp_path / f"worker-{n}.log"
        env = environment_with(  # the test database, as the service role
            DATABASE_URL=worker_database_url(),
            CELERY_BROKER_URL=self.redis_url,
            CELERY_RESULT_BACKEND=self.redis_url,
            CELERY_VISIBILITY_TIMEOUT=str(visibility_timeout),
            MEDIA_ROOT=str(self.tmp_path / "media"),
            CONN_MAX_AGE="0",
        )
        with log.open("wb") as log_file:
            process = subprocess.Popen(
                [
                    sys.executable, "-m", "celery", "-A", "config", "worker",
                    f"--pool={pool}", f"--concurrency={concurrency}", *(QUIET if quiet else ()),
                    f"--queues={self.queue}", f"--hostname={self.queue}-{n}@%h",
                    "--loglevel=INFO",
                ],
                cwd=PROJECT_DIR,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log_file,
                stderr=subprocess.STDOUT,
            )  # fmt: skip
        worker = Worker(process=process, log=log)
        self.started.append(worker)
        return worker

    def send(self, name: str, *args: object, task_id: str | None = None) -> object:
        return self.client.send_task(name, args=list(args), queue=self.queue, task_id=task_id)

    def logs(self) -> str:
        return "\n".join(f"--- worker {i}\n{w.log_text()}" for i, w in enumerate(self.started))

    def close(self) -> None:
        for worker in self.started:
            worker.stop()
        self.client.close()
        server = redis.Redis.from_url(self.redis_url)
        leftovers = list(server.scan_iter(match=f"*{self.queue}*"))
        if leftovers:
            server.delete(*leftovers)


@pytest.fixture
def workers(redis_url: str, tmp_path: Path) -> Iterator[Workers]:
    pool = Workers(redis_url=redis_url, tmp_path=tmp_path)
    try:
        yield pool
    finally:
        pool.close()
