"""One close path: the admin's Close button, the API's close and the task all close through
``session_close``, which writes the ``SessionClose`` row (docs/jobs.md, "One close path").

Each interface closes a finished game once: one game-end, settlement and fee posting
and one ``SessionClose`` row; a second close changes nothing; an earlier failed
background close's error is cleared.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from ledger.models import CloseJobState, JobErrorCode, Session, SessionState, job_error
from ledger.settle.closing import session_close_failure_record, session_close_job
from ledger.settle.closing_selectors import session_close_state
from parlor.services.roles import ROLE_MANAGER, roles_sync
from tests.api.support import RoleClients, post
from tests.ledger.factories import parlor_manager
from tests.ledger.tasks.support import CLOSED_ONCE, close_postings, finished_session

pytestmark = pytest.mark.django_db(transaction=True)


def _admin_close(session: Session) -> None:
    user: User = parlor_manager(session.parlor)
    user.groups.set([roles_sync()[ROLE_MANAGER]])
    client = Client()
    client.force_login(user)
    url = f"/admin/ledger/session/{session.pk}/close/"
    assert client.post(url, {"confirm": "1"}).status_code == 302
    # A second confirmation (a stale page) posts nothing again.
    assert client.post(url, {"confirm": "1"}).status_code in (302, 403)


def _api_close(session: Session) -> None:
    roles_sync()
    manager = RoleClients()("manager")
    for _ in range(2):
        response = post(manager, f"/api/sessions/{session.pk}/close/")
        assert response.status_code == 200, response.json()


def _task_close(session: Session) -> None:
    for _ in range(2):
        result = session_close_job(session_id=session.pk)
        assert result["ok"], result


CLOSERS: dict[str, Callable[[Session], None]] = {
    "admin button": _admin_close,
    "api": _api_close,
    "celery task": _task_close,
}


@pytest.mark.parametrize("interface", CLOSERS)
def test_every_interface_closes_once_with_the_closed_once_row(interface: str, staff: User) -> None:
    session = finished_session(by=staff)
    failed = job_error(JobErrorCode.QUEUE_UNAVAILABLE, "the queue did not answer")
    session_close_failure_record(session_id=session.pk, error=failed)

    CLOSERS[interface](session)

    session.refresh_from_db()
    assert session.state == SessionState.CLOSED
    assert close_postings(session) == CLOSED_ONCE
    assert session.closes.get().number == 1
    assert (session.close_error, session.close_failed_at) == ({}, None)
    assert session_close_state(session=session).state == CloseJobState.DONE


def test_a_refused_close_keeps_the_one_error_shape(staff: User) -> None:
    session = finished_session(by=staff, hands=())

    result = session_close_job(session_id=session.pk)

    session.refresh_from_db()
    assert set(result["error"]) == {"code", "message"}
    assert result["error"] == session.close_error
    assert session.close_error["code"] == "game_not_finished"
    assert session_close_state(session=session).state == CloseJobState.FAILED
