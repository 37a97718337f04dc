"""The periodic jobs: the sweep of sessions left open past closing time, the day's report.

Parlors here keep Asia/Tokyo time and the closing hour is the default 06:00:
a business day runs from 06:00 to 06:00 the next morning.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any as SettingsWrapper  # pytest-django's settings fixture
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.utils import timezone
from openpyxl import load_workbook

from config.celery import app as celery_app
from ledger.models import Session, SessionState
from ledger.settle.business_days import (
    business_day_bounds,
    business_day_of,
    last_closed_business_day,
)
from ledger.settle.closing import sessions_close_overdue
from ledger.tasks import close_overdue_sessions, close_session
from parlor.models import Parlor
from reports.models import ExportJob, ExportKind, ExportState
from reports.services import day_reports_build
from reports.tasks import build_day_reports
from tests.ledger.tasks.support import (
    CLOSED_ONCE,
    NET,
    NOT_CLOSED,
    close_postings,
    finished_session,
    unfinished_session,
)
from tests.parlor.factories import ParlorFactory

TOKYO = ZoneInfo("Asia/Tokyo")


def tokyo(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2030, 5, day, hour, minute, tzinfo=TOKYO)


def test_beat_runs_the_sweeps_and_the_day_reports_and_celery_knows_them() -> None:
    celery_app.loader.import_default_modules()
    scheduled = {entry["task"] for entry in django_settings.CELERY_BEAT_SCHEDULE.values()}

    assert scheduled == {
        "ledger.tasks.close_overdue_sessions",
        "ledger.tasks.build_day_reports",
        "ledger.tasks.resend_stale_jobs",
        "api.tasks.expire_idempotency_records",
    }
    assert scheduled <= set(celery_app.tasks)


@pytest.mark.parametrize(
    ("moment", "day"),
    [
        (tokyo(2, 6, 0), date(2030, 5, 2)),  # the day starts at the closing hour
        (tokyo(2, 23, 59), date(2030, 5, 2)),
        (tokyo(3, 2, 0), date(2030, 5, 2)),  # a game closed at 2 am counts the evening before
        (tokyo(3, 5, 59), date(2030, 5, 2)),
        (datetime(2030, 5, 2, 21, 0, tzinfo=ZoneInfo("UTC")), date(2030, 5, 3)),  # 06:00 JST
    ],
)
def test_a_business_day_runs_from_the_closing_hour_to_the_next_morning(
    moment: datetime, day: date
) -> None:
    parlor = Parlor(time_zone="Asia/Tokyo")

    assert business_day_of(parlor=parlor, moment=moment) == day


def test_business_day_bounds_and_the_last_one_ended() -> None:
    parlor = Parlor(time_zone="Asia/Tokyo")

    start, end = business_day_bounds(parlor=parlor, first=date(2030, 5, 1), last=date(2030, 5, 2))

    assert (start, end) == (tokyo(1, 6), tokyo(3, 6))
    assert last_closed_business_day(parlor=parlor, now=tokyo(3, 7)) == (
        date(2030, 5, 2),
        tokyo(3, 6),
    )
    assert last_closed_business_day(parlor=parlor, now=tokyo(3, 5)) == (
        date(2030, 5, 1),
        tokyo(2, 6),
    )


def test_the_closing_hour_is_a_setting(settings: SettingsWrapper) -> None:
    settings.LEDGER_CLOSING_HOUR = 0
    parlor = Parlor(time_zone="Asia/Tokyo")

    assert business_day_of(parlor=parlor, moment=tokyo(3, 2)) == date(2030, 5, 3)


def _opened_at(session: Session, moment: datetime) -> Session:
    Session.objects.filter(pk=session.pk).update(opened_at=moment)
    session.refresh_from_db()
    return session


@pytest.mark.django_db
def test_the_sweep_closes_sessions_left_open_past_the_closing_hour(staff: User) -> None:
    parlor = ParlorFactory(time_zone="Asia/Tokyo")
    overdue = _opened_at(finished_session(by=staff, parlor=parlor), tokyo(2, 1))
    current = _opened_at(finished_session(by=staff, parlor=parlor), tokyo(3, 6, 30))

    results = sessions_close_overdue(now=tokyo(3, 7))

    assert [r["session"] for r in results] == [overdue.pk]
    assert close_postings(overdue) == CLOSED_ONCE
    assert close_postings(current) == NOT_CLOSED
    assert sessions_close_overdue(now=tokyo(3, 7)) == []


@pytest.mark.django_db
def test_the_sweep_stops_an_unfinished_game_at_closing_time(staff: User) -> None:
    session = _opened_at(unfinished_session(by=staff, parlor__time_zone="Asia/Tokyo"), tokyo(2, 20))

    [result] = sessions_close_overdue(now=tokyo(3, 7))

    assert result["ok"], result
    session.refresh_from_db()
    assert session.state == SessionState.CLOSED


@pytest.mark.django_db
def test_without_stopping_an_unfinished_game_stays_open_with_its_error_shown(
    staff: User, settings: SettingsWrapper
) -> None:
    settings.LEDGER_STOP_OVERDUE_GAMES = False
    session = _opened_at(unfinished_session(by=staff, parlor__time_zone="Asia/Tokyo"), tokyo(2, 20))

    [result] = sessions_close_overdue(now=tokyo(3, 7))

    session.refresh_from_db()
    assert (result["ok"], session.state) == (False, SessionState.OPEN)
    assert session.close_error["code"] == "game_not_finished"


@pytest.mark.django_db
def test_the_sweep_task_runs_the_service(staff: User) -> None:
    session = finished_session(by=staff)
    Session.objects.filter(pk=session.pk).update(opened_at=timezone.now() - timedelta(days=2))

    results = close_overdue_sessions.delay().get()

    assert [r["session"] for r in results if r["ok"]] == [session.pk]


@pytest.mark.django_db
def test_the_day_report_is_built_once_per_parlor_and_day(
    manager: User, staff: User, settings: SettingsWrapper, tmp_path: object
) -> None:
    settings.MEDIA_ROOT = str(tmp_path)
    session = finished_session(by=staff)
    close_session.delay(session.pk, manager.pk).get()
    ParlorFactory()  # a parlor that has not played gets no report
    tomorrow = timezone.now() + timedelta(days=1)

    built = day_reports_build(now=tomorrow)
    again = day_reports_build(now=tomorrow)

    job = ExportJob.objects.get(kind=ExportKind.DAY_REPORT)
    assert (built, again) == ([job.pk], [])
    assert job.parlor_id == session.parlor_id
    assert job.date_from == business_day_of(parlor=session.parlor, moment=timezone.now())
    assert job.state == ExportState.DONE and job.format == "xlsx"
    book = load_workbook(job.file.path, read_only=True)
    assert book.sheetnames == [
        "Summary", "Settlements", "Ledger entries", "Penalties", "Counter", "Till"
    ]  # fmt: skip
    summary = list(book["Summary"].iter_rows(values_only=True))
    assert summary[0][-2:] == ("net_money", "currency")
    assert sorted(row[-2] for row in summary[1:]) == sorted(NET)


@pytest.mark.django_db
def test_the_day_report_task_runs_the_service(
    staff: User, settings: SettingsWrapper, tmp_path: object
) -> None:
    settings.MEDIA_ROOT = str(tmp_path)
    session = finished_session(by=staff)
    Session.objects.filter(pk=session.pk).update(opened_at=timezone.now() - timedelta(days=2))

    assert len(build_day_reports.delay().get()) == 1
