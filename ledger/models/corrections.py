"""Corrections: voiding or amending a hand, with a reason and who did it."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class CorrectionKind(models.TextChoices):
    VOID = "void", _("void")
    AMEND = "amend", _("amend")


class Correction(models.Model):
    session = models.ForeignKey(
        "ledger.Session",
        on_delete=models.PROTECT,
        related_name="corrections",
        verbose_name=_("session"),
    )
    kind = models.CharField(_("kind"), max_length=10, choices=CorrectionKind.choices)
    # The hand version voided or amended; a version is corrected at most once.
    hand = models.OneToOneField(
        "ledger.HandResult",
        on_delete=models.PROTECT,
        related_name="corrected_by",
        verbose_name=_("hand corrected"),
    )
    reason = models.TextField(_("reason"))
    # The session was closed and this correction reopened it (it must be closed again).
    reopened_session = models.BooleanField(_("reopened the session"), default=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("made by"),
    )
    created_at = models.DateTimeField(_("made at"), default=timezone.now)

    class Meta:
        ordering = ["session", "created_at", "pk"]
        verbose_name = _("correction")
        verbose_name_plural = _("corrections")
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=CorrectionKind.values), name="correction_kind_valid"
            ),
            models.CheckConstraint(condition=~Q(reason=""), name="correction_reason_not_empty"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.hand}"
