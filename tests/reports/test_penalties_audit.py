"""The penalties audit: every chonbo and dead hand in a period, by player, with who recorded
it and any correction."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.contrib.auth.models import User

from ledger.models import Session
from ledger.play.corrections import hand_void
from ledger.settle.business_days import business_day_of
from reports.models import ExportState
from reports.services import export_request, export_run
from tests.fixtures.sessions import Record
from tests.ledger.factories import SessionFactory, chonbo, draw

pytestmark = pytest.mark.django_db


def audit(session: Session, by: User, **asked: Any) -> list[dict[str, str]]:
    day = business_day_of(parlor=session.parlor, moment=session.opened_at)
    job = export_request(
        kind="penalties",
        format="csv",
        parlor=session.parlor,
        by=by,
        scope=asked.pop("scope", "period"),
        date_from=day,
        date_to=day,
        **asked,
    )
    assert export_run(job_id=job.pk)["state"] == ExportState.DONE
    job.refresh_from_db()
    with job.file.open("rb") as file:
        return list(csv.DictReader(io.StringIO(file.read().decode())))


def test_every_penalty_with_its_recorder_and_correction_by_player(
    session: Session, staff: User, manager: User, record: Record
) -> None:
    _, voided, _ = record(
        session, chonbo(1, cause="false_ron"), chonbo(2), draw(0, dead=[{"seat": 1}])
    )
    hand_void(hand=voided, reason="entered twice", by=manager)
    record(SessionFactory(), chonbo(1))  # another parlor's: not in this audit

    rows = audit(session, staff)

    seat1 = session.seats.get(seat=1).player
    seat2 = session.seats.get(seat=2).player
    summary = [
        (r["member_number"], r["hand"], r["hand_version"], r["kind"], r["status"]) for r in rows
    ]
    assert summary == sorted(summary, key=lambda row: row[0]) and len(rows) == 4
    assert set(summary) == {
        (seat1.member_number, "1", "1", "chonbo", "live"),
        # Voiding hand 2 moved hand 3 up one place: its first version was re-settled ...
        (seat1.member_number, "3", "1", "dead_hand", "re-settled"),
        # ... and the new version records the dead hand again, made by the correction.
        (seat1.member_number, "3", "2", "dead_hand", "live"),
        (seat2.member_number, "2", "1", "chonbo", "voided"),
    }
    voided_row = next(r for r in rows if r["status"] == "voided")
    assert voided_row["correction_kind"] == "void"
    assert voided_row["correction_reason"] == "entered twice"
    assert voided_row["corrected_by"] == manager.username
    assert voided_row["recorded_by"] == staff.username
    assert next(r for r in rows if r["hand"] == "1")["cause"] == "false_ron"
    resettled = next(r for r in rows if r["status"] == "re-settled")
    live_again = next(r for r in rows if r["hand"] == "3" and r["status"] == "live")
    assert resettled["correction"] == voided_row["correction"] == live_again["made_by_correction"]


def test_a_players_audit_lists_only_their_penalties(
    session: Session, staff: User, record: Record
) -> None:
    record(session, chonbo(1), chonbo(2))
    offender = session.seats.get(seat=2).player

    rows = audit(session, staff, scope="player", player=offender)

    assert [(r["member_number"], r["seat"]) for r in rows] == [(offender.member_number, "2")]
