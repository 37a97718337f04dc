"""The retention rule of stored idempotency answers (docs/api.md, "Idempotency").

An answer is kept ``RETENTION`` (30 days) after it was given, long enough for
any client's retry; then it may be removed, and only then: on PostgreSQL the
table's guard refuses to delete a younger record (migration
``ledger_api/0002``). The age is judged by the database's clock, as the guard
judges it, so a clock skew between the service and the database cannot make
the removal delete a record the guard keeps (or fail on one).
"""

from __future__ import annotations

from django.db.models import DateTimeField, ExpressionWrapper, Value
from django.db.models.functions import Now

from api.models import RETENTION, IdempotencyRecord


def idempotency_records_expire() -> int:
    """Delete the stored answers older than ``RETENTION``; returns how many went."""
    cutoff = ExpressionWrapper(Now() - Value(RETENTION), output_field=DateTimeField())
    deleted, _ = IdempotencyRecord.objects.filter(created_at__lt=cutoff).delete()
    return deleted
