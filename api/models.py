"""Idempotency keys: a retried POST replays the stored response instead of writing again."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

# How long a stored answer is kept for a retry to replay (docs/api.md, "Idempotency"). The
# database's guard (migration ledger_api/0002) refuses to delete a younger record.
RETENTION = timedelta(days=30)


class IdempotencyRecord(models.Model):
    """One ``Idempotency-Key`` of one user, the request it came with and the response sent.

    The row is inserted with the response after the request's work, in the same
    transaction, so a concurrent request with the same key waits on the unique
    index, rolls back and replays the committed response (docs/api.md,
    "Idempotency").

    A stored answer is kept as given: on PostgreSQL the row refuses UPDATE and
    TRUNCATE, and DELETE until it is older than ``RETENTION`` (migration
    ``ledger_api/0002``); ``idempotency_records_expire`` removes those. Its user
    is protected while it is kept: deleting them would take the answer with them.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("user"),
    )
    key = models.CharField(_("idempotency key"), max_length=255)
    method = models.CharField(_("method"), max_length=10)
    path = models.CharField(_("path"), max_length=255)
    # sha256 of the method, the path and the canonical JSON of the body.
    fingerprint = models.CharField(_("request fingerprint"), max_length=64)
    status_code = models.PositiveSmallIntegerField(_("status code"), null=True, blank=True)
    response_body: models.JSONField[Any] = models.JSONField(
        _("response body"), null=True, blank=True, encoder=DjangoJSONEncoder
    )
    created_at = models.DateTimeField(_("created at"), default=timezone.now)

    class Meta:
        verbose_name = _("idempotency record")
        verbose_name_plural = _("idempotency records")
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="idempotency_key_unique_per_user"),
        ]

    def __str__(self) -> str:
        return f"{self.key} ({self.method} {self.path})"
