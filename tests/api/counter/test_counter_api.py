"""The counter's API (issue 34): every POST needs an Idempotency-Key and is recorded once
however often it is retried; refusals answer in the API's error shape; reads and writes
stay inside the user's parlors; the schema lists every endpoint."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from api.models import IdempotencyRecord
from ledger.books.audit import ledger_audit
from ledger.counter.models import CounterEntry, TillClose
from ledger.models import AccountKind
from tests.api.support import token_client
from tests.ledger.counter.helpers import Desk, cash_in_till, desk, money_of

pytestmark = [pytest.mark.requires_postgres, pytest.mark.django_db]

ENTRIES = "/api/counter/entries/"
CLOSES = "/api/counter/till-closes/"


@pytest.fixture
def counter() -> Desk:
    return desk()


def post(client: APIClient, path: str, body: dict[str, Any], key: str | None) -> Any:
    headers = {"Idempotency-Key": key} if key is not None else {}
    return client.post(path, body, format="json", headers=headers)


def deposit(counter: Desk, amount: int = 10000) -> dict[str, Any]:
    return {
        "parlor": counter.parlor.pk,
        "kind": "deposit_taken",
        "amount": amount,
        "method": "cash",
        "player": counter.players[0].pk,
    }


def test_a_counter_post_without_a_key_is_refused_with_428(counter: Desk) -> None:
    response = post(token_client(counter.staff), ENTRIES, deposit(counter), key=None)

    assert response.status_code == 428
    assert response.json()["error"]["code"] == "retry_guard_required"
    assert not CounterEntry.objects.exists()


def test_a_retried_deposit_is_recorded_once(counter: Desk) -> None:
    client = token_client(counter.staff)
    first = post(client, ENTRIES, deposit(counter), key="deposit-1")
    retries = [post(client, ENTRIES, deposit(counter), key="deposit-1") for _ in range(3)]

    assert first.status_code == 201
    assert all(r.status_code == 201 and r.json() == first.json() for r in retries)
    assert all(r.headers["Idempotent-Replayed"] == "true" for r in retries)
    assert CounterEntry.objects.count() == 1
    assert cash_in_till(counter.parlor) == 10000
    assert first.json()["cash"] == 10000
    assert ledger_audit().ok


def test_the_same_key_with_another_amount_is_refused(counter: Desk) -> None:
    client = token_client(counter.staff)
    post(client, ENTRIES, deposit(counter), key="deposit-1")
    again = post(client, ENTRIES, deposit(counter, 5000), key="deposit-1")

    assert again.status_code == 422
    assert CounterEntry.objects.count() == 1


def test_a_return_beyond_the_deposit_is_a_conflict(counter: Desk) -> None:
    client = token_client(counter.staff)
    post(client, ENTRIES, deposit(counter, 3000), key="in")
    body = {**deposit(counter, 3001), "kind": "deposit_returned"}
    response = post(client, ENTRIES, body, key="out")

    assert response.status_code == 409
    assert response.json()["error"]["code"] == "balance_exceeded"
    assert not IdempotencyRecord.objects.filter(key="out").exists()


def test_a_sale_without_a_category_names_the_field(counter: Desk) -> None:
    body = {"parlor": counter.parlor.pk, "kind": "sale", "amount": 500, "method": "card"}
    response = post(token_client(counter.staff), ENTRIES, body, key="sale")

    assert response.status_code == 400
    assert response.json()["error"]["field"] == "category"


def test_the_till_differences_cannot_be_posted_by_hand(counter: Desk) -> None:
    body = {"parlor": counter.parlor.pk, "kind": "till_over", "amount": 500, "method": "cash"}
    response = post(token_client(counter.manager), ENTRIES, body, key="over")

    assert response.status_code == 400
    assert "kind" in response.json()


def test_staff_may_not_reverse_a_manager_may_once(counter: Desk) -> None:
    created = post(token_client(counter.staff), ENTRIES, deposit(counter), key="d").json()
    path = f"{ENTRIES}{created['id']}/reverse/"

    refused = post(token_client(counter.staff), path, {"memo": "wrong player"}, key="r1")
    reversed_ = post(token_client(counter.manager), path, {"memo": "wrong player"}, key="r2")
    replayed = post(token_client(counter.manager), path, {"memo": "wrong player"}, key="r2")
    twice = post(token_client(counter.manager), path, {"memo": "again"}, key="r3")

    assert refused.status_code == 403
    assert reversed_.status_code == 201 and reversed_.json()["reverses"] == created["id"]
    assert replayed.status_code == 201 and replayed.json() == reversed_.json()
    assert twice.status_code == 409
    assert twice.json()["error"]["code"] == "entry_already_reversed"
    assert CounterEntry.objects.count() == 2
    assert cash_in_till(counter.parlor) == 0
    report = ledger_audit()
    assert report.ok, report.lines()
    assert report.answers == 2


def test_another_parlors_counter_does_not_exist(counter: Desk) -> None:
    other = desk()
    entry = post(token_client(other.staff), ENTRIES, deposit(other), key="theirs").json()
    client = token_client(counter.manager)

    assert client.get(f"{ENTRIES}{entry['id']}/").status_code == 404
    assert client.get(f"{ENTRIES}?parlor={other.parlor.pk}").json()["count"] == 0
    assert post(client, f"{ENTRIES}{entry['id']}/reverse/", {"memo": "x"}, "r").status_code == 404
    recorded = post(client, ENTRIES, deposit(other), key="into-theirs")
    assert recorded.status_code == 400 and "parlor" in recorded.json()
    mixed = post(client, ENTRIES, {**deposit(counter), "player": other.players[0].pk}, key="p")
    assert mixed.status_code == 400 and "player" in mixed.json()
    assert client.get(f"/api/counter/players/{other.players[0].pk}/money/").status_code == 404
    assert client.get(f"/api/counter/till/?parlor={other.parlor.pk}").status_code == 404


def test_a_players_three_kinds_of_money(counter: Desk) -> None:
    client = token_client(counter.staff)
    post(client, ENTRIES, deposit(counter, 8000), key="d")
    top_up = {**deposit(counter, 3000), "kind": "prepaid_topup", "method": "qr"}
    post(client, ENTRIES, top_up, key="t")

    money = client.get(f"/api/counter/players/{counter.players[0].pk}/money/").json()

    assert money == {
        "player": counter.players[0].pk,
        "deposit": 8000,
        "prepaid": 3000,
        "results": 0,
        "at_leave": 8000,
    }


def test_the_till_is_closed_by_denomination_and_the_difference_posted(counter: Desk) -> None:
    staff, manager = token_client(counter.staff), token_client(counter.manager)
    post(manager, ENTRIES, {"parlor": counter.parlor.pk, "kind": "float_in", "amount": 20000,
                            "method": "cash"}, key="float")  # fmt: skip
    post(staff, ENTRIES, deposit(counter, 10000), key="d")
    sale = {"parlor": counter.parlor.pk, "kind": "sale", "amount": 600, "method": "cash",
            "category": "drink"}  # fmt: skip
    post(staff, ENTRIES, sale, key="s")
    post(staff, ENTRIES, {**sale, "method": "card", "amount": 900}, key="s-card")

    period = manager.get(f"/api/counter/till/?parlor={counter.parlor.pk}").json()
    assert (period["opening_float"], period["cash_entries"], period["expected"]) == (
        0,
        30600,
        30600,
    )
    assert period["denominations"][:2] == [10000, 5000]
    assert staff.get(f"/api/counter/till/?parlor={counter.parlor.pk}").status_code == 403

    count = {"10000": 3, "500": 1}  # 30,500: short by 100
    body = {"parlor": counter.parlor.pk, "kind": "day", "denominations": count}
    assert post(staff, CLOSES, body, key="close").status_code == 403
    closed = post(manager, CLOSES, body, key="close")
    replay = post(manager, CLOSES, body, key="close")
    again = post(manager, CLOSES, body, key="close-again")

    assert closed.status_code == 201, closed.json()
    figures = closed.json()
    assert (figures["expected"], figures["counted"], figures["difference"]) == (30600, 30500, -100)
    assert figures["denominations"] == {"10000": 3, "500": 1}
    assert replay.json() == figures
    assert again.status_code == 409 and again.json()["error"]["code"] == "till_already_closed"
    assert TillClose.objects.count() == 1
    assert money_of(counter.parlor, AccountKind.OVER_SHORT) == -100
    assert cash_in_till(counter.parlor) == 30500
    after = manager.get(f"/api/counter/till/?parlor={counter.parlor.pk}").json()
    assert (after["opening_float"], after["cash_entries"]) == (30500, 0)
    assert ledger_audit().ok


def test_a_face_value_the_currency_lacks_is_refused(counter: Desk) -> None:
    body = {"parlor": counter.parlor.pk, "kind": "shift", "denominations": {"3000": 1}}
    response = post(token_client(counter.manager), CLOSES, body, key="close")

    assert response.status_code == 400
    assert response.json()["error"]["field"] == "denominations"


def test_the_schema_lists_the_counters_endpoints(counter: Desk) -> None:
    client = Client()
    client.force_login(counter.manager)
    schema = client.get("/api/schema/", {"format": "json"}).json()

    paths = schema["paths"]
    for path in [
        "/api/counter/entries/",
        "/api/counter/entries/{id}/reverse/",
        "/api/counter/till/",
        "/api/counter/till-closes/",
        "/api/counter/players/{player_pk}/money/",
    ]:
        assert path in paths
    key = [p for p in paths["/api/counter/entries/"]["post"]["parameters"] if p["in"] == "header"]
    assert key[0]["name"] == "Idempotency-Key" and key[0]["required"] is True
