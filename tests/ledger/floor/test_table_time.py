"""Table time: each table's occupied hours, games and fees per business day and month."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from django.contrib.auth.models import User
from django.test import Client

from ledger.floor.table_time import month_total, table_time
from ledger.models import Session
from ledger.play.hands import hand_record
from ledger.settle.settlements import session_close
from tests.ledger.factories import SessionFactory, ron
from tests.ledger.floor.conftest import FloorWorld

DAISANGEN = {
    "hand": "777z234m55p",
    "win_tile": "7z",
    "melds": [{"kind": "pon", "tiles": "555z"}, {"kind": "pon", "tiles": "666z"}],
}


def _game(floor: FloorWorld, table_index: int, opened: datetime, minutes: int) -> Session:
    """A game at the table, opened and closed at the given times (the fee: 4 x 500)."""
    session = SessionFactory(
        parlor=floor.parlor, table=floor.tables[table_index], ruleset_config=floor.rules,
        rate=floor.rate,
    )  # fmt: skip
    hand_record(session=session, hand=ron(3, 0, DAISANGEN), entered_by=floor.staff)
    session_close(session=session, by=floor.manager)
    # As if it had been played then (the times are not guarded; the books are untouched).
    Session.objects.filter(pk=session.pk).update(
        opened_at=opened, closed_at=opened + timedelta(minutes=minutes)
    )
    return session


def test_hours_games_and_fees_per_table_per_day_and_month(floor: FloorWorld) -> None:
    # Tokyo is UTC+9 and the day turns at 06:00: 01:00 UTC is 10:00 on the same day,
    # 18:00 UTC on the 1st is 03:00 on the 2nd, still the business day of the 1st.
    _game(floor, 0, datetime(2026, 11, 1, 1, 0, tzinfo=UTC), 50)
    _game(floor, 0, datetime(2026, 11, 1, 18, 0, tzinfo=UTC), 40)
    _game(floor, 1, datetime(2026, 11, 2, 2, 0, tzinfo=UTC), 65)
    days = table_time(parlor=floor.parlor, first=date(2026, 11, 1), last=date(2026, 11, 30))
    first = {row.table.name: row for row in days[0].rows}
    assert first["T1"].occupied == timedelta(minutes=90)
    assert (first["T1"].games, first["T1"].fees) == (2, 4_000)
    assert first["T2"].occupied == timedelta(0)
    second = {row.table.name: row for row in days[1].rows}
    assert (second["T2"].occupied, second["T2"].games) == (timedelta(minutes=65), 1)
    month = {row.table.name: row for row in month_total(days)}
    assert month["T1"].hours == 1.5 and month["T2"].fees == 2_000
    assert len(days) == 30


def test_the_table_time_page(floor: FloorWorld, client: Client, staff: User) -> None:
    _game(floor, 0, datetime(2026, 11, 1, 1, 0, tzinfo=UTC), 50)
    client.force_login(staff)
    page = client.get("/desk/table-time/", {"parlor": floor.parlor.pk, "day": "2026-11-01"})
    assert page.status_code == 200
    text = page.content.decode()
    assert "0:50" in text and "2,000" in text
