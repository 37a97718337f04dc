"""Table time: how long each table was occupied, from its sessions (start to close).

A session counts in the business day it opened in (``ledger.settle.business_days``), for
its whole length: from ``opened_at`` to ``closed_at``, or to now while it is open.
Games are the sessions closed (or settled); fees the game fees of their live
settlements. The parlor records no pauses today, so none are taken off.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django.db.models import Sum
from django.utils import timezone

from ledger.models import Session, SessionPause, SessionState, Settlement
from ledger.settle.business_days import business_day_bounds, business_day_of
from ledger.settle.settlement_selectors import only_live
from parlor.models import Parlor, Table


@dataclass
class TableTime:
    table: Table
    occupied: timedelta
    sessions: int
    games: int
    fees: int
    # Taken off ``occupied`` already: the sessions' pauses.
    paused: timedelta = timedelta(0)

    @property
    def hours(self) -> float:
        return self.occupied.total_seconds() / 3600


@dataclass
class DayTableTime:
    day: date
    rows: list[TableTime]


def table_time(
    *, parlor: Parlor, first: date, last: date, now: datetime | None = None
) -> list[DayTableTime]:
    """Each business day from ``first`` to ``last``: every active table's time, games, fees.

    Four queries whatever the number of days and tables.
    """
    moment = now or timezone.now()
    start, end = business_day_bounds(parlor=parlor, first=first, last=last)
    tables = list(Table.objects.filter(parlor=parlor).order_by("name", "pk"))
    sessions = list(
        Session.objects.filter(parlor=parlor, opened_at__gte=start, opened_at__lt=end)
        .order_by()
        .values("pk", "table_id", "opened_at", "closed_at", "state")
    )
    fees = dict(
        only_live(Settlement.objects.filter(session_id__in=[s["pk"] for s in sessions]))
        .values("session_id")
        .annotate(total=Sum("fee"))
        .order_by()
        .values_list("session_id", "total")
    )
    pauses: dict[int, list[tuple[datetime, datetime | None]]] = {}
    rows = SessionPause.objects.filter(session_id__in=[s["pk"] for s in sessions]).order_by()
    for session_id, started, ended in rows.values_list("session_id", "started_at", "ended_at"):
        pauses.setdefault(session_id, []).append((started, ended))
    days: dict[date, dict[int, TableTime]] = {}
    day = first
    while day <= last:
        days[day] = {t.pk: TableTime(t, timedelta(0), 0, 0, 0) for t in tables if t.is_active}
        day += timedelta(days=1)
    for row in sessions:
        day = business_day_of(parlor=parlor, moment=row["opened_at"])
        cell = days.get(day, {}).get(row["table_id"])
        if cell is None:  # a table no longer active: shown while it has sessions
            table = next(t for t in tables if t.pk == row["table_id"])
            cell = days.setdefault(day, {})[table.pk] = TableTime(table, timedelta(0), 0, 0, 0)
        closed = row["closed_at"] or moment
        span = max(timedelta(0), closed - row["opened_at"])
        paused = _paused(pauses.get(row["pk"], []), row["opened_at"], closed, moment)
        cell.occupied += span - paused
        cell.paused += paused
        cell.sessions += 1
        if row["state"] != SessionState.OPEN:
            cell.games += 1
        cell.fees += int(fees.get(row["pk"]) or 0)
    return [
        DayTableTime(day, sorted(cells.values(), key=lambda c: (c.table.name, c.table.pk)))
        for day, cells in sorted(days.items())
    ]


def _paused(
    pauses: list[tuple[datetime, datetime | None]],
    opened: datetime,
    closed: datetime,
    now: datetime,
) -> timedelta:
    """How much of [opened, closed) the pauses cover (an open pause runs to now)."""
    total = timedelta(0)
    for started, ended in pauses:
        start, end = max(started, opened), min(ended or now, closed)
        total += max(timedelta(0), end - start)
    return total


def month_total(days: list[DayTableTime]) -> list[TableTime]:
    """The days' rows added up per table (the month's utilisation)."""
    totals: dict[int, TableTime] = {}
    for day in days:
        for row in day.rows:
            total = totals.setdefault(row.table.pk, TableTime(row.table, timedelta(0), 0, 0, 0))
            total.occupied += row.occupied
            total.sessions += row.sessions
            total.games += row.games
            total.fees += row.fees
            total.paused += row.paused
    return sorted(totals.values(), key=lambda c: (c.table.name, c.table.pk))
