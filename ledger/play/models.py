"""Play's models: a session at a table, its seats and hands, corrections, penalties,
and the scoreboard link of the parlor's screens.

One module per job (issue 31); ``ledger.models`` re-exports every model.
"""

from __future__ import annotations

import secrets
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
from words.labels import HAND_KINDS

# --- sessions ----------------------------------------------------------------------------------
# Sessions: one game at one table, its seats, its rules and rate (copied when opened).


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


# --- hands -------------------------------------------------------------------------------------
# Hand results: what staff entered for one hand and what the engine made of it.


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


# --- corrections -------------------------------------------------------------------------------
# Corrections: voiding or amending a hand, with a reason and who did it.


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


# --- penalties ---------------------------------------------------------------------------------
# Penalties: chonbo and dead hands, per player and hand, for the audit.


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


# --- scoreboard --------------------------------------------------------------------------------
# The secret link a parlor's scoreboard screen opens: no login, rotated by the manager.


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
        return _("%(parlor)s: scoreboard link") % {"parlor": self.parlor}
