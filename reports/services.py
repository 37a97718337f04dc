"""Export jobs: requested by the admin or the API, run by a Celery worker (docs/jobs.md).

``export_request`` checks what is asked and writes a queued job;
``export_run`` claims it, streams its sheets into a file under
``MEDIA_ROOT/exports/`` and marks it done or failed. Running a job twice (a
redelivery after a worker died) builds the file again from the start and
replaces the first attempt's; a job already done or failed is left alone.
``day_reports_build`` is the periodic day report: one per parlor and
business day, whatever the number of runs.
"""

from __future__ import annotations

import gc
import logging
import tempfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.files import File
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from ledger.counter.models import CounterEntry
from ledger.errors import LedgerErrorCode
from ledger.models import JobErrorCode, Session, job_error
from ledger.settle.business_days import last_closed_business_day
from ledger.settle.closing import RETRYABLE_ERRORS, jobs_user
from ledger.settle.settlement_selectors import business_days_with_games
from parlor import policy
from parlor.models import Parlor, Player
from parlor.policy import Action
from reports.models import (
    FORMATS_BY_KIND,
    ExportFormat,
    ExportJob,
    ExportKind,
    ExportScope,
    ExportState,
)
from reports.progress import Progress
from reports.scope import Window, window_of
from reports.sources import (
    Sheet,
    counter_sheet,
    entries_sheet,
    penalties_sheet,
    settlements_sheet,
    summary_sheet,
    till_sheet,
    window_settlements,
)
from reports.statements import pdf_renderer, statement_html, statement_players
from reports.writers import csv_write, xlsx_write

logger = logging.getLogger(__name__)

SHEETS_BY_KIND: dict[str, Callable[[Window], list[Sheet]]] = {
    ExportKind.SETTLEMENTS: lambda w: [settlements_sheet(w)],
    ExportKind.LEDGER_ENTRIES: lambda w: [entries_sheet(w)],
    ExportKind.PENALTIES: lambda w: [penalties_sheet(w)],
    ExportKind.DAY_REPORT: lambda w: [
        summary_sheet(w),
        settlements_sheet(w),
        entries_sheet(w),
        penalties_sheet(w),
        # The counter's money and the till's closes of the day (issue 34).
        counter_sheet(w),
        till_sheet(w),
    ],  # fmt: skip
}


@dataclass(frozen=True, slots=True)
class ExportRequestError(Exception):
    """A refused export request: a stable code, a message, the field at fault."""

    code: LedgerErrorCode
    message: str
    field: str | None = None

    def to_dict(self) -> dict[str, str]:
        out = {"code": self.code.value, "message": self.message}
        if self.field is not None:
            out["field"] = self.field
        return out


# docs/hardening.md, "Limits": an export covers at most a year of business days, within
# dates that every time zone and closing hour can turn into moments without overflowing.
MAX_EXPORT_DAYS = 366
EXPORT_FIRST_DAY = date(1900, 1, 1)
EXPORT_LAST_DAY = date(9998, 12, 31)


def format_refusal(kind: str) -> str:
    """"Player statements are written as PDF only.": the formats a kind is written in, in words."""
    names = [ExportFormat(format).label for format in FORMATS_BY_KIND[kind]]
    formats = names[0] if len(names) == 1 else _("%(some)s or %(last)s") % {
        "some": ", ".join(names[:-1]), "last": names[-1]
    }
    return _("%(kind)s are written as %(formats)s only.") % {
        "kind": capfirst(ExportKind(kind).label), "formats": formats
    }


