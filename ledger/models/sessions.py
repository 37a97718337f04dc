"""Sessions: one game at one table, its seats, its rules and rate (copied when opened)."""

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from parlor.models import (
    GameFeePayer,
    Parlor,
    Player,
    PointUnit,
    Rate,
    RulesetConfig,
    Table,
    TimeFeeBasis,
)


class SessionState(models.TextChoices):
    # Hands are being entered (also a closed session reopened by a correction).
    OPEN = "open", _("open")
    # The game is settled in money: game-end, conversion and fee postings and Settlement rows.
    CLOSED = "closed", _("closed")
    # The money changed hands at the desk: final, corrections are refused.
    SETTLED = "settled", _("settled")


class Session(models.Model):
    parlor = models.ForeignKey(
        Parlor, on_delete=models.PROTECT, related_name="sessions", verbose_name=_("parlor")
    )
    table = models.ForeignKey(
        Table, on_delete=models.PROTECT, related_name="sessions", verbose_name=_("table")
    )
    players = models.ManyToManyField(
        Player, through="SessionSeat", related_name="sessions", verbose_name=_("players")
    )
    ruleset_config = models.ForeignKey(
        RulesetConfig,
        on_delete=models.PROTECT,
        related_name="sessions",
        verbose_name=_("ruleset configuration"),
    )
    # The rules as they were when the session opened: later edits of the
    # configuration must not change a game being played or already settled.
    ruleset_slug = models.SlugField(_("engine ruleset"), max_length=50)
    ruleset_options: models.JSONField[dict[str, Any]] = models.JSONField(
        _("ruleset options"), default=dict, blank=True
    )
    game_options: models.JSONField[dict[str, Any]] = models.JSONField(
        _("game options"), default=dict, blank=True
    )
    rate = models.ForeignKey(
        Rate, on_delete=models.PROTECT, related_name="sessions", verbose_name=_("rate")
    )
    # The rate's figures when the session opened (money in the currency's minor unit).
    point_unit = models.PositiveIntegerField(
        _("points priced"), choices=PointUnit.choices, default=PointUnit.PER_1000
    )
    money_per_unit = models.PositiveIntegerField(_("money per point unit"))
    money_per_chip = models.PositiveIntegerField(_("money per chip"))
    game_fee = models.PositiveIntegerField(_("game fee"))
    game_fee_payer = models.CharField(
        _("game fee paid by"), max_length=20, choices=GameFeePayer.choices
    )
    # The rest of the rate's fee terms, copied too (docs/fees.md).
    top_fee = models.PositiveIntegerField(_("top fee"), default=0)
    time_fee = models.PositiveIntegerField(_("time fee per hour"), default=0)
    time_fee_basis = models.CharField(
        _("time fee priced"),
        max_length=20,
        choices=TimeFeeBasis.choices,
        default=TimeFeeBasis.PERSON_HOUR,
    )
    time_fee_step_minutes = models.PositiveSmallIntegerField(
        _("time fee charged per started"), default=30
    )
    points_only = models.BooleanField(_("points only"), default=False)
    state = models.CharField(
        _("state"), max_length=10, choices=SessionState.choices, default=SessionState.OPEN
    )
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("opened by"),
    )
    opened_at = models.DateTimeField(_("opened at"), default=timezone.now)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("closed by"),
    )
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)
    settled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("settled by"),
    )
    settled_at = models.DateTimeField(_("settled at"), null=True, blank=True)
    # The background close (ledger.tasks.close_session): when it was last asked for, and
    # why the last attempt failed ({"code", "message"}; empty once a close succeeds).
    close_requested_at = models.DateTimeField(_("close requested at"), null=True, blank=True)
    # The close asked for stops an unfinished game (closing time): a lost close is sent again so.
    close_stop = models.BooleanField(_("close stops the game"), default=False)
    close_error: models.JSONField[dict[str, Any]] = models.JSONField(
        _("last close error"), default=dict, blank=True
    )
    close_failed_at = models.DateTimeField(_("close failed at"), null=True, blank=True)

    class Meta:
        ordering = ["-opened_at", "-pk"]
        verbose_name = _("session")
        verbose_name_plural = _("sessions")
        constraints = [
            models.CheckConstraint(
                condition=Q(state__in=SessionState.values), name="session_state_valid"
            ),
            models.CheckConstraint(
                condition=Q(game_fee_payer__in=GameFeePayer.values),
                name="session_game_fee_payer_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} #{self.pk} ({self.get_state_display()})"


class SessionSeat(models.Model):
    """Seat 0 is the first dealer (East); the engine's seat numbers are these."""

    session = models.ForeignKey(
        Session, on_delete=models.PROTECT, related_name="seats", verbose_name=_("session")
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="session_seats", verbose_name=_("player")
    )

    class Meta:
        ordering = ["session", "seat"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["session", "seat"], name="seat_unique_per_session"),
            models.UniqueConstraint(
                fields=["session", "player"], name="player_seated_once_per_session"
            ),
            models.CheckConstraint(condition=Q(seat__lte=3), name="seat_at_most_3"),
        ]

    def __str__(self) -> str:
        return f"{self.session_id} seat {self.seat}: {self.player}"
