"""Which settlements count: the one rule every list, export, statement and endpoint reads.

The standings rows (``Standing``, one per settlement row) follow the same rule.

A close writes one Settlement row per seat, linked to its settlement
posting. A correction that reopens the session reverses that posting: the
rows are then superseded, by the correction that made the reversal, and the
re-close writes new ones. Settlements are append-only (never updated), so
the mark is the reversal itself. Only rows not superseded are live: summing
live rows counts each game's money once. Nothing else in the code may
decide liveness: call these functions.
"""

from __future__ import annotations

from datetime import date, datetime

from django.db.models import Exists, F, OuterRef, QuerySet

from ledger.models import Posting, PostingKind, Session, Settlement, Standing
from ledger.settle.business_days import business_day_of
from parlor.models import Parlor, Player

# NOT EXISTS, not a LEFT JOIN ... IS NULL: PostgreSQL plans it as an anti-join with sound
# row estimates (the join form misled it into nested loops: benchmarks/standings.py). Only
# a correction posting reverses (a check constraint): naming the kind lets the anti-join
# read the few corrections (index posting_kind_created) instead of every posting.
LIVE = ~Exists(Posting.objects.filter(kind=PostingKind.CORRECTION, reverses=OuterRef("posting")))


def with_superseding_correction(rows: QuerySet[Settlement]) -> QuerySet[Settlement]:
    """``rows`` annotated ``superseded_by_id``: the correction that retired each, or None."""
    return rows.annotate(superseded_by_id=F("posting__reversed_by__correction_id"))


def only_live(rows: QuerySet[Settlement]) -> QuerySet[Settlement]:
    """``rows`` narrowed to the live ones (for querysets built elsewhere, e.g. the admin's)."""
    return rows.filter(LIVE)


def only_superseded(rows: QuerySet[Settlement]) -> QuerySet[Settlement]:
    """``rows`` narrowed to those a reopening correction retired."""
    return rows.exclude(LIVE)


def settlement_is_live(settlement: Settlement) -> bool:
    """The same rule for one row of ``with_superseding_correction`` (no query)."""
    return getattr(settlement, "superseded_by_id", None) is None


def live_settlements(
    *,
    parlor: Parlor | None = None,
    session: Session | None = None,
    player: Player | None = None,
) -> QuerySet[Settlement]:
    """Live settlement rows (player loaded), newest close first, then session and seat."""
    return _narrowed(only_live(Settlement.objects.all()), parlor, session, player)


def live_standings(*, parlor: Parlor) -> QuerySet[Standing]:
    """``parlor``'s live standings rows: a row lives and dies with its close's settlement."""
    return Standing.objects.filter(LIVE, parlor=parlor)


def superseded_settlements(
    *, parlor: Parlor | None = None, session: Session | None = None
) -> QuerySet[Settlement]:
    """Rows retired by a reopening correction (the audit trail), with ``superseded_by_id``."""
    rows = with_superseding_correction(only_superseded(Settlement.objects.all()))
    return _narrowed(rows, parlor, session, None)


def _narrowed(
    rows: QuerySet[Settlement],
    parlor: Parlor | None,
    session: Session | None,
    player: Player | None,
) -> QuerySet[Settlement]:
    if parlor is not None:
        rows = rows.filter(session__parlor=parlor)
    if session is not None:
        rows = rows.filter(session=session)
    if player is not None:
        rows = rows.filter(player=player)
    return rows.select_related("player", "posting").order_by(
        "-posting__created_at", "session_id", "seat"
    )


def business_days_with_games(
    *,
    parlor: Parlor,
    player: Player | None = None,
    before: datetime | None = None,
    after: datetime | None = None,
    limit: int = 5,
) -> list[date]:
    """Up to ``limit`` business days nearest a window that hold live games, in date order.

    ``before``/``after``: the window's start and end (None: open on that
    side); the days are the latest ones before it and the earliest after it.
    A bounded read: at most a few closes on each side are looked at.
    """
    closes = live_settlements(parlor=parlor, player=player).values_list(
        "posting__created_at", flat=True
    )
    moments: list[datetime] = []
    sides = (
        (before, "posting__created_at__lt", "-posting__created_at"),
        (after, "posting__created_at__gte", "posting__created_at"),
    )
    for edge, lookup, order in sides:
        if edge is not None:
            # Four seats a game: enough rows for ``limit`` distinct days in the usual case.
            nearest = closes.filter(**{lookup: edge}).order_by(order)[: limit * 16]
            moments += list(nearest)
    if before is None and after is None:
        moments = list(closes.order_by("-posting__created_at")[: limit * 16])
    days = {business_day_of(parlor=parlor, moment=moment) for moment in moments}
    anchor = before or after
    if anchor is None:
        return sorted(days)[-limit:]
    centre = business_day_of(parlor=parlor, moment=anchor)
    return sorted(sorted(days, key=lambda day: (abs((day - centre).days), day))[:limit])
