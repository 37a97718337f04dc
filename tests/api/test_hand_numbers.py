"""A hand POST carries an Idempotency-Key or the hand number it expects: no hand twice.

docs/api.md, "Retries and duplicate hands": without either header the POST
is refused (428); a number the session has moved past is a 409 naming the
session's next number, also when two desks enter the same hand at once.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.db import connection

from ledger.models import Correction, HandResult, Session
from tests.api.support import RoleClients, ledger_row_counts, post, post_hand
from tests.ledger.factories import SessionFactory, draw, ron

NUMBER = "Expected-Hand-Number"
KEY = "Idempotency-Key"


@pytest.fixture
def session(role_groups: None) -> Session:
    return SessionFactory()


def hands_url(session: Session) -> str:
    return f"/api/sessions/{session.pk}/hands/"


def numbered(number: int | str) -> dict[str, str]:
    return {NUMBER: str(number)}


@pytest.mark.django_db
def test_a_hand_without_key_or_number_is_refused_naming_both(
    session: Session, api_as: RoleClients
) -> None:
    before = ledger_row_counts()

    refused = post(api_as("staff"), hands_url(session), draw(0))

    assert refused.status_code == 428
    error = refused.json()["error"]
    assert error["code"] == "retry_guard_required"
    assert KEY in error["message"] and NUMBER in error["message"]
    assert error["field"] == f"{KEY}, {NUMBER}"
    assert ledger_row_counts() == before


@pytest.mark.django_db
def test_a_chonbo_without_key_or_number_is_refused_too(
    session: Session, api_as: RoleClients
) -> None:
    chonbo = {"session": session.pk, "offender": 2, "cause": "false_riichi"}

    refused = post(api_as("manager"), "/api/penalties/", chonbo)
    numbered_chonbo = post(api_as("manager"), "/api/penalties/", chonbo, **numbered(1))

    assert refused.status_code == 428
    assert refused.json()["error"]["code"] == "retry_guard_required"
    assert numbered_chonbo.status_code == 201, numbered_chonbo.json()
    assert HandResult.objects.filter(session=session).count() == 1


@pytest.mark.django_db
def test_the_expected_number_records_the_hands_in_turn(
    session: Session, api_as: RoleClients
) -> None:
    staff = api_as("staff")

    first = post(staff, hands_url(session), draw(0), **numbered(1))
    second = post(staff, hands_url(session), ron(1, 0), **numbered(2))

    assert (first.status_code, second.status_code) == (201, 201)
    assert (first.json()["ordinal"], second.json()["ordinal"]) == (1, 2)


@pytest.mark.django_db
def test_a_retry_with_the_same_number_gets_409_naming_the_next_number(
    session: Session, api_as: RoleClients
) -> None:
    staff = api_as("staff")
    post(staff, hands_url(session), draw(0), **numbered(1))
    before = ledger_row_counts()

    retry = post(staff, hands_url(session), draw(0), **numbered(1))

    assert retry.status_code == 409
    assert retry.json()["error"] == {
        "code": "wrong_hand_number",
        "message": f"session {session.pk}'s next hand is number 2, not 1: hands up to 1 are"
        " already recorded (by a retry of this request or by another desk); reload the session"
        " before entering the hand again",
        "field": NUMBER,
    }
    assert ledger_row_counts() == before


@pytest.mark.django_db
def test_a_number_ahead_of_the_session_is_refused_too(
    session: Session, api_as: RoleClients
) -> None:
    ahead = post(api_as("staff"), hands_url(session), draw(0), **numbered(3))

    assert ahead.status_code == 409
    assert "next hand is number 1, not 3" in ahead.json()["error"]["message"]
    assert not HandResult.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["0", "-1", "two", "1.5", "1234567890", ""])
def test_a_malformed_number_is_a_400_naming_the_header(
    value: str, session: Session, api_as: RoleClients
) -> None:
    refused = post(api_as("staff"), hands_url(session), draw(0), **numbered(value))

    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "bad_hand_number"
    assert refused.json()["error"]["field"] == NUMBER
    assert not HandResult.objects.exists()


@pytest.mark.django_db
def test_a_retried_post_with_the_same_key_records_once(
    session: Session, api_as: RoleClients
) -> None:
    staff = api_as("staff")
    headers = {KEY: "desk-2-hand-1", **numbered(1)}

    first = post(staff, hands_url(session), ron(1, 0), **headers)
    retry = post(staff, hands_url(session), ron(1, 0), **headers)

    # The key replays the first answer before the number is looked at: no 409 on a retry.
    assert (first.status_code, retry.status_code) == (201, 201)
    assert retry.headers["Idempotent-Replayed"] == "true"
    assert retry.json() == first.json()
    assert HandResult.objects.filter(session=session).count() == 1


@pytest.mark.django_db
def test_a_retried_correction_without_key_is_refused_not_doubled(api_as: RoleClients) -> None:
    # Corrections name the hand version they correct: once corrected it is no longer live.
    session = SessionFactory()
    hand = post_hand(api_as("staff"), hands_url(session), ron(1, 0)).json()
    manager = api_as("manager")
    amend = {"hand": hand["id"], "kind": "amend", "reason": "wrong winner", "payload": ron(2, 0)}

    first = post(manager, "/api/corrections/", amend)
    before = ledger_row_counts()
    retry = post(manager, "/api/corrections/", amend)

    assert first.status_code == 201, first.json()
    assert retry.status_code == 409
    assert retry.json()["error"]["code"] == "hand_not_live"
    assert ledger_row_counts() == before
    assert Correction.objects.count() == 1


@pytest.mark.requires_postgres
@pytest.mark.django_db(transaction=True)
def test_two_desks_entering_the_same_hand_number_record_it_once(
    session: Session, api_as: RoleClients, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ledger.play import hands

    settle = hands._settle_next

    def slow_settle(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.5)  # the first desk holds the session's lock while the second arrives
        return settle(*args, **kwargs)

    monkeypatch.setattr(hands, "_settle_next", slow_settle)
    desks = [api_as("staff", name="desk-a"), api_as("staff", name="desk-b")]
    start = threading.Barrier(len(desks))
    responses: list[Any] = [None] * len(desks)

    def enter(i: int) -> None:
        try:
            start.wait(timeout=30)
            responses[i] = post(desks[i], hands_url(session), ron(1, 0), **numbered(1))
        finally:
            connection.close()  # each thread has its own connection

    threads = [threading.Thread(target=enter, args=(i,)) for i in range(len(desks))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert sorted(r.status_code for r in responses) == [201, 409]
    (refused,) = [r for r in responses if r.status_code == 409]
    assert "next hand is number 2, not 1" in refused.json()["error"]["message"]
    assert HandResult.objects.filter(session=session).count() == 1
