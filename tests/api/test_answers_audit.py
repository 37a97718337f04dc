"""The audit checks every stored idempotency answer against the rows it names (issue 30).

A retry replays the stored answer: one changed behind the service's back (on
PostgreSQL only the owner, with the table's triggers off, can) would tell a
client what the service never said. Each endpoint that stores answers is
driven through the API, then its answers are tampered with and audited.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import URLPattern, URLResolver, get_resolver

from api.answers import readings
from api.models import IdempotencyRecord
from ledger.books.audit import IDEMPOTENCY_ANSWER_DIFFERS, AuditReport, ledger_audit
from ledger.models import HandResult
from parlor.models import Player
from tests.api.support import RoleClients, post
from tests.api.world import World, dealer_busts_seat_1
from tests.database import tampering, tampers
from tests.ledger.factories import draw

pytestmark = tampers


def keyed(client: Any, path: str, body: Any = None) -> dict[str, Any]:
    response = post(client, path, body, **{"Idempotency-Key": str(uuid.uuid4())})
    assert response.status_code in (200, 201), response.json()
    answer: dict[str, Any] = response.json()
    return answer


def every_endpoint(world: World, api_as: RoleClients) -> None:
    """One stored answer of each endpoint that stores answers."""
    manager, staff = api_as("manager"), api_as("staff")
    opened = keyed(
        manager,
        "/api/sessions/",
        {
            "table": world.spare_table.pk,
            "players": [p.pk for p in world.free_players],
            "ruleset_config": world.config.pk,
            "rate": world.rate.pk,
        },
    )
    session = opened["id"]
    keyed(staff, f"/api/sessions/{session}/hands/", draw(0))
    keyed(staff, "/api/penalties/", {"session": session, "offender": 2})
    first = HandResult.objects.get(session_id=session, ordinal=1)
    keyed(manager, "/api/corrections/", {"hand": first.pk, "kind": "void", "reason": "twice"})
    keyed(staff, f"/api/sessions/{session}/hands/", dealer_busts_seat_1())
    keyed(manager, f"/api/sessions/{session}/close/")
    keyed(manager, f"/api/sessions/{session}/mark-settled/")


def answer_of(path_end: str) -> IdempotencyRecord:
    return IdempotencyRecord.objects.filter(path__endswith=path_end).order_by("pk").first()  # type: ignore[return-value]


def findings(report: AuditReport) -> list[str]:
    return [f"{f.subject}: {f.message}" for f in report.findings]


def edit(record: IdempotencyRecord, change: Callable[[Any], Any], **columns: Any) -> None:
    """Change a stored answer as only the owner can (tests/database.py)."""
    body = change(record.response_body)
    with tampering(IdempotencyRecord):
        IdempotencyRecord.objects.filter(pk=record.pk).update(response_body=body, **columns)


def test_every_answer_of_every_endpoint_agrees_with_its_rows(
    world: World, api_as: RoleClients
) -> None:
    every_endpoint(world, api_as)

    report = ledger_audit()

    assert report.ok, report.lines()
    assert report.answers == IdempotencyRecord.objects.count() == 7
    assert report.to_dict()["checked"]["idempotency_answers"] == 7


def test_what_the_service_changes_later_is_no_finding(world: World, api_as: RoleClients) -> None:
    every_endpoint(world, api_as)  # the first hand was voided, the session closed and settled
    Player.objects.filter(pk=world.free_players[0].pk).update(name="Renamed")
    User.objects.filter(username="api-staff").update(username="api-staff-renamed")

    assert ledger_audit().ok


def _points(body: Any) -> Any:
    body["postings"][0]["entries"][0]["points"] += 1000
    return body


@pytest.mark.parametrize(
    ("path_end", "change", "said"),
    [
        ("/hands/", _points, "differs from hand .* in: postings\\[0\\]\\.entries\\[0\\]\\.points"),
        ("/hands/", lambda b: {**b, "result": {"scores": [99, 0, 0, 0]}}, "in: result"),
        ("/hands/", lambda b: {**b, "id": 10**9}, "names rows that do not exist"),
        ("/hands/", lambda b: {**b, "refund": 5000}, "in: refund"),
        ("/hands/", lambda b: [], "is not what the endpoint answers"),
        ("/penalties/", lambda b: {**b, "penalties": []}, "in: penalties"),
        ("/corrections/", lambda b: {**b, "kind": "amend"}, "differs from correction .* in: kind"),
        ("/close/", lambda b: [{**b[0], "money": b[0]["money"] + 1}, *b[1:]], "in: \\[0\\].money"),
        ("/api/sessions/", lambda b: {**b, "money_per_unit": 1}, "in: money_per_unit"),
        ("/mark-settled/", lambda b: {**b, "game_fee": 0}, "in: game_fee"),
    ],
)
def test_a_changed_answer_is_a_finding_naming_the_field(
    world: World, api_as: RoleClients, path_end: str, change: Callable[[Any], Any], said: str
) -> None:
    every_endpoint(world, api_as)
    record = answer_of(path_end)

    edit(record, change)
    report = ledger_audit()

    [finding] = report.findings
    assert finding.check == IDEMPOTENCY_ANSWER_DIFFERS
    assert finding.subject == f"idempotency record {record.pk} (POST {record.path})"
    assert finding.details["record"] == record.pk
    assert re.search(said, finding.message), finding.message


def test_an_answer_stored_for_another_user_is_a_finding(world: World, api_as: RoleClients) -> None:
    every_endpoint(world, api_as)
    record = answer_of("/hands/")
    other = User.objects.get(username="api-manager")

    edit(record, lambda body: body, user_id=other.pk)

    assert findings(ledger_audit()) == [
        f"idempotency record {record.pk} (POST {record.path}): the answer was stored for user"
        f" {other.pk} but hand {record.response_body['id']} names user"
        f" {User.objects.get(username='api-staff').pk} as acting"
    ]


def _named(patterns: list[Any], found: set[str]) -> set[str]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            _named(pattern.url_patterns, found)
        elif isinstance(pattern, URLPattern):
            view = getattr(pattern.callback, "cls", None)
            actions = getattr(pattern.callback, "actions", None) or {"post": "post"}
            handler = getattr(view, actions.get("post", ""), None)
            if getattr(handler, "stores_answers", False):
                found.add(str(pattern.name))
    return found


@pytest.mark.django_db
def test_every_endpoint_that_stores_answers_has_a_reading() -> None:
    assert _named(get_resolver().url_patterns, set()) == set(readings())
