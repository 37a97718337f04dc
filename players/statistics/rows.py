"""The statistics' own reads of their rows: which count (live), and the pool's lock.

A ``SeatGame`` or ``RatingEntry`` row counts while its close's settlement posting is
live, by the ledger's one rule (``ledger.selectors.settlements.LIVE``). Ratings of a
parlor are written under one lock, its ``StatisticsOptions`` row, so that two closes
or a close and a correction replay its pools one after the other.
"""

from __future__ import annotations

from datetime import datetime

from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet

from ledger.selectors.settlements import LIVE
from players.statistics.models import SeatGame, StatisticsOptions

# A game's place in the total order of its pool: its close's time, then its session.
OrderKey = tuple[datetime, int]


def live_seat_games() -> QuerySet[SeatGame]:
    """The rows of live closes."""
    return SeatGame.objects.filter(LIVE)


def from_key(key: OrderKey | None) -> Q:
    """Rows at or after ``key`` in the total order (every row for None)."""
    if key is None:
        return Q()
    closed_at, session_id = key
    return Q(closed_at__gt=closed_at) | Q(closed_at=closed_at, session_id__gte=session_id)


def statistics_options(*, parlor_id: int) -> StatisticsOptions:
    """The parlor's options, the defaults when it has chosen none (not saved)."""
    options = StatisticsOptions.objects.filter(parlor_id=parlor_id).first()
    return options or StatisticsOptions(parlor_id=parlor_id)


def statistics_options_lock(*, parlor_id: int) -> StatisticsOptions:
    """The parlor's options row, made if missing, locked until the transaction ends."""
    rows = StatisticsOptions.objects.filter(parlor_id=parlor_id).select_for_update()
    options = rows.first()
    if options is None:
        try:
            with transaction.atomic():
                StatisticsOptions.objects.create(parlor_id=parlor_id)
        except IntegrityError:
            pass  # made by a concurrent writer: lock theirs
        options = rows.get()
    return options
