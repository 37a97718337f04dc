"""The test process's Celery app sending tasks for real to a broker of the test's choosing.

The suite runs tasks in process (tests/conftest.py). A test about the broker
itself (Redis refusing, Redis going away and coming back) sends them through
``celery_app`` to a Redis URL it picks, as the web server does, and puts
everything back afterwards.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from config.celery import app as celery_app


def _forget_connections() -> None:
    # The app keeps its broker connections, producers and result backend for the URLs it had.
    celery_app._pool = None
    celery_app.amqp._producer_pool = None
    celery_app._backend_cache = None
    celery_app._local.__dict__.pop("backend", None)


@contextmanager
def tasks_sent_to(url: str, **conf: Any) -> Iterator[None]:
    """Tasks are really sent to the Redis at ``url`` (broker and result backend)."""
    settings = celery_app.conf
    changes = {"task_always_eager": False, "broker_write_url": url, "result_backend": url, **conf}
    saved = {name: settings[name] for name in changes}
    # Celery reads CELERY_BROKER_URL from the environment before its own setting (CI sets it),
    # so the URL is changed there too.
    saved_environment = os.environ.get("CELERY_BROKER_URL")
    os.environ["CELERY_BROKER_URL"] = url
    settings.update(changes)
    _forget_connections()
    try:
        assert settings.broker_write_url == url
        yield
    finally:
        # Back: tasks run in process again, as everywhere in the suite but the worker tests.
        settings.update(saved)
        if saved_environment is None:
            os.environ.pop("CELERY_BROKER_URL", None)
        else:
            os.environ["CELERY_BROKER_URL"] = saved_environment
        _forget_connections()
