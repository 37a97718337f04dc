"""The database going away in the middle of a hand entry or a job.

The loss is simulated by raising ``OperationalError`` (what psycopg raises for
a dropped connection) from a step inside the hand's transaction, after some of
its rows were written. Whatever step fails, the entry commits whole or not at
all: nothing partial is left, the API answers 503 ``database_unavailable``
saying nothing was recorded, and a retry with the same ``Idempotency-Key``
records the hand exactly once. A close job that loses the database retries
and settles once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from celery.exceptions import Retry
from django.contrib.auth.models import User
from django.db import OperationalError
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

import ledger.play.hands as hands_service
from ledger.models import HandResult, PostingKind, Session, SessionState
from ledger.play.hands import hand_record
from ledger.tasks import close_session
from tests.api.support import RoleClients, api_as, ledger_row_counts, post, role_groups
from tests.ledger.factories import SessionFactory, draw, ron

pytestmark = pytest.mark.django_db

__all__ = ["api_as", "role_groups"]
LOST = "server closed the connection unexpectedly"


def failing(real: Callable[..., Any], *, on_call: int) -> Callable[..., Any]:
    """``real``, except that its ``on_call``-th call (1-based) loses the database."""
    calls = 0

    def step(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == on_call:
            raise OperationalError(LOST)
        return real(*args, **kwargs)

    return step


# The steps of hand_record inside its transaction, in order. A riichi ron writes the
# hand, its hand and deposit postings (together), then the penalties: failing at each
# leaves some rows written before the failure.
STEPS = [
    ("postings_create", 1),  # the HandResult is written, no posting yet
    ("penalties_record", 1),  # everything but the penalties is written
]


@pytest.mark.parametrize(("step", "on_call"), STEPS)
def test_a_hand_entry_losing_the_database_leaves_nothing_partial(
    step: str, on_call: int, staff: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = SessionFactory()
    before = ledger_row_counts()
    real = getattr(hands_service, step)
    monkeypatch.setattr(hands_service, step, failing(real, on_call=on_call))

    with pytest.raises(OperationalError, match=LOST):
        hand_record(session=session, hand=ron(1, 0, riichi=[1]), entered_by=staff)

    assert ledger_row_counts() == before
    monkeypatch.setattr(hands_service, step, real)
    # The database is back: the same hand records whole, as hand 1.
    hand = hand_record(session=session, hand=ron(1, 0, riichi=[1]), entered_by=staff)
    assert hand.ordinal == 1
    assert sorted(hand.postings.values_list("kind", flat=True)) == ["deposit", "hand"]


@pytest.mark.parametrize(("step", "on_call"), STEPS)
def test_the_api_says_the_hand_was_not_recorded_and_a_retry_records_it_once(
    step: str, on_call: int, api_as: RoleClients, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = SessionFactory()
    client = api_as("staff")
    url = f"/api/sessions/{session.pk}/hands/"
    key = {"Idempotency-Key": "desk-3-hand-1"}
    before = ledger_row_counts()
    real = getattr(hands_service, step)
    monkeypatch.setattr(hands_service, step, failing(real, on_call=on_call))

    refused = post(client, url, ron(1, 0, riichi=[1]), **key)

    assert refused.status_code == 503
    assert refused["Retry-After"]
    error = refused.json()["error"]
    assert error["code"] == "database_unavailable"
    assert "nothing was recorded" in error["message"]
    assert ledger_row_counts() == before

    monkeypatch.setattr(hands_service, step, real)
    recorded = post(client, url, ron(1, 0, riichi=[1]), **key)
    replayed = post(client, url, ron(1, 0, riichi=[1]), **key)

    assert recorded.status_code == replayed.status_code == 201
    assert replayed["Idempotent-Replayed"] == "true"
    assert HandResult.objects.filter(session=session).count() == 1


# (headers sent, what the 503 must name, what it must not): issue 29's probe sent only the
# hand number and was told to retry "with the same Idempotency-Key" it never had.
GUARDS = [
    ({"Expected-Hand-Number": "1"}, ["Expected-Hand-Number", "409 wrong_hand_number"], ["Key"]),
    ({"Idempotency-Key": "desk-3-hand-1"}, ["same Idempotency-Key"], ["Expected-Hand-Number"]),
    (
        {"Idempotency-Key": "desk-3-hand-1", "Expected-Hand-Number": "1"},
        ["same Idempotency-Key and Expected-Hand-Number"],
        [],
    ),
]


@pytest.mark.parametrize(("headers", "named", "unnamed"), GUARDS)
def test_the_503_names_the_retry_guard_the_request_sent(
    headers: dict[str, str],
    named: list[str],
    unnamed: list[str],
    api_as: RoleClients,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = SessionFactory()
    client = api_as("staff")
    url = f"/api/sessions/{session.pk}/hands/"
    real = hands_service.postings_create
    monkeypatch.setattr(hands_service, "postings_create", failing(real, on_call=1))

    refused = post(client, url, ron(1, 0, riichi=[1]), **headers)

    assert refused.status_code == 503
    message = refused.json()["error"]["message"]
    assert "nothing was recorded" in message
    assert all(text in message for text in named), message
    assert not any(text in message for text in unnamed), message

    # The advice holds: the same retry records the hand once; a further one records nothing.
    monkeypatch.setattr(hands_service, "postings_create", real)
    recorded = post(client, url, ron(1, 0, riichi=[1]), **headers)
    again = post(client, url, ron(1, 0, riichi=[1]), **headers)
    assert recorded.status_code == 201
    assert again.status_code == (201 if "Idempotency-Key" in headers else 409)
    assert HandResult.objects.filter(session=session).count() == 1


@pytest.mark.parametrize(
    ("method", "advice"),
    [
        ("get", "Retry the request"),
        ("post", "Retry the request; a write that carries an Idempotency-Key is recorded once"),
    ],
)
def test_a_503_without_a_retry_guard_does_not_speak_of_the_same_one(
    method: str, advice: str
) -> None:
    from api.errors import api_exception_handler  # after DRF's settings, which import it

    request = Request(getattr(APIRequestFactory(), method)("/api/sessions/"))

    response = api_exception_handler(OperationalError(LOST), {"request": request})

    assert response is not None and response.status_code == 503
    message = response.data["error"]["message"]
    assert message.endswith(advice) or advice + " " in message
    assert "the same" not in message


def test_a_close_job_losing_the_database_retries_and_settles_once(
    manager: User, staff: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ledger.settle.settlements as settlements_service

    session: Session = SessionFactory()
    for hand in (ron(1, 0, riichi=[1]), draw(2, riichi=[2]), draw(), draw()):
        hand_record(session=session, hand=hand, entered_by=staff)
    real = settlements_service.postings_create
    # Writing the close's postings (game end, settlement, fee) loses the database, once.
    monkeypatch.setattr(settlements_service, "postings_create", failing(real, on_call=1))

    # The first delivery fails and asks for a retry (a worker would run it again later).
    with pytest.raises((Retry, OperationalError)):
        close_session.delay(session.pk, manager.pk).get(timeout=30)
    retried = close_session.delay(session.pk, manager.pk).get(timeout=30)
    duplicate = close_session.delay(session.pk, manager.pk).get(timeout=30)

    session.refresh_from_db()
    assert session.state == SessionState.CLOSED
    assert retried["ok"] and duplicate["ok"] and duplicate["closed_now"] is False
    closing = session.postings.filter(
        kind__in=[PostingKind.GAME_END, PostingKind.SETTLEMENT, PostingKind.FEE]
    )
    assert sorted(closing.values_list("kind", flat=True)) == ["fee", "game_end", "settlement"]
