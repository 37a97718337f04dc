"""Pauses over the API: the desk pauses a playing table and resumes it, with its refusals."""

from __future__ import annotations

from django.contrib.auth.models import User

from tests.api.support import RoleClients, post
from tests.ledger.factories import SessionFactory


def test_the_desk_pauses_and_resumes_over_the_api(
    api_as: RoleClients, staff: User, role_groups: None
) -> None:
    desk = api_as("staff")
    session = SessionFactory()
    body = {"session": session.pk}
    paused = post(desk, "/api/floor/pauses/", body, **{"Idempotency-Key": "pause"})
    assert paused.status_code == 201 and paused.json()["ended_at"] is None, paused.json()
    again = post(desk, "/api/floor/pauses/", body, **{"Idempotency-Key": "pause-2"})
    assert again.status_code == 409 and again.json()["error"]["code"] == "already_paused"
    resumed = post(desk, "/api/floor/pauses/resume/", body, **{"Idempotency-Key": "resume"})
    assert resumed.status_code == 200 and resumed.json()["id"] == paused.json()["id"]
    assert resumed.json()["ended_by"] == "api-staff"
    listed = desk.get("/api/floor/pauses/").json()["results"]
    assert [row["id"] for row in listed] == [paused.json()["id"]]
