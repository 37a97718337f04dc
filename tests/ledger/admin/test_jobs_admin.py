"""The background jobs in the admin (reports/admin.py and closing.py).

Exports: the list shows each job's progress and, once done, a download link;
"Add export" queues one; failed ones can be run again. Closes: the "session
close jobs" list shows each session's close state and last error; managers
queue closes from it; the session page shows a failed close's error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from ledger.models import SessionState
from parlor.services.preferences import user_language_set
from reports.models import ExportJob, ExportState
from tests.ledger.tasks.support import close_postings, finished_session, unfinished_session
from tests.reports.support import closed_session, today

pytestmark = pytest.mark.django_db

Capture = Callable[..., Any]
EXPORTS = reverse("admin:reports_exportjob_changelist")
CLOSES = reverse("admin:ledger_sessionclosing_changelist")


@pytest.fixture(autouse=True)
def _media_root(settings: Any, tmp_path: Any) -> None:
    settings.MEDIA_ROOT = str(tmp_path)


def test_staff_request_an_export_and_download_it_from_the_list(
    client_as: Callable[[str], Client], staff: User, django_capture_on_commit_callbacks: Capture
) -> None:
    session = closed_session(by=staff)
    client = client_as("staff")
    form = {
        "kind": "settlements", "format": "xlsx", "scope": "day", "parlor": session.parlor_id,
        "date_from": today(session).isoformat(),
    }  # fmt: skip

    assert client.get(reverse("admin:reports_exportjob_add")).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("admin:reports_exportjob_add"), form)

    assert response.status_code == 302
    job = ExportJob.objects.get()
    assert job.state == ExportState.DONE, job.error
    listing = client.get(EXPORTS).content.decode()
    download = reverse("admin:reports_exportjob_download", args=[job.pk])
    assert download in listing
    assert '<progress value="100" max="100">' in listing
    file = client.get(download)
    assert file.status_code == 200
    assert file["Content-Type"].startswith("application/vnd.openxmlformats")


def test_a_bad_export_request_is_shown_on_the_form(
    client_as: Callable[[str], Client], staff: User
) -> None:
    session = finished_session(by=staff)
    form = {"kind": "statements", "format": "csv", "scope": "day", "parlor": session.parlor_id}

    response = client_as("manager").post(reverse("admin:reports_exportjob_add"), form)

    assert response.status_code == 200
    assert "Player statements are written as PDF only." in response.content.decode()
    assert not ExportJob.objects.exists()


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "One business day's export needs that day as its first day, and no other."),
        ("ja", "1営業日分の出力には、その日を開始日に指定してください"),
    ],
)
def test_a_refused_export_says_why_in_the_managers_words(
    role_user: Callable[[str], User], staff: User, language: str, words: str
) -> None:
    # A day's export without its day: the refusal names the field's meaning, never its code.
    session = finished_session(by=staff)
    manager = role_user("manager")
    user_language_set(user=manager, language=language)
    client = Client()
    client.force_login(manager)
    form = {"kind": "settlements", "format": "csv", "scope": "day", "parlor": session.parlor_id}

    response = client.post(reverse("admin:reports_exportjob_add"), form)

    errors = " ".join(str(e) for e in response.context["form"].errors.get("date_from", []))
    assert words in errors, errors
    assert "date_from" not in errors and "date_to" not in errors
    assert not ExportJob.objects.exists()


def test_a_running_export_shows_its_progress(
    client_as: Callable[[str], Client], staff: User
) -> None:
    session = finished_session(by=staff)
    ExportJob.objects.create(
        kind="ledger_entries", scope="day", format="csv", parlor=session.parlor,
        date_from=today(session), date_to=today(session), requested_by=staff,
        state=ExportState.RUNNING, progress_done=30000, progress_total=120000,
    )  # fmt: skip

    listing = client_as("staff").get(EXPORTS).content.decode()

    assert '<progress value="25" max="100">25%</progress> 30000 / 120000' in listing


def test_failed_exports_run_again(
    client_as: Callable[[str], Client], staff: User, django_capture_on_commit_callbacks: Capture
) -> None:
    session = closed_session(by=staff)
    job = ExportJob.objects.create(
        kind="settlements", scope="day", format="csv", parlor=session.parlor,
        date_from=today(session), date_to=today(session), requested_by=staff,
        state=ExportState.FAILED, error="OperationalError: gone",
    )  # fmt: skip

    with django_capture_on_commit_callbacks(execute=True):
        client_as("manager").post(EXPORTS, {"action": "run_again", "_selected_action": [job.pk]})

    job.refresh_from_db()
    assert (job.state, job.error, job.attempts) == (ExportState.DONE, "", 1)


def test_players_see_no_exports(client_as: Callable[[str], Client]) -> None:
    assert client_as("player").get(EXPORTS).status_code in (302, 403)


def test_a_manager_closes_sessions_in_the_background_and_sees_the_failures(
    client_as: Callable[[str], Client], staff: User, django_capture_on_commit_callbacks: Capture
) -> None:
    finished = finished_session(by=staff)
    unfinished = unfinished_session(by=staff)
    manager = client_as("manager")

    with django_capture_on_commit_callbacks(execute=True):
        manager.post(
            CLOSES,
            {"action": "close_in_background", "_selected_action": [finished.pk, unfinished.pk]},
        )

    finished.refresh_from_db()
    unfinished.refresh_from_db()
    assert finished.state == SessionState.CLOSED and close_postings(finished)["game_end"] == 1
    assert unfinished.state == SessionState.OPEN
    listing = manager.get(CLOSES).content.decode()
    assert "game_not_finished" in listing and "has not ended after 1 hand" in listing
    page = manager.get(reverse("admin:ledger_session_change", args=[unfinished.pk]))
    assert 'id="close-error"' in page.content.decode()


def test_staff_see_close_states_but_cannot_queue_closes(
    client_as: Callable[[str], Client], staff: User
) -> None:
    session = finished_session(by=staff)
    client = client_as("staff")

    assert client.get(CLOSES).status_code == 200
    client.post(CLOSES, {"action": "close_in_background", "_selected_action": [session.pk]})

    session.refresh_from_db()
    assert session.state == SessionState.OPEN
