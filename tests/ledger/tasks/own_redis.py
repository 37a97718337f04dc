"""A redis-server of the test's own, on a free port, that the test stops and starts again.

The machine's Redis is shared by everyone's tests; an outage is played on a
server nobody else uses. ``stop(keep_data=True)`` is a clean shutdown that
saves the data set (``SHUTDOWN SAVE``), as a Redis with persistence restarts
with its queues; ``keep_data=False`` loses them, as the machine's Redis (which
keeps nothing on disk) does.
"""

from __future__ import annotations

import contextlib
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import redis


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class RedisServer:
    directory: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def client(self) -> redis.Redis:
        return redis.Redis(host="127.0.0.1", port=self.port, socket_connect_timeout=1)

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                "redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
                "--dir", str(self.directory), "--dbfilename", "dump.rdb",
                "--save", "", "--appendonly", "no",
                "--logfile", str(self.directory / "redis.log"),
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                if self.client().ping():
                    return
            except redis.ConnectionError:
                time.sleep(0.05)
        raise AssertionError(f"redis-server on port {self.port} did not answer within 20 s")

    def stop(self, *, keep_data: bool = True) -> None:
        if not self.running:
            return
        assert self.process is not None
        with contextlib.suppress(redis.ConnectionError):  # the server closed it as it went
            self.client().shutdown(save=keep_data, nosave=not keep_data)
        self.process.wait(timeout=20)


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[RedisServer]:
    server = RedisServer(directory=tmp_path)
    server.start()
    try:
        yield server
    finally:
        if server.running:
            server.stop(keep_data=False)
