"""A parlor's business day: from the closing hour, local time, to the same hour the next day.

A parlor that plays past midnight counts a game closed at 02:00 in the day
that began the evening before. The hour is ``settings.LEDGER_CLOSING_HOUR``
(default 6), in each parlor's own time zone; the same boundary decides which
sessions the periodic close sweeps up, which day a day report covers, and
what an export "by day" holds (docs/jobs.md).
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings

from parlor.models import Parlor


def _zone(parlor: Parlor) -> ZoneInfo:
    return ZoneInfo(parlor.time_zone)


def _start_of(day: date, zone: ZoneInfo) -> datetime:
    return datetime.combine(day, time(hour=settings.LEDGER_CLOSING_HOUR), tzinfo=zone)


def business_day_bounds(*, parlor: Parlor, first: date, last: date) -> tuple[datetime, datetime]:
    """[start, end) of the business days ``first`` to ``last`` (both included), aware."""
    zone = _zone(parlor)
    return _start_of(first, zone), _start_of(last + timedelta(days=1), zone)


def business_day_of(*, parlor: Parlor, moment: datetime) -> date:
    """The business day ``moment`` belongs to."""
    local = moment.astimezone(_zone(parlor))
    day = local.date()
    return day - timedelta(days=1) if local.hour < settings.LEDGER_CLOSING_HOUR else day


def last_closed_business_day(*, parlor: Parlor, now: datetime) -> tuple[date, datetime]:
    """The latest business day that has ended by ``now``, and the moment it ended."""
    day = business_day_of(parlor=parlor, moment=now) - timedelta(days=1)
    return day, business_day_bounds(parlor=parlor, first=day, last=day)[1]