def _check_request(
    *,
    kind: str,
    scope: str,
    format: str,
    parlor: Parlor,
    player: Player | None,
    date_from: date | None,
    date_to: date | None,
    language: str = "",
) -> None:
    def refuse(message: str, field: str) -> ExportRequestError:
        return ExportRequestError(LedgerErrorCode.BAD_EXPORT, message, field)

    if kind not in ExportKind.values:
        raise refuse(_("“%(kind)s” is not a kind of export.") % {"kind": kind}, "kind")
    if scope not in ExportScope.values:
        raise refuse(_("“%(scope)s” is not a range an export covers.") % {"scope": scope}, "scope")
    if format not in FORMATS_BY_KIND[kind]:
        raise refuse(format_refusal(kind), "format")
    languages = [code for code, _name in settings.LANGUAGES]
    if language and language not in languages:
        message = _("“%(language)s” is not a language exports are written in.")
        raise refuse(message % {"language": language}, "language")
    if kind == ExportKind.DAY_REPORT:
        raise refuse(_("Day reports are made by the daily job, not on request."), "kind")
    if scope == ExportScope.PLAYER:
        if player is None:
            raise refuse(_("Choose the player to export."), "player")
        if player.parlor_id != parlor.pk:
            message = _("%(player)s is not a player of %(parlor)s.")
            raise refuse(message % {"player": player, "parlor": parlor}, "player")
    elif player is not None:
        message = _("This export covers every player: to export one, choose “%(one)s”.")
        raise refuse(message % {"one": ExportScope.PLAYER.label}, "player")
    if scope == ExportScope.DAY and (date_from is None or date_to not in (None, date_from)):
        message = _("One business day's export needs that day as its first day, and no other.")
        raise refuse(message, "date_from")
    if scope == ExportScope.PERIOD and (date_from is None or date_to is None):
        raise refuse(_("A period's export needs its first and its last business day."), "date_to")
    for name, day in (("date_from", date_from), ("date_to", date_to)):
        if day is not None and not EXPORT_FIRST_DAY <= day <= EXPORT_LAST_DAY:
            message = _("%(day)s is outside the books' calendar (%(first)s to %(last)s).")
            raise refuse(
                message % {"day": day, "first": EXPORT_FIRST_DAY, "last": EXPORT_LAST_DAY}, name
            )
    if date_from is not None and date_to is not None and date_to < date_from:
        message = _("The last day, %(last)s, is before the first, %(first)s.")
        raise refuse(message % {"last": date_to, "first": date_from}, "date_to")
    if date_from is not None and date_to is not None:
        days = (date_to - date_from).days + 1
        if days > MAX_EXPORT_DAYS:
            message = _(
                "%(first)s to %(last)s is %(days)s business days; an export covers at most"
                " %(most)s (request one per year)."
            )
            figures = {"first": date_from, "last": date_to, "days": f"{days:,}"}
            raise refuse(message % {**figures, "most": MAX_EXPORT_DAYS}, "date_to")


def export_request(
    *,
    kind: str,
    scope: str,
    format: str,
    parlor: Parlor,
    by: User,
    player: Player | None = None,
    date_from: date | None = None,
    date_to: date | None = None,
    language: str = "",
) -> ExportJob:
    """Write a queued export job (the caller enqueues it); raises ExportRequestError.

    ``language`` prints the statements in it; empty, each player's own. A player
    exports only their own statement (``policy.Action.EXPORT_OWN``).
    """
    own = scope == ExportScope.PLAYER and player is not None and player.user_id == by.pk
    export_action = Action.EXPORT_OWN if own else Action.EXPORT_BOOKS
    policy.check(by, export_action, parlor_id=parlor.pk)
    _check_request(
        kind=kind, scope=scope, format=format, parlor=parlor, player=player,
        date_from=date_from, date_to=date_to, language=language,
    )  # fmt: skip
    if scope == ExportScope.DAY:
        date_to = date_from
    return ExportJob.objects.create(
        kind=kind, scope=scope, format=format, parlor=parlor, player=player,
        date_from=date_from, date_to=date_to, requested_by=by, language=language,
    )  # fmt: skip


def export_retry(*, job: ExportJob) -> ExportJob:
    """Queue a failed job again (the caller enqueues it); a job in any other state is unchanged."""
    ExportJob.objects.filter(pk=job.pk, state=ExportState.FAILED).update(
        state=ExportState.QUEUED,
        error_code="",
        error="",
        finished_at=None,
        progress_done=0,
        resent_at=timezone.now(),
    )
    job.refresh_from_db()
    return job


def export_resend_record(*, job_id: int, at: datetime) -> bool:
    """Note that a stale job is sent again (the caller sends it); False if it has moved on."""
    return bool(
        ExportJob.objects.filter(
            pk=job_id, state__in=[ExportState.QUEUED, ExportState.RUNNING]
        ).update(resent_at=at)
    )


QUEUE_UNAVAILABLE = str(JobErrorCode.QUEUE_UNAVAILABLE)


def export_unsent_record(*, job_id: int, reason: str) -> None:
    """A queued job the broker would not take: failed, with why, so it can be run again."""
    ExportJob.objects.filter(pk=job_id, state=ExportState.QUEUED).update(
        state=ExportState.FAILED,
        error_code=JobErrorCode.QUEUE_UNAVAILABLE,
        error=f"{QUEUE_UNAVAILABLE}: {reason}",
        finished_at=timezone.now(),
    )


def _claim(job_id: int) -> bool:
    # A running job is claimed again: its worker died and the task was delivered anew.
    return bool(
        ExportJob.objects.filter(
            pk=job_id, state__in=[ExportState.QUEUED, ExportState.RUNNING]
        ).update(
            state=ExportState.RUNNING,
            started_at=timezone.now(),
            attempts=F("attempts") + 1,
            progress_done=0,
            error_code="",
            error="",
        )
    )


