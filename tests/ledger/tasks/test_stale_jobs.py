"""Which jobs are stale (ledger.settle.stale_jobs), and where that shows: admin, /healthz."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import pytest
from celery.schedules import crontab
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.utils import timezone

from ledger.models import JobErrorCode, Session, SessionState, job_error
from ledger.settle.closing import session_close_failure_record, session_close_request
from ledger.settle.stale_jobs import close_is_stale, stale_closes
from reports.models import ExportJob, ExportState
from reports.queue import stale_jobs_resend
from reports.services import export_request, export_retry
from reports.stale import export_is_stale, stale_exports
from tests.ledger.factories import SessionFactory
from tests.ledger.tasks.support import (
    CLOSED_ONCE,
    close_postings,
    finished_session,
    unfinished_session,
)

pytestmark = pytest.mark.django_db

LIMIT = timedelta(seconds=settings.LEDGER_JOB_STALE_AFTER)
CLOSE_LIMIT = timedelta(seconds=settings.LEDGER_CLOSE_STALE_AFTER)
RUNNING_LIMIT = timedelta(seconds=settings.BROKER_VISIBILITY_TIMEOUT) + LIMIT


def _asked(session: Session, at: datetime) -> Session:
    session_close_request(session=session, at=at, stop=True)
    return Session.objects.get(pk=session.pk)


def test_a_close_is_stale_once_queued_past_the_limit_and_not_when_it_failed(staff: User) -> None:
    now = timezone.now()
    fresh = _asked(SessionFactory(), now - CLOSE_LIMIT + timedelta(seconds=5))
    lost = _asked(SessionFactory(), now - CLOSE_LIMIT - timedelta(seconds=5))
    failed = _asked(unfinished_session(by=staff), now - 2 * CLOSE_LIMIT)
    session_close_failure_record(
        session_id=failed.pk, error=job_error(JobErrorCode.INTERNAL_ERROR, "boom")
    )
    failed.refresh_from_db()

    assert [s.pk for s in stale_closes(now=now)] == [lost.pk]
    assert [close_is_stale(session=s, now=now) for s in (fresh, lost, failed)] == [
        False, True, False,
    ]  # fmt: skip
    assert lost.close_stop  # sent again as it was asked: stopping the game


def test_an_export_is_stale_queued_past_the_limit_or_running_past_the_visibility_timeout(
    staff: User,
) -> None:
    session = SessionFactory()
    now = timezone.now()
    jobs = [
        export_request(kind="settlements", scope="period", format="csv", parlor=session.parlor,
                       by=staff, date_from=now.date(), date_to=now.date())  # fmt: skip
        for _ in range(4)
    ]
    queued_long, running_long, running_short, retried = jobs
    ExportJob.objects.filter(pk=queued_long.pk).update(requested_at=now - LIMIT - LIMIT)
    ExportJob.objects.filter(pk__in=[running_long.pk, running_short.pk]).update(
        state=ExportState.RUNNING, requested_at=now - 3 * RUNNING_LIMIT
    )
    ExportJob.objects.filter(pk=running_long.pk).update(started_at=now - RUNNING_LIMIT - LIMIT)
    ExportJob.objects.filter(pk=running_short.pk).update(started_at=now - RUNNING_LIMIT + LIMIT)
    ExportJob.objects.filter(pk=retried.pk).update(
        state=ExportState.FAILED, requested_at=now - 3 * LIMIT
    )
    export_retry(job=retried)  # run again: queued anew, not stale

    stale = {job.pk for job in stale_exports(now=now)}

    assert stale == {queued_long.pk, running_long.pk}
    rows = ExportJob.objects.order_by("pk")
    assert {job.pk for job in rows if export_is_stale(job=job, now=now)} == stale


@override_settings(CELERY_BROKER_URL=None)
def test_healthz_counts_stale_jobs_but_stays_200(client: Client) -> None:
    _asked(SessionFactory(), timezone.now() - 2 * LIMIT)

    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json()["jobs"] == {"stale": 1, "status": "stale"}


def test_the_admin_shows_stale_closes_and_exports(
    client_as: Callable[[str], Client], staff: User
) -> None:
    session = _asked(SessionFactory(), timezone.now() - 2 * LIMIT)
    job = export_request(kind="settlements", scope="day", format="csv", parlor=session.parlor,
                         by=staff, date_from=timezone.now().date())  # fmt: skip
    ExportJob.objects.filter(pk=job.pk).update(requested_at=timezone.now() - 2 * LIMIT)
    manager = client_as("manager")

    closes = manager.get("/admin/ledger/sessionclosing/").content.decode()
    exports = manager.get("/admin/reports/exportjob/").content.decode()

    assert 'queued <strong class="errornote">stale</strong>' in closes
    assert 'queued <strong class="errornote">stale</strong>' in exports


# Where the sweep's first tick falls after the close was asked for: any second of the minute.
@pytest.mark.parametrize("phase", [1, 20, 59, 60])
def test_with_the_defaults_a_lost_close_runs_within_three_minutes(
    phase: int, staff: User, django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    """Issue 29: a close answered "queued" whose task was lost (with Redis's queue, or with
    a killed worker) waits for the sweep: at most LEDGER_CLOSE_STALE_AFTER (120 s) plus the
    sweep's period (beat runs it every minute), three minutes, then it runs."""
    sweep = settings.CELERY_BEAT_SCHEDULE["ledger-resend-stale-jobs"]["schedule"]
    assert isinstance(sweep, crontab)
    assert sweep.minute == set(range(60)) and sweep.hour == set(range(24))  # every minute
    assert settings.LEDGER_CLOSE_STALE_AFTER == 120
    session = finished_session(by=staff)
    asked = timezone.now() - timedelta(minutes=10)
    _asked(session, asked)  # recorded and answered "queued"; its task never reaches a worker

    ran_at = None
    for tick in (asked + timedelta(seconds=phase + 60 * k) for k in range(6)):
        with django_capture_on_commit_callbacks(execute=True):
            stale_jobs_resend(now=tick)  # the sweep at that minute (tasks run in process here)
        if Session.objects.get(pk=session.pk).state == SessionState.CLOSED:
            ran_at = tick
            break

    assert ran_at is not None and ran_at - asked <= timedelta(minutes=3)
    assert close_postings(session) == CLOSED_ONCE
