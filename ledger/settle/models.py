"""Settling's models: each close of a session, its settlements and standings rows,
and the close jobs' states.

One module per job (issue 31); ``ledger.models`` re-exports every model.
"""

from typing import Any, TypedDict

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from ledger.play import engine_results
from ledger.play.models import Session
from parlor.models import Parlor, Player, RulesetConfig

# --- closing -----------------------------------------------------------------------------------
# Closes of a session, one row each: the database's guarantee that a game is closed once.
#
# Design overview. ``session_close`` locks the session row, so two closes of
# one session run one after the other and the second finds it closed. The
# :class:`SessionClose` row backs that lock in the database: it is written in
# the close's transaction (``ledger.settle.closing.session_close_once``),
# numbered 1 for the first close and one more after each correction that
# reopened the session, and ``(session, number)`` is unique. A close that got
# past the lock (a caller without it, a bug) fails on that row at insert, and
# its whole transaction (game-end, settlement and fee postings, Settlement
# rows) rolls back: one game-end posting per close of a session.


class SessionClose(models.Model):
    """Append-only: never edited, never deleted (a reopening correction reverses the postings)."""

    session = models.ForeignKey(
        Session, on_delete=models.PROTECT, related_name="closes", verbose_name=_("session")
    )
    # 1 for the first close; one more after each correction that reopened the session.
    number = models.PositiveIntegerField(_("close number"))
    # The close's settlement posting (its Settlement rows hang off it).
    posting = models.OneToOneField(
        "ledger.Posting",
        on_delete=models.PROTECT,
        related_name="session_close",
        verbose_name=_("settlement posting"),
    )
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("closed by"),
    )
    closed_at = models.DateTimeField(_("closed at"), default=timezone.now)

    class Meta:
        ordering = ["session", "number"]
        verbose_name = _("session close")
        verbose_name_plural = _("session closes")
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="session_closed_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="session_close_number_from_1"),
        ]

    def __str__(self) -> str:
        return f"close {self.number} of session {self.session_id}"


class SessionClosing(Session):
    """The sessions as the admin's "Closing" page lists them: close state and last error."""

    class Meta:
        proxy = True
        verbose_name = _("session close job")
        verbose_name_plural = _("session close jobs")


# --- settlements -------------------------------------------------------------------------------
# Settlements: each player's closing figures and money for one close of a session.


