"""The secret link a parlor's scoreboard screen opens: no login, rotated by the manager."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from parlor.models import Parlor


def new_scoreboard_token() -> str:
    # 32 random bytes: as hard to guess as a password reset link.
    return secrets.token_urlsafe(32)


class ScoreboardLink(models.Model):
    """One per parlor; rotating it replaces the token, so the old link stops working."""

    parlor = models.OneToOneField(
        Parlor, on_delete=models.CASCADE, related_name="scoreboard_link", verbose_name=_("parlor")
    )
    token = models.CharField(_("token"), max_length=64, unique=True, default=new_scoreboard_token)
    rotated_at = models.DateTimeField(_("made at"), default=timezone.now)
    rotated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("made by"),
    )

    class Meta:
        verbose_name = _("scoreboard link")
        verbose_name_plural = _("scoreboard links")

    def __str__(self) -> str:
        return f"{self.parlor}: scoreboard link"
