"""Whether a Celery worker is consuming the job queue: each worker says so in Redis, often.

A worker's consumer, once connected and consuming, writes its name, process
and queues with the time into the Redis hash ``ledger:workers`` (on the
broker) every ``LEDGER_WORKER_BEAT_SECONDS`` (default 5), from its own event
loop: ``PresenceStep``, a consumer bootstep that starts after the task
consumer and stops whenever the consumer does (the broker lost, shutdown). A
worker seen within three beats is consuming; a dead, stuck or disconnected
one stops writing and ages out; a clean shutdown removes its entry.

``job_workers`` reads the hash for ``/healthz`` (in its body: a dead worker
never turns the health check 503, the web tier can still serve) and for the
admin's job lists. Only workers that consume the queue the closes and exports
are sent to (Celery's default queue) count. docs/jobs.md, "Is a worker
consuming?".
"""

from __future__ import annotations

import json
import logging
import os
import time
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

import redis
from celery import bootsteps
from django.conf import settings

logger = logging.getLogger(__name__)

KEY = "ledger:workers"
FORGOTTEN_AFTER_SECONDS = 7 * 24 * 3600  # a worker not seen for a week is no longer listed
BEATS_TO_AGE_OUT = 3
REDIS_TIMEOUT_SECONDS = 2


def beat_seconds() -> int:
    return int(settings.LEDGER_WORKER_BEAT_SECONDS)


@cache
def _client(url: str) -> redis.Redis:
    return redis.Redis.from_url(
        url, socket_timeout=REDIS_TIMEOUT_SECONDS, socket_connect_timeout=REDIS_TIMEOUT_SECONDS
    )


def is_redis(url: str | None) -> bool:
    return bool(url) and str(url).startswith(("redis://", "rediss://"))


class PresenceStep(bootsteps.StartStopStep):
    """Consumer bootstep: while the worker consumes, note it in Redis every beat."""

    requires = ("celery.worker.consumer.tasks:Tasks",)

    def __init__(self, parent: Any, **kwargs: Any) -> None:
        super().__init__(parent, **kwargs)
        self.timer_entry: Any = None

    def start(self, c: Any) -> None:
        url = c.app.conf.broker_url
        if not is_redis(url):
            return
        self._forget_old(url)
        self._beat(c, url)
        self.timer_entry = c.timer.call_repeatedly(beat_seconds(), self._beat, (c, url))

    def stop(self, c: Any) -> None:
        if self.timer_entry is not None:
            self.timer_entry.cancel()
            self.timer_entry = None

    def shutdown(self, c: Any) -> None:
        self.stop(c)
        url = c.app.conf.broker_url
        if is_redis(url):
            try:
                _client(url).hdel(KEY, c.hostname)  # a clean stop: not "last seen", gone
            except redis.RedisError as error:
                logger.info("worker presence not removed: %s", error)

    def _beat(self, c: Any, url: str) -> None:
        queues = sorted(queue.name for queue in c.task_consumer.queues) if c.task_consumer else []
        seen = {"pid": os.getpid(), "at": time.time(), "queues": queues}
        try:
            _client(url).hset(KEY, c.hostname, json.dumps(seen))
        except redis.RedisError as error:
            logger.info("worker presence not written: %s", error)  # the consumer notices too

    def _forget_old(self, url: str) -> None:
        try:
            entries = _client(url).hgetall(KEY)
            old = [name for name, seen in entries.items() if _age(seen) > FORGOTTEN_AFTER_SECONDS]
            if old:
                _client(url).hdel(KEY, *old)
        except redis.RedisError as error:
            logger.info("old worker presences not removed: %s", error)


def _age(raw: bytes | str, now: float | None = None) -> float:
    try:
        at = float(json.loads(raw)["at"])
    except (ValueError, KeyError, TypeError):
        return float("inf")
    return (time.time() if now is None else now) - at


@dataclass(frozen=True, slots=True)
class WorkerSeen:
    name: str
    pid: int | None
    seconds_ago: float
    queues: tuple[str, ...]


JobWorkersStatus = Literal["ok", "none", "unknown", "in-process"]


@dataclass(frozen=True, slots=True)
class JobWorkers:
    """``ok``: a worker consumes the queue; ``none``: none does (``last_seen`` says when one
    last did); ``unknown``: Redis did not answer; ``in-process``: no broker, jobs run in the
    web process."""

    status: JobWorkersStatus
    consuming: tuple[WorkerSeen, ...] = ()
    last_seen: WorkerSeen | None = None

    def to_dict(self) -> dict[str, Any]:
        """The public shape (/healthz): counts and ages, no host names."""
        last = self.last_seen
        return {
            "status": self.status,
            "consuming": None if self.status in ("unknown", "in-process") else len(self.consuming),
            "last_seen_seconds_ago": None if last is None else round(last.seconds_ago, 1),
        }


def _seen(name: bytes | str, raw: bytes | str, now: float) -> WorkerSeen | None:
    try:
        entry = json.loads(raw)
        return WorkerSeen(
            name=name.decode(errors="replace") if isinstance(name, bytes) else name,
            pid=entry.get("pid"),
            seconds_ago=max(0.0, now - float(entry["at"])),
            queues=tuple(entry.get("queues", ())),
        )
    except (ValueError, KeyError, TypeError, AttributeError):
        return None  # an entry this code did not write


def job_workers(*, broker_url: str | None, queue: str, now: float | None = None) -> JobWorkers:
    """The workers consuming ``queue`` now, from what they wrote in Redis."""
    if broker_url is None:
        return JobWorkers(status="in-process")
    if not is_redis(broker_url):
        return JobWorkers(status="unknown")
    try:
        entries = _client(broker_url).hgetall(KEY)
    except redis.RedisError as error:
        logger.warning("job workers not read: %s", error)
        return JobWorkers(status="unknown")
    moment = time.time() if now is None else now
    seen = [_seen(name, raw, moment) for name, raw in entries.items()]
    on_queue = sorted(
        (worker for worker in seen if worker is not None and queue in worker.queues),
        key=lambda worker: worker.seconds_ago,
    )
    fresh = beat_seconds() * BEATS_TO_AGE_OUT
    consuming = tuple(worker for worker in on_queue if worker.seconds_ago <= fresh)
    return JobWorkers(
        status="ok" if consuming else "none",
        consuming=consuming,
        last_seen=on_queue[0] if on_queue else None,
    )
