"""The Celery app finds the apps' tasks, and runs them in process without a broker."""

import os

from config.celery import app as celery_app
from ledger.tasks import health_ping


def test_celery_autodiscovers_ledger_tasks() -> None:
    celery_app.loader.import_default_modules()

    assert "ledger.tasks.health_ping" in celery_app.tasks


def test_health_ping_runs_in_the_calling_process_when_eager() -> None:
    reply = health_ping.delay().get(timeout=5)

    assert reply["pong"] is True
    assert reply["pid"] == os.getpid()
