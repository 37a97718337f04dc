"""Pauses in table time: the desk pauses a playing table and resumes it; table time leaves the
pauses out (an open one to now, never beyond its session). The API's: tests/api/floor."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from ledger.errors import LedgerError, LedgerErrorCode
from ledger.floor.pauses import pause_end, pause_start
from ledger.floor.table_time import month_total, table_time
from ledger.models import Session, SessionPause
from ledger.play.hands import hand_record
from ledger.settle.settlements import session_close
from parlor.policy import PolicyRefusal
from tests.ledger.factories import SessionFactory, ron
from tests.ledger.floor.conftest import FloorWorld
from tests.parlor.factories import ParlorFactory, member_of

DAISANGEN = {
    "hand": "777z234m55p",
    "win_tile": "7z",
    "melds": [{"kind": "pon", "tiles": "555z"}, {"kind": "pon", "tiles": "666z"}],
}
# Tokyo is UTC+9; the business day turns at 06:00 local: 01:00 UTC is 10:00 on the 1st.
OPENED = datetime(2026, 11, 1, 1, 0, tzinfo=UTC)


def _session(floor: FloorWorld) -> Session:
    return SessionFactory(
        parlor=floor.parlor, table=floor.tables[0], ruleset_config=floor.rules, rate=floor.rate
    )


def test_a_playing_table_pauses_once_at_a_time_and_resumes(floor: FloorWorld) -> None:
    session = _session(floor)
    pause = pause_start(session=session, by=floor.staff)
    with pytest.raises(LedgerError) as twice:
        pause_start(session=session, by=floor.staff)
    assert twice.value.code is LedgerErrorCode.ALREADY_PAUSED
    ended = pause_end(session=session, by=floor.staff)
    assert ended.pk == pause.pk and ended.ended_at is not None and ended.ended_by == floor.staff
    with pytest.raises(LedgerError) as not_paused:
        pause_end(session=session, by=floor.staff)
    assert not_paused.value.code is LedgerErrorCode.NOT_PAUSED
    hand_record(session=session, hand=ron(3, 0, DAISANGEN), entered_by=floor.staff)
    session_close(session=session, by=floor.manager)
    with pytest.raises(LedgerError) as closed:
        pause_start(session=session, by=floor.staff)
    assert closed.value.code is LedgerErrorCode.SESSION_NOT_OPEN


def test_someone_of_another_parlor_may_not_pause(floor: FloorWorld) -> None:
    stranger = member_of(ParlorFactory(), "staff", username="elsewhere")
    with pytest.raises(PolicyRefusal):
        pause_start(session=_session(floor), by=stranger)


def test_table_time_leaves_the_pauses_out(floor: FloorWorld) -> None:
    session = _session(floor)
    hand_record(session=session, hand=ron(3, 0, DAISANGEN), entered_by=floor.staff)
    session_close(session=session, by=floor.manager)
    Session.objects.filter(pk=session.pk).update(
        opened_at=OPENED, closed_at=OPENED + timedelta(minutes=90)
    )
    minute = timedelta(minutes=1)
    for start, end in ((10, 25), (80, 200), (-30, 5)):  # the last two reach past the session
        SessionPause.objects.create(
            session=session, started_by=floor.staff,
            started_at=OPENED + start * minute, ended_at=OPENED + end * minute,
        )  # fmt: skip
    days = table_time(parlor=floor.parlor, first=date(2026, 11, 1), last=date(2026, 11, 30))
    row = next(r for r in days[0].rows if r.table == floor.tables[0])
    # 90 minutes less 15, less the 10 inside the session, less the 5 after it opened.
    assert row.paused == 30 * minute and row.occupied == 60 * minute
    (total, _other) = month_total(days)
    assert total.occupied == 60 * minute and total.paused == 30 * minute


def test_an_open_pause_counts_to_now(floor: FloorWorld) -> None:
    session = _session(floor)
    Session.objects.filter(pk=session.pk).update(opened_at=OPENED)
    SessionPause.objects.create(
        session=session, started_by=floor.staff, started_at=OPENED + timedelta(minutes=20)
    )
    now = OPENED + timedelta(minutes=50)
    days = table_time(parlor=floor.parlor, first=date(2026, 11, 1), last=date(2026, 11, 1), now=now)
    row = next(r for r in days[0].rows if r.table == floor.tables[0])
    assert (row.occupied, row.paused) == (timedelta(minutes=20), timedelta(minutes=30))
