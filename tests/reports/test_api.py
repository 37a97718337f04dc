"""Exports through the API: request (202), poll, download; a player only their statement."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from reports.models import ExportJob, ExportState
from tests.api.support import RoleClients, post
from tests.reports.support import closed_session, require_pdf, today

pytestmark = pytest.mark.django_db
Capture = Any


def test_staff_request_an_export_poll_it_and_download_it(
    api_as: RoleClients, staff: User, django_capture_on_commit_callbacks: Capture
) -> None:
    session = closed_session(by=staff)
    client = api_as("staff")
    body = {
        "kind": "settlements",
        "scope": "day",
        "format": "csv",
        "parlor": session.parlor_id,
        "date_from": today(session).isoformat(),
    }

    with django_capture_on_commit_callbacks(execute=True):
        response = post(client, "/api/exports/", body)

    assert response.status_code == 202, response.content
    assert response.json()["state"] == "queued"
    job = client.get(f"/api/exports/{response.json()['id']}/").json()
    assert job["state"] == "done" and job["progress"]["percent"] == 100
    assert job["download"].endswith(f"/api/exports/{job['id']}/download/")
    file = client.get(job["download"])
    assert file.status_code == 200
    text = b"".join(file.streaming_content).decode()
    assert text.splitlines()[0].startswith("business_day,closed_at,session")
    assert len(text.splitlines()) == 5


def test_a_bad_request_names_the_field(api_as: RoleClients, staff: User) -> None:
    session = closed_session(by=staff)
    body = {
        "kind": "settlements",
        "scope": "period",
        "format": "csv",
        "parlor": session.parlor_id,
        "date_from": "2026-01-02",
        "date_to": "2026-01-01",
    }

    response = post(api_as("manager"), "/api/exports/", body)

    assert response.status_code == 400
    assert response.json()["error"]["field"] == "date_to"
    assert not ExportJob.objects.exists()


def test_downloading_before_the_job_is_done_is_a_conflict(api_as: RoleClients, staff: User) -> None:
    session = closed_session(by=staff)
    job = ExportJob.objects.create(
        kind="settlements",
        scope="day",
        format="csv",
        parlor=session.parlor,
        date_from=today(session),
        date_to=today(session),
        requested_by=staff,
    )

    response = api_as("staff").get(f"/api/exports/{job.pk}/download/")

    assert response.status_code == 409 and response.json()["error"]["code"] == "export_not_ready"


def test_a_player_exports_their_own_statement_and_nobody_elses(
    api_as: RoleClients, staff: User, django_capture_on_commit_callbacks: Capture
) -> None:
    require_pdf()
    session = closed_session(by=staff)
    me, other = session.seats.get(seat=1).player, session.seats.get(seat=2).player
    client = api_as("player", player=me)
    mine = {"kind": "statements", "scope": "player", "format": "pdf", "player": me.pk}

    with django_capture_on_commit_callbacks(execute=True):
        response = post(client, "/api/exports/", mine)
    refused = post(client, "/api/exports/", {**mine, "player": other.pk})
    day = post(
        client,
        "/api/exports/",
        {
            "kind": "settlements",
            "scope": "day",
            "format": "csv",
            "parlor": session.parlor_id,
            "date_from": today(session).isoformat(),
        },
    )

    assert response.status_code == 202, response.content
    assert (refused.status_code, day.status_code) == (403, 403)
    job = ExportJob.objects.get(pk=response.json()["id"])
    assert job.state == ExportState.DONE, job.error
    pdf = client.get(f"/api/exports/{job.pk}/download/")
    assert pdf["Content-Type"] == "application/pdf"
    assert b"".join(pdf.streaming_content).startswith(b"%PDF")


def test_a_player_sees_only_the_jobs_they_asked_for(
    api_as: RoleClients, staff: User, django_capture_on_commit_callbacks: Capture
) -> None:
    session = closed_session(by=staff)
    ExportJob.objects.create(
        kind="settlements",
        scope="day",
        format="csv",
        parlor=session.parlor,
        date_from=today(session),
        date_to=today(session),
        requested_by=staff,
    )
    player = session.seats.get(seat=0).player

    listing = api_as("player", player=player).get("/api/exports/").json()
    others = api_as("staff").get("/api/exports/").json()

    assert listing["count"] == 0 and others["count"] == 1
