"""Idempotency-Key: a retried POST never records a hand twice."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection

from api.models import IdempotencyRecord
from ledger.models import Correction, HandResult, Session
from tests.api.support import RoleClients, ledger_row_counts, post, post_hand
from tests.ledger.factories import SessionFactory, draw, ron

KEY = "6f1c2a9e-hand-1"


@pytest.fixture
def session(role_groups: None) -> Session:
    return SessionFactory()


def hands_url(session: Session) -> str:
    return f"/api/sessions/{session.pk}/hands/"


@pytest.mark.django_db
def test_same_key_twice_records_one_hand_and_replays_the_response(
    session: Session, api_as: RoleClients
) -> None:
    staff = api_as("staff")

    first = post(staff, hands_url(session), ron(1, 0), **{"Idempotency-Key": KEY})
    retry = post(staff, hands_url(session), ron(1, 0), **{"Idempotency-Key": KEY})

    assert first.status_code == retry.status_code == 201
    assert retry.json() == first.json()
    assert retry.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert HandResult.objects.count() == 1


@pytest.mark.django_db
def test_key_order_and_spacing_of_the_body_do_not_matter(
    session: Session, api_as: RoleClients
) -> None:
    staff = api_as("staff")
    headers = {"HTTP_IDEMPOTENCY_KEY": KEY}
    first = '{"kind": "draw", "tenpai": [0]}'
    same = '{"tenpai":[0],"kind":"draw"}'
    staff.post(hands_url(session), first, content_type="application/json", **headers)

    retry = staff.post(hands_url(session), same, content_type="application/json", **headers)

    assert retry.status_code == 201
    assert retry.headers["Idempotent-Replayed"] == "true"
    assert HandResult.objects.count() == 1


@pytest.mark.django_db
def test_same_key_with_another_body_is_refused_and_writes_nothing(
    session: Session, api_as: RoleClients
) -> None:
    staff = api_as("staff")
    post(staff, hands_url(session), ron(1, 0), **{"Idempotency-Key": KEY})
    before = ledger_row_counts()

    reused = post(staff, hands_url(session), ron(2, 0), **{"Idempotency-Key": KEY})

    assert reused.status_code == 422
    error = reused.json()["error"]
    assert error["code"] == "idempotency_key_reused"
    assert error["field"] == "Idempotency-Key"
    assert KEY in error["message"]
    assert ledger_row_counts() == before


@pytest.mark.django_db
def test_same_key_on_another_endpoint_is_refused(session: Session, api_as: RoleClients) -> None:
    staff = api_as("staff")
    post(staff, hands_url(session), draw(0), **{"Idempotency-Key": KEY})

    reused = post(staff, f"{hands_url(session)}preview/", draw(0), **{"Idempotency-Key": KEY})
    other = SessionFactory()
    moved = post(staff, hands_url(other), draw(0), **{"Idempotency-Key": KEY})

    assert reused.status_code == 200  # a preview writes nothing: the header is irrelevant there
    assert moved.status_code == 422
    assert HandResult.objects.filter(session=other).count() == 0


@pytest.mark.django_db
def test_keys_belong_to_their_user(session: Session, api_as: RoleClients) -> None:
    staff, manager = api_as("staff"), api_as("manager")

    post(staff, hands_url(session), draw(0), **{"Idempotency-Key": KEY})
    second = post(manager, hands_url(session), draw(0), **{"Idempotency-Key": KEY})

    assert second.status_code == 201
    assert "Idempotent-Replayed" not in second.headers
    assert HandResult.objects.count() == 2


@pytest.mark.django_db
def test_a_refused_request_keeps_no_key_so_the_fixed_retry_records(
    session: Session, api_as: RoleClients
) -> None:
    staff = api_as("staff")

    refused = post(staff, hands_url(session), draw(9), **{"Idempotency-Key": KEY})
    fixed = post(staff, hands_url(session), draw(1), **{"Idempotency-Key": KEY})

    assert refused.status_code == 400
    assert fixed.status_code == 201
    assert IdempotencyRecord.objects.get().status_code == 201


@pytest.mark.django_db
@pytest.mark.parametrize("key", ["", " ", "x" * 256, "tab\there"])
def test_malformed_keys_are_refused(key: str, session: Session, api_as: RoleClients) -> None:
    response = post(api_as("staff"), hands_url(session), draw(0), **{"Idempotency-Key": key})

    assert response.status_code == 400
    assert response.json()["error"]["field"] == "Idempotency-Key"
    assert not HandResult.objects.exists()


@pytest.mark.django_db
def test_corrections_honour_the_key_too(session: Session, api_as: RoleClients) -> None:
    hand = post_hand(api_as("staff"), hands_url(session), draw(0)).json()
    manager = api_as("manager")
    void = {"hand": hand["id"], "kind": "void", "reason": "entered at the wrong table"}

    first = post(manager, "/api/corrections/", void, **{"Idempotency-Key": KEY})
    retry = post(manager, "/api/corrections/", void, **{"Idempotency-Key": KEY})

    assert first.status_code == retry.status_code == 201
    assert retry.json() == first.json()
    assert Correction.objects.count() == 1


def _slowed(service: Callable[..., Any], seconds: float) -> Callable[..., Any]:
    def slow(**kwargs: Any) -> Any:
        time.sleep(seconds)  # keeps the first request's transaction open while the second arrives
        return service(**kwargs)

    return slow


@pytest.mark.requires_postgres
@pytest.mark.django_db(transaction=True)
def test_concurrent_requests_with_one_key_record_exactly_one_hand(
    session: Session, api_as: RoleClients, monkeypatch: pytest.MonkeyPatch
) -> None:
    from api.play.views import hands

    monkeypatch.setattr(hands, "hand_record_returning", _slowed(hands.hand_record_returning, 0.5))
    clients = [api_as("staff"), api_as("staff")]
    start = threading.Barrier(len(clients))
    responses: list[Any] = [None] * len(clients)

    def send(i: int) -> None:
        try:
            start.wait()
            responses[i] = post(
                clients[i], hands_url(session), ron(1, 0), **{"Idempotency-Key": KEY}
            )
        finally:
            connection.close()  # each thread has its own connection

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(clients))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert [r.status_code for r in responses] == [201, 201]
    assert responses[0].json() == responses[1].json()
    assert sorted(r.headers.get("Idempotent-Replayed", "") for r in responses) == ["", "true"]
    assert HandResult.objects.filter(session=session).count() == 1
    assert IdempotencyRecord.objects.count() == 1
