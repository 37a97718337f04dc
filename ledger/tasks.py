"""Celery tasks of the ledger. Each task calls one service and nothing more."""

import os
import socket

from celery import shared_task


@shared_task(name="ledger.tasks.health_ping")
def health_ping() -> dict[str, object]:
    """Where the task ran, so a caller can tell a worker from its own process."""
    return {"pong": True, "hostname": socket.gethostname(), "pid": os.getpid()}
