"""Penalties: chonbo and dead hands, per player and hand, for the audit."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from parlor.models import Player


class PenaltyKind(models.TextChoices):
    CHONBO = "chonbo", _("chonbo")
    DEAD_HAND = "dead_hand", _("dead hand")


class Penalty(models.Model):
    """Derived from a hand's payload when the hand version is written; never edited."""

    session = models.ForeignKey(
        "ledger.Session",
        on_delete=models.PROTECT,
        related_name="penalties",
        verbose_name=_("session"),
    )
    hand = models.ForeignKey(
        "ledger.HandResult",
        on_delete=models.PROTECT,
        related_name="penalties",
        verbose_name=_("hand"),
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="penalties", verbose_name=_("player")
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    kind = models.CharField(_("kind"), max_length=10, choices=PenaltyKind.choices)
    # The fault named in the game JSON (false_ron, kuikae, ..., other).
    cause = models.CharField(_("cause"), max_length=30)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("recorded by"),
    )
    recorded_at = models.DateTimeField(_("recorded at"), default=timezone.now)

    class Meta:
        ordering = ["-recorded_at", "pk"]
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=PenaltyKind.values), name="penalty_kind_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.cause}): {self.player}"
