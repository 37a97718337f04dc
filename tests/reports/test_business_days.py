"""Business days in the documents: one day per game, and an empty export that says why.

A game belongs to the business day that was under way when it was closed
(from ``LEDGER_CLOSING_HOUR`` to the same hour the next morning), so a game
closed after midnight belongs to the evening before. The closing hour is
set here so that "now" falls before it: the game's calendar date and its
business day then differ, as at 02:00 with the default 06:00.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any as SettingsWrapper  # pytest-django's settings fixture
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from ledger.settle.business_days import business_day_of
from ledger.settle.settlement_selectors import business_days_with_games
from reports.models import ExportState
from reports.scope import window_of
from reports.services import export_request, export_run
from reports.statements import statement_html
from tests.reports.support import closed_session, today
from tests.reports.test_files import csv_rows, run

pytestmark = pytest.mark.django_db


def after_midnight(settings: SettingsWrapper) -> str:
    """A parlor zone and closing hour in which the present moment is before the closing hour."""
    for zone in ("Asia/Tokyo", "UTC"):
        hour = timezone.now().astimezone(ZoneInfo(zone)).hour
        if hour < 23:
            settings.LEDGER_CLOSING_HOUR = hour + 1
            return zone
    raise AssertionError("Tokyo and UTC are nine hours apart")


def test_a_statement_names_one_business_day_per_game_in_header_and_table(
    staff: User, settings: SettingsWrapper
) -> None:
    zone = after_midnight(settings)
    session = closed_session(by=staff, parlor__time_zone=zone)
    day = today(session)
    calendar_day = session.closed_at.astimezone(ZoneInfo(zone)).date()
    assert calendar_day == day + timedelta(days=1)  # the game was closed "after midnight"
    player = session.seats.get(seat=0).player
    job = export_request(
        kind="statements", scope="player", format="pdf", parlor=session.parlor, by=staff,
        player=player, date_from=day, date_to=day,
    )  # fmt: skip

    html = statement_html(window=window_of(job), player=player)

    header = html[html.index('class="period"') : html.index("</p>", html.index('class="period"'))]
    games = html[html.index('<pre class="games">') : html.index("</pre>")]
    assert day.isoformat() in header
    assert day.isoformat() in games and calendar_day.isoformat() not in games


def test_an_export_of_a_day_without_games_says_so_and_names_the_days_with_games(
    staff: User,
) -> None:
    session = closed_session(by=staff)
    day = today(session)

    later = run(session, staff, kind="settlements", format="csv", date_from=day + timedelta(3))
    same = run(session, staff, kind="settlements", format="csv", date_from=day)

    assert csv_rows(later) == []
    assert (later.found_games, later.days_with_games) == (False, [day.isoformat()])
    note = later.empty_window_note()
    assert str(day + timedelta(3)) in note and f"Business days with games: {day}" in note
    assert (same.found_games, same.days_with_games, same.empty_window_note()) == (True, [], "")


def test_the_api_and_the_admin_show_the_note(staff: User, api_as: object) -> None:
    session = closed_session(by=staff)
    day = today(session)
    job = export_request(
        kind="settlements", scope="day", format="csv", parlor=session.parlor, by=staff,
        date_from=day - timedelta(days=2),
    )  # fmt: skip
    assert export_run(job_id=job.pk)["state"] == ExportState.DONE

    shown = api_as("manager").get(f"/api/exports/{job.pk}/").json()  # type: ignore[operator]

    assert shown["found_games"] is False and shown["days_with_games"] == [day.isoformat()]
    assert day.isoformat() in shown["note"]


def test_the_days_with_games_are_the_nearest_and_in_order(staff: User) -> None:
    session = closed_session(by=staff)
    day = today(session)
    moment = session.closed_at
    assert moment is not None
    parlor = session.parlor

    assert business_days_with_games(parlor=parlor, after=moment - timedelta(days=9)) == [day]
    assert business_days_with_games(parlor=parlor, before=moment + timedelta(days=9)) == [day]
    assert business_days_with_games(parlor=parlor, before=moment - timedelta(days=9)) == []
    assert business_day_of(parlor=parlor, moment=moment) == day
