"""The Celery application: configuration from Django settings (CELERY_*), tasks from each app."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("config")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Each worker notes in Redis that it consumes, for /healthz and the admin's job lists.
from ledger.settle.worker_presence import PresenceStep  # noqa: E402  (needs the settings module set)

app.steps["consumer"].add(PresenceStep)
