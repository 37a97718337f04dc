"""Celery tasks of the API plumbing (docs/jobs.md): each calls one function and nothing more."""

from __future__ import annotations

from celery import shared_task

from api.retention import idempotency_records_expire


@shared_task(name="api.tasks.expire_idempotency_records")
def expire_idempotency_records() -> int:
    """Remove the stored idempotency answers past their retention (30 days); how many went."""
    return idempotency_records_expire()