def export_run(*, job_id: int) -> dict[str, Any]:
    """Build the job's file; the result (as JSON) says the job's final state."""
    if not _claim(job_id):
        job = ExportJob.objects.filter(pk=job_id).first()
        return {"job": job_id, "state": job.state if job else "missing", "ran": False}
    job = ExportJob.objects.select_related("parlor", "player").get(pk=job_id)
    try:
        name = _build(job)
    except RETRYABLE_ERRORS:
        raise  # still running: the task's retry claims it again
    except Exception as error:
        # Kept on the job for the admin and the API; the traceback goes to the worker's log.
        logger.exception("export job %s failed", job_id)
        ExportJob.objects.filter(pk=job_id).update(
            state=ExportState.FAILED,
            error_code=JobErrorCode.INTERNAL_ERROR,
            error=f"{type(error).__name__}: {error}",
            finished_at=timezone.now(),
        )
        failure = job_error(JobErrorCode.INTERNAL_ERROR, f"{type(error).__name__}: {error}")
        return {"job": job_id, "state": ExportState.FAILED, "ran": True, "error": failure}
    found, days = _games_found(job)
    ExportJob.objects.filter(pk=job_id).update(
        state=ExportState.DONE,
        found_games=found,
        days_with_games=[day.isoformat() for day in days],
        file=name,
        finished_at=timezone.now(),
        progress_done=F("progress_total"),
    )
    return {"job": job_id, "state": ExportState.DONE, "ran": True, "file": name}


def _games_found(job: ExportJob) -> tuple[bool, list[date]]:
    """Whether the window holds a live game; if not, the nearest business days that do."""
    window = window_of(job)
    if window_settlements(window).exists():
        return True, []
    days = business_days_with_games(
        parlor=window.parlor, player=window.player, before=window.since, after=window.until
    )
    return False, days


def _build(job: ExportJob) -> str:
    """Write the file into a temporary directory, then store it; returns its storage name."""
    window = window_of(job)
    if job.file:
        job.file.delete(save=False)  # an earlier attempt's, left by a worker that died
    with tempfile.TemporaryDirectory(prefix="ledger-export-") as tmp:
        path = Path(tmp) / "export"
        extension = _write(job, window, path)
        stem = f"{job.pk}-{job.kind}-{job.describe_scope().replace(' ', '_')}"
        with path.open("rb") as built:
            job.file.save(f"{stem}.{extension}", File(built), save=False)
    return str(job.file.name)


def _write(job: ExportJob, window: Window, path: Path) -> str:
    if job.kind == ExportKind.STATEMENTS:
        return _write_statements(job, window, path)
    sheets = SHEETS_BY_KIND[job.kind](window)
    progress = Progress(job_id=job.pk, total=sum(sheet.count() for sheet in sheets))
    if job.format == ExportFormat.CSV:
        csv_write(path, sheets[0], progress)
    else:
        xlsx_write(path, sheets, progress)
    return str(job.format)


def _write_statements(job: ExportJob, window: Window, path: Path) -> str:
    """One PDF for a player's export; a ZIP of one PDF per player for a day or period."""
    render = pdf_renderer()
    players = statement_players(window)
    progress = Progress(job_id=job.pk, total=len(players), every=1)
    if job.scope == ExportScope.PLAYER:
        html = statement_html(window=window, player=players[0], language=job.language)
        path.write_bytes(render(html))
        progress.advance()
        progress.finish()
        return "pdf"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for player in players:
            pdf = render(statement_html(window=window, player=player, language=job.language))
            archive.writestr(f"{player.member_number}.pdf", pdf)
            progress.advance()
            # A rendered document is a web of reference cycles: free each before the next,
            # or memory climbs with the number of players (benchmarks/export_memory.py).
            gc.collect()
    progress.finish()
    return "zip"


def day_reports_build(*, now: datetime) -> list[int]:
    """Each parlor's report of its last ended business day, built once; returns the jobs run."""
    ran: list[int] = []
    for parlor in Parlor.objects.order_by("pk"):
        day, ended = last_closed_business_day(parlor=parlor, now=now)
        if not (
            Session.objects.filter(parlor=parlor, opened_at__lt=ended).exists()
            or CounterEntry.objects.filter(parlor=parlor, created_at__lt=ended).exists()
        ):
            continue  # a parlor that has neither played nor taken money yet
        job = _day_report_job(parlor, day)
        if job.state in (ExportState.QUEUED, ExportState.RUNNING):
            export_run(job_id=job.pk)
            ran.append(job.pk)
    return ran


def _day_report_job(parlor: Parlor, day: date) -> ExportJob:
    key = {"kind": ExportKind.DAY_REPORT, "parlor": parlor, "date_from": day}
    try:
        with transaction.atomic():
            job, _created = ExportJob.objects.get_or_create(
                **key,
                defaults={
                    "scope": ExportScope.DAY,
                    "format": ExportFormat.XLSX,
                    "date_to": day,
                    "requested_by": jobs_user(),
                },
            )
    except IntegrityError:  # another beat run made it at the same moment
        job = ExportJob.objects.get(**key)
    return job
