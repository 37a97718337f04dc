"""Export jobs: a file of the books (CSV, XLSX or PDF) built in the background.

Design overview. The admin or the API requests an :class:`ExportJob`
(state ``queued``) with what to export (``kind``), over what (``scope``: a
business day, a period, or one player) and in which ``format``. A Celery
worker runs it (``running``): it streams rows from the database into a file
under ``MEDIA_ROOT/exports/``, updating ``progress_done`` of
``progress_total`` every few thousand rows, and ends ``done`` (``file``
set) or ``failed`` (``error`` set). Files are served only through the
admin's and the API's download views, which check the user's role; they are
never under a public URL. See docs/jobs.md.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ledger.settle.models import JobError, JobErrorCode, job_error
from parlor.models import Parlor, Player


class ExportKind(models.TextChoices):
    SETTLEMENTS = "settlements", _("settlements")
    LEDGER_ENTRIES = "ledger_entries", _("ledger entries")
    # Every chonbo and dead hand, by player, with who recorded it and any correction.
    PENALTIES = "penalties", _("penalties audit")
    # One PDF statement per player.
    STATEMENTS = "statements", _("player statements")
    # The periodic report of one business day: summary, settlements, entries, penalties.
    DAY_REPORT = "day_report", _("day report")


class ExportScope(models.TextChoices):
    DAY = "day", _("one business day")
    PERIOD = "period", _("a period")
    PLAYER = "player", _("one player")


class ExportFormat(models.TextChoices):
    CSV = "csv", "CSV"
    XLSX = "xlsx", "XLSX"
    PDF = "pdf", "PDF"


class ExportState(models.TextChoices):
    QUEUED = "queued", _("queued")
    RUNNING = "running", _("running")
    DONE = "done", _("done")
    FAILED = "failed", _("failed")


# Which formats each kind is written in (the service refuses the others).
FORMATS_BY_KIND: dict[str, tuple[str, ...]] = {
    ExportKind.SETTLEMENTS: (ExportFormat.CSV, ExportFormat.XLSX),
    ExportKind.LEDGER_ENTRIES: (ExportFormat.CSV, ExportFormat.XLSX),
    ExportKind.PENALTIES: (ExportFormat.CSV, ExportFormat.XLSX),
    ExportKind.STATEMENTS: (ExportFormat.PDF,),
    ExportKind.DAY_REPORT: (ExportFormat.XLSX,),
}


def export_upload_to(job: "ExportJob", filename: str) -> str:
    return f"exports/{job.parlor_id}/{filename}"


class ExportJob(models.Model):
    kind = models.CharField(_("kind"), max_length=20, choices=ExportKind.choices)
    scope = models.CharField(_("scope"), max_length=10, choices=ExportScope.choices)
    format = models.CharField(_("format"), max_length=5, choices=ExportFormat.choices)
    parlor = models.ForeignKey(
        Parlor, on_delete=models.PROTECT, related_name="export_jobs", verbose_name=_("parlor")
    )
    # Scope "player": whose rows; null otherwise.
    player = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="export_jobs",
        verbose_name=_("player"),
    )
    # Business days, both included (a day scope has date_from == date_to); a player's
    # export may leave them empty for all time.
    date_from = models.DateField(_("from"), null=True, blank=True)
    date_to = models.DateField(_("to"), null=True, blank=True)
    # Statements are printed in this language; empty: each player's own (their login's).
    language = models.CharField(
        _("language"), max_length=10, choices=settings.LANGUAGES, blank=True, default=""
    )
    state = models.CharField(
        _("state"), max_length=10, choices=ExportState.choices, default=ExportState.QUEUED
    )
    progress_done = models.PositiveBigIntegerField(_("rows done"), default=0)
    progress_total = models.PositiveBigIntegerField(_("rows in all"), default=0)
    file = models.FileField(_("file"), upload_to=export_upload_to, max_length=255, blank=True)
    # Why it failed: a JobErrorCode (queue_unavailable, internal_error, ...) and the message.
    error_code = models.CharField(_("error code"), max_length=40, blank=True)
    error = models.TextField(_("error"), blank=True)
    # Written when done: whether a game was closed in the window and, when none was, the
    # nearest business days that hold games (ISO dates), so an empty file says why.
    found_games = models.BooleanField(_("games found"), null=True, blank=True)
    days_with_games: models.JSONField[list[str]] = models.JSONField(
        _("business days with games"), default=list, blank=True
    )
    # How many times a worker started it (more than one: redelivered after a worker died).
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("requested by"),
    )
    requested_at = models.DateTimeField(_("requested at"), default=timezone.now)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    # When the stale-job sweep last sent it again (ledger.settle.stale_jobs); null: never.
    resent_at = models.DateTimeField(_("sent again at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        # Created by the ledger app before exports had a room of their own (reports/migrations).
        db_table = "ledger_exportjob"
        ordering = ["-requested_at", "-pk"]
        verbose_name = _("export")
        verbose_name_plural = _("exports")
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=ExportKind.values), name="export_kind_valid"
            ),
            models.CheckConstraint(
                condition=Q(scope__in=ExportScope.values), name="export_scope_valid"
            ),
            models.CheckConstraint(
                condition=Q(format__in=ExportFormat.values), name="export_format_valid"
            ),
            models.CheckConstraint(
                condition=Q(state__in=ExportState.values), name="export_state_valid"
            ),
            models.CheckConstraint(
                condition=Q(scope=ExportScope.PLAYER, player__isnull=False)
                | (~Q(scope=ExportScope.PLAYER) & Q(player__isnull=True)),
                name="export_player_iff_player_scope",
            ),
            models.CheckConstraint(
                condition=~Q(scope=ExportScope.DAY)
                | Q(date_from__isnull=False, date_from=F("date_to")),
                name="export_day_is_one_date",
            ),
            models.CheckConstraint(
                condition=~Q(scope=ExportScope.PERIOD)
                | Q(date_from__isnull=False, date_to__gte=F("date_from")),
                name="export_period_has_dates_in_order",
            ),
            # Beat may run twice (two beat processes, a retry): one day report per parlor and day.
            models.UniqueConstraint(
                fields=["parlor", "date_from"],
                condition=Q(kind=ExportKind.DAY_REPORT),
                name="export_one_day_report_per_parlor_day",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.describe_scope()} ({self.format})"

    def describe_dates(self) -> str:
        """``2025-03-01``, ``2025-03-01 to 2025-03-31``, ``until 2025-03-31``, ``all time``."""
        first = self.date_from.isoformat() if self.date_from else None
        last = self.date_to.isoformat() if self.date_to else None
        if first is None:
            return "all time" if last is None else f"until {last}"
        if first == last:
            return first
        return f"{first} to {last or 'now'}"

    def describe_scope(self) -> str:
        """The dates, after the member number for a player's export: ``M0001 2025-03-01``."""
        if self.scope == ExportScope.PLAYER and self.player is not None:
            return f"{self.player.member_number} {self.describe_dates()}"
        return self.describe_dates()

    def empty_window_note(self) -> str:
        """Empty for a window with games; otherwise says it has none and where games are."""
        if self.state != "done" or self.found_games is not False:
            return ""
        if not self.days_with_games:
            return gettext("No game was closed in %(days)s, nor on any other business day.") % {
                "days": self.describe_dates()
            }
        return gettext(
            "No game was closed in %(days)s. Business days with games: %(with_games)s."
        ) % {"days": self.describe_dates(), "with_games": ", ".join(self.days_with_games)}

    @property
    def error_detail(self) -> JobError | None:
        """The failure in the one job error shape, ``{"code", "message"}``; None unless failed."""
        if self.state != ExportState.FAILED:
            return None
        return job_error(self.error_code or JobErrorCode.INTERNAL_ERROR, self.error)

    @property
    def percent(self) -> int:
        """Progress in whole percent (0 until the rows are counted)."""
        if self.state == ExportState.DONE:
            return 100
        if not self.progress_total:
            return 0
        return min(100, self.progress_done * 100 // self.progress_total)