class Settlement(models.Model):
    """Written by ``session_close``; never edited (append-only, a trigger on PostgreSQL).

    A correction that reopens a closed session reverses the close's postings:
    the reversal of ``posting`` marks these rows superseded, by the
    correction that made it. What counts as live is decided in one place,
    ``ledger.settle.settlement_selectors``: every list, export, statement and API
    endpoint reads through it.
    """

    session = models.ForeignKey(
        "ledger.Session",
        on_delete=models.PROTECT,
        related_name="settlements",
        verbose_name=_("session"),
    )
    # The settlement posting (points and chips into money) of this close.
    posting = models.ForeignKey(
        "ledger.Posting",
        on_delete=models.PROTECT,
        related_name="settlements",
        verbose_name=_("posting"),
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="settlements", verbose_name=_("player")
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    final_score = models.IntegerField(_("final score"))
    placement = models.PositiveSmallIntegerField(_("placement"))
    # The engine's points_delta: raw points (where they count) plus oka and uma.
    points = models.IntegerField(_("points"))
    chips = models.IntegerField(_("chips"))
    chips_detail: models.JSONField[dict[str, Any]] = models.JSONField(
        _("chips by kind"), default=dict
    )
    money = models.BigIntegerField(_("money"), help_text=_("Points and chips at the rate."))
    fee = models.BigIntegerField(_("game fee"))
    # The fee by part (ledger.settle.fees.SeatFee.to_json): game, top, time, discount and the
    # class that gave it; ``fee`` is their sum (docs/fees.md). Empty on closes before it.
    fee_detail: models.JSONField[dict[str, Any]] = models.JSONField(
        _("fee by part"), default=dict
    )

    class Meta:
        ordering = ["session", "posting", "seat"]
        verbose_name = _("settlement")
        verbose_name_plural = _("settlements")
        constraints = [
            models.UniqueConstraint(fields=["posting", "seat"], name="settlement_seat_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.net_money}"

    @property
    def net_money(self) -> int:
        """What the player takes home (negative: pays), the game fee deducted."""
        return self.money - self.fee

    @property
    def placement_chips(self) -> int:
        """The chips the final placement paid or earned (uma/oka in chips, where the rules say)."""
        return engine_results.placement_chips(self.chips_detail)

    @property
    def hand_chips(self) -> int:
        """Every other chip: the hands' (yaku, specials), tobi and called-game chips."""
        return self.chips - self.placement_chips


# --- standings ---------------------------------------------------------------------------------
# Standings rows: one seat's record of one close, what the parlor's standings sum.


class Standing(models.Model):
    """Written by ``session_close`` beside the Settlement rows, in the same transaction;
    never edited (append-only, a trigger on PostgreSQL).

    The settlement's figures, the seat's penalties in the game's live hands at the close,
    and what the standings filter and group by (the parlor, the ruleset configuration, the
    close's moment), copied so that one table answers a year of games without joins
    (benchmarks/standings.py). It lives and dies with its settlement: a correction that
    reopens the session reverses ``posting``, and ``ledger.settle.settlement_selectors`` no
    longer counts either. The audit checks each live row against its settlement, its
    session, its posting and the penalties.
    """

    session = models.ForeignKey(
        "ledger.Session",
        on_delete=models.PROTECT,
        related_name="standings",
        verbose_name=_("session"),
    )
    # The close's settlement posting, as on its Settlement rows.
    posting = models.ForeignKey(
        "ledger.Posting",
        on_delete=models.PROTECT,
        related_name="standings",
        verbose_name=_("posting"),
    )
    # The standings' index (parlor, closed_at) serves the parlor's own lookups.
    parlor = models.ForeignKey(
        Parlor, on_delete=models.PROTECT, related_name="+", db_index=False, verbose_name=_("parlor")
    )
    ruleset_config = models.ForeignKey(
        RulesetConfig,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("ruleset configuration"),
    )
    # The settlement posting's created_at: the business day the game counts in.
    closed_at = models.DateTimeField(_("closed at"))
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="standings", verbose_name=_("player")
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    placement = models.PositiveSmallIntegerField(_("placement"))
    points = models.IntegerField(_("points"))
    chips = models.IntegerField(_("chips"))
    money = models.BigIntegerField(_("money"))
    fee = models.BigIntegerField(_("game fee"))
    chonbo = models.PositiveIntegerField(_("chonbo"))
    dead_hands = models.PositiveIntegerField(_("dead hands"))

    class Meta:
        ordering = ["session", "posting", "seat"]
        verbose_name = _("standing")
        verbose_name_plural = _("standings")
        constraints = [
            models.UniqueConstraint(fields=["posting", "seat"], name="standing_seat_unique"),
        ]
        indexes = [models.Index(fields=["parlor", "closed_at"], name="standing_parlor_closed")]

    def __str__(self) -> str:
        return f"{self.player}: place {self.placement}"


# --- jobs --------------------------------------------------------------------------------------
# Background jobs' states and their one error shape (closes and exports, docs/jobs.md).
#
# A close's state is derived from its session row (``session_close_state``);
# an export's is stored on its ``ExportJob`` row (``ExportState``). Both fail
# with the same error shape, ``{"code", "message"}`` (``JobError``): the code
# is one of ``LedgerErrorCode`` (a refused close: ``game_not_finished``, ...)
# or one of the job codes below, the message is for people.


class CloseJobState(models.TextChoices):
    """What the admin and the API show of a session's background close."""

    IDLE = "idle", _("idle")  # open, no close asked for
    QUEUED = "queued", _("queued")  # asked for, not finished yet
    FAILED = "failed", _("failed")  # the last attempt failed: see the error; the session stays open
    DONE = "done", _("done")  # the session is closed (or settled)


class JobErrorCode(models.TextChoices):
    """Why a job failed when the ledger itself did not refuse it."""

    # The broker (Redis) did not take the task; nothing was posted.
    QUEUE_UNAVAILABLE = "queue_unavailable", _("job queue unavailable")
    # A database error a retry may cure (lost connection, deadlock); the job is retried.
    DATABASE_ERROR = "database_error", _("database error")
    # A bug: the traceback is in the worker's log.
    INTERNAL_ERROR = "internal_error", _("internal error")
    # The session or job no longer exists.
    NOT_FOUND = "not_found", _("not found")
    # The permission policy refused the account the job acts for (parlor.policy).
    NOT_ALLOWED = "not_allowed", _("not allowed")


class JobError(TypedDict):
    code: str
    message: str


def job_error(code: str, message: str) -> JobError:
    """The one error shape of a failed job, for the admin, the API and the task's result."""
    return {"code": str(code), "message": message}
