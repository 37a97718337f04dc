"""``manage.py expire_idempotency_records``: remove stored answers past their 30 days."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from api.models import RETENTION
from api.retention import idempotency_records_expire


class Command(BaseCommand):
    help = (
        f"Delete the stored Idempotency-Key answers older than {RETENTION.days} days (the"
        " retention rule; younger ones are kept, and PostgreSQL refuses to delete them)."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        deleted = idempotency_records_expire()
        self.stdout.write(
            f"{deleted} idempotency record(s) older than {RETENTION.days} days removed."
        )
