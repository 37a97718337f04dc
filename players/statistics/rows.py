"""The statistics' own reads of their rows: which count (live), and the pool's lock.

A ``SeatGame`` row counts while its close's settlement posting is
live, by the ledger's one rule (``ledger.settle.settlement_selectors.LIVE``). Ratings of a
parlor are written under one lock (``statistics_lock``), so that two closes or a close
and a correction rate its pools one after the other.
"""

from __future__ import annotations

from datetime import datetime

from django.db.models import Q, QuerySet

from ledger.settle.settlement_selectors import LIVE
from parlor.models import Parlor
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


def statistics_lock(*, parlor_id: int) -> StatisticsOptions:
    """Lock the parlor's ratings until the transaction ends and read its options (one query).

    The lock is the parlor's row, ``FOR NO KEY UPDATE``: rows that refer to the parlor
    (sessions, hands) are still written meanwhile; only another writer of its ratings
    waits. The options are the defaults (unsaved) when the parlor has chosen none.
    """
    parlor = (
        Parlor.objects.select_for_update(no_key=True, of=("self",))
        .select_related("statistics_options")
        .get(pk=parlor_id)
    )
    try:
        return parlor.statistics_options
    except StatisticsOptions.DoesNotExist:
        return StatisticsOptions(parlor_id=parlor_id)
