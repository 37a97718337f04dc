"""Redis going away: a close or an export asked for while the broker does not answer.

The request is recorded (the close asked for, the export job written), the
task is not sent, nothing is posted, and the admin and the API say so: the
close's state is ``failed`` with the error ``queue_unavailable``, the export
is ``failed`` with that reason. Asking again once the broker is back sends it,
and the work is done once. The broker here is a real Redis URL on a port where
nothing listens, with the tasks sent for real (not run in process).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from ledger.models import SessionState
from ledger.settle.closing_selectors import session_close_state
from ledger.settle.queue import close_enqueue
from reports.models import ExportJob, ExportState
from reports.queue import export_enqueue
from reports.services import export_request
from tests.api.support import RoleClients, api_as, post, role_groups
from tests.ledger.tasks.broker import tasks_sent_to
from tests.ledger.tasks.support import NOT_CLOSED, close_postings, finished_session
from tests.reports.support import closed_session, today

pytestmark = pytest.mark.django_db
Capture = Any  # pytest-django's django_capture_on_commit_callbacks: the test's "commit"
__all__ = ["api_as", "role_groups"]

NOWHERE = "redis://127.0.0.1:1/15"  # nothing listens on port 1


@contextmanager
def broker_refusing() -> Iterator[None]:
    """Tasks are really sent, to a Redis that refuses the connection: broker and result backend."""
    with tasks_sent_to(NOWHERE, task_publish_retry_policy={"max_retries": 0}):
        yield


@pytest.fixture
def broker_down() -> Iterator[None]:
    with broker_refusing():
        yield


@pytest.fixture
def media(settings: Any, tmp_path: Any) -> None:
    settings.MEDIA_ROOT = str(tmp_path)


def test_a_close_asked_for_while_redis_is_down_is_failed_not_posted(
    staff: User, manager: User, broker_down: None, django_capture_on_commit_callbacks: Capture
) -> None:
    session = finished_session(by=staff)

    with django_capture_on_commit_callbacks(execute=True):
        close_enqueue(session=session, by=manager)

    session.refresh_from_db()
    state = session_close_state(session=session)
    assert session.state == SessionState.OPEN
    assert close_postings(session) == NOT_CLOSED
    assert state.state == "failed"
    assert state.error is not None and state.error["code"] == "queue_unavailable"
    assert (
        "did not answer" in state.error["message"]
        and "Nothing was posted" in state.error["message"]
    )


def test_asking_again_once_redis_is_back_closes_once(
    staff: User, manager: User, django_capture_on_commit_callbacks: Capture
) -> None:
    session = finished_session(by=staff)
    with broker_refusing(), django_capture_on_commit_callbacks(execute=True):
        close_enqueue(session=session, by=manager)
    session.refresh_from_db()
    assert session_close_state(session=session).state == "failed"

    with django_capture_on_commit_callbacks(execute=True):
        close_enqueue(session=session, by=manager)

    session.refresh_from_db()
    state = session_close_state(session=session)

    assert (state.state, state.error) == ("done", None)
    assert close_postings(session)["game_end"] == 1


def test_an_export_asked_for_while_redis_is_down_is_failed_with_the_reason(
    staff: User, media: None, broker_down: None, django_capture_on_commit_callbacks: Capture
) -> None:
    session = closed_session(by=staff)
    job = export_request(kind="settlements", scope="day", format="csv", parlor=session.parlor,
                         by=staff, date_from=today(session))  # fmt: skip

    with django_capture_on_commit_callbacks(execute=True):
        export_enqueue(job=job)

    job.refresh_from_db()
    assert job.state == ExportState.FAILED
    assert job.error.startswith("queue_unavailable: the job queue (Redis) did not answer")
    assert not job.file


# Committed for real, as a request outside a test commits: the API answers after the send.
@pytest.mark.django_db(transaction=True)
def test_the_api_answers_with_the_recorded_job_and_says_it_was_not_sent(
    api_as: RoleClients, staff: User, media: None, broker_down: None
) -> None:
    session = closed_session(by=staff)
    body = {"kind": "settlements", "scope": "day", "format": "csv",
            "parlor": session.parlor_id, "date_from": today(session).isoformat()}  # fmt: skip

    response = post(api_as("staff"), "/api/exports/", body)

    assert response.status_code == 202, response.content
    assert response.json()["state"] == "failed"
    assert response.json()["error"]["code"] == "queue_unavailable"
    assert ExportJob.objects.count() == 1


# Committed for real, as a request outside a test commits: the API answers after the send.
@pytest.mark.django_db(transaction=True)
def test_the_admin_warns_and_run_again_sends_it_once_redis_is_back(
    client_as: Callable[[str], Client], staff: User, media: None
) -> None:
    session = closed_session(by=staff)
    form = {"kind": "settlements", "format": "csv", "scope": "day",
            "parlor": session.parlor_id, "date_from": today(session).isoformat()}  # fmt: skip
    add = reverse("admin:reports_exportjob_add")
    with broker_refusing():
        response = client_as("staff").post(add, form, follow=True)

    assert "The job queue (Redis) did not answer" in response.content.decode()
    job = ExportJob.objects.get()
    assert job.state == ExportState.FAILED

    changelist = reverse("admin:reports_exportjob_changelist")
    client_as("manager").post(changelist, {"action": "run_again", "_selected_action": [job.pk]})

    job.refresh_from_db()
    assert (job.state, job.error, job.attempts) == (ExportState.DONE, "", 1)
