"""Hand results: what staff entered for one hand and what the engine made of it."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from words.labels import HAND_KINDS


class HandKind(models.TextChoices):
    # The kinds of the game JSON's hands (docs/game-format.md).
    # Their labels are the words' (words/labels.py), shown wherever a hand is.
    WIN = "win", HAND_KINDS["win"]
    DRAW = "draw", HAND_KINDS["draw"]
    ABORT = "abort", HAND_KINDS["abort"]
    CHONBO = "chonbo", HAND_KINDS["chonbo"]


def live_hand_q(via: str = "") -> Q:
    """The live hand versions: neither superseded by a newer version nor voided or amended.

    ``via``: the path to the hand from the model filtered (``"hand__"`` from a
    penalty, ``"hands__"`` from a session); empty for hand results themselves
    (``HandResult.objects.live()``).
    """
    return Q(**{f"{via}superseded_by__isnull": True, f"{via}corrected_by__isnull": True})


class HandResultQuerySet(models.QuerySet["HandResult"]):
    def live(self) -> HandResultQuerySet:
        """The versions that count (see ``live_hand_q``)."""
        return self.filter(live_hand_q())


class HandResult(models.Model):
    """One version of one hand of a session; never edited, never deleted.

    ``ordinal`` is the hand's number as entered (1, 2, 3, ... without gaps).
    A correction never edits a row: amending hand N, or re-settling a later
    hand whose result the correction changed, adds a new version with the
    same ordinal that ``supersedes`` the old one; voiding hand N marks it
    with a ``Correction`` (``corrected_by``). The live hands of a session are
    the versions neither superseded nor corrected: ``HandResult.objects.live()``.
    """

    # No index of its own: ``hand_version_unique`` starts with it (one index less per hand).
    session = models.ForeignKey(
        "ledger.Session",
        on_delete=models.PROTECT,
        related_name="hands",
        verbose_name=_("session"),
        db_index=False,
    )
    ordinal = models.PositiveIntegerField(_("hand number"))
    version = models.PositiveIntegerField(_("version"), default=1)
    supersedes = models.OneToOneField(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="superseded_by",
        verbose_name=_("supersedes"),
    )
    correction = models.ForeignKey(
        "ledger.Correction",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="hand_versions",
        verbose_name=_("made by correction"),
    )
    kind = models.CharField(_("kind"), max_length=10, choices=HandKind.choices)
    # Exactly one element of the game JSON's `hands` list, as entered.
    payload: models.JSONField[dict[str, Any]] = models.JSONField(_("hand as entered"))
    # The engine's settle_game output for this hand (transfers, deposits, scores after it, ...).
    result: models.JSONField[dict[str, Any]] = models.JSONField(_("engine result"))
    # The engine's game state after this hand (engine.game.state; docs/game-format.md,
    # "Continuing a game"): the next hand is settled from it instead of replaying the
    # session. Null on hands recorded before it was kept; the audit replays from scratch
    # and reports a state that differs.
    game_state: models.JSONField[dict[str, Any] | None] = models.JSONField(
        _("game state after the hand"), null=True, blank=True, editable=False
    )
    engine_version = models.CharField(_("engine version"), max_length=40)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("entered by"),
    )
    entered_at = models.DateTimeField(_("entered at"), default=timezone.now)

    objects = HandResultQuerySet.as_manager()

    class Meta:
        ordering = ["session", "ordinal", "version"]
        verbose_name = _("hand result")
        verbose_name_plural = _("hand results")
        constraints = [
            models.UniqueConstraint(
                fields=["session", "ordinal", "version"], name="hand_version_unique"
            ),
            models.CheckConstraint(condition=Q(ordinal__gte=1), name="hand_ordinal_from_1"),
            models.CheckConstraint(condition=Q(version__gte=1), name="hand_version_from_1"),
            models.CheckConstraint(condition=Q(kind__in=HandKind.values), name="hand_kind_valid"),
        ]

    def __str__(self) -> str:
        suffix = f" v{self.version}" if self.version > 1 else ""
        return f"hand {self.ordinal}{suffix} ({self.get_kind_display()})"
