"""Penalties for the audit: who, which hand, recorded by whom; each seat's count in a game."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db.models import BigIntegerField, Count, Q, QuerySet

from ledger.models import HandResult, Penalty, PenaltyKind, live_hand_q
from orm_bypass.prepared import PreparedQuery
from parlor.models import Parlor, Player


def penalties_for(
    *,
    parlor: Parlor | None = None,
    player: Player | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
    kind: PenaltyKind | None = None,
    include_corrected: bool = False,
) -> QuerySet[Penalty]:
    """Penalties of live hands (newest first), filtered; ``since`` inclusive, ``until`` exclusive.

    With ``include_corrected`` the penalties of voided and superseded hand
    versions are listed too (the audit trail of what was once entered).
    """
    penalties = Penalty.objects.select_related(
        "player", "hand", "session__table", "recorded_by"
    ).order_by("-recorded_at", "-pk")
    if not include_corrected:
        penalties = penalties.filter(live_hand_q("hand__"))
    if parlor is not None:
        penalties = penalties.filter(session__parlor=parlor)
    if player is not None:
        penalties = penalties.filter(player=player)
    if since is not None:
        penalties = penalties.filter(recorded_at__gte=since)
    if until is not None:
        penalties = penalties.filter(recorded_at__lt=until)
    if kind is not None:
        penalties = penalties.filter(kind=kind)
    return penalties


def _per_seat(penalties: QuerySet[Penalty]) -> QuerySet[Any, Any]:
    return (
        penalties.order_by()
        .values("seat")
        .annotate(
            chonbo=Count("pk", filter=Q(kind=PenaltyKind.CHONBO)),
            dead_hands=Count("pk", filter=Q(kind=PenaltyKind.DEAD_HAND)),
        )
    )


def seat_faults(*, hand_ids: Iterable[int]) -> dict[int, tuple[int, int]]:
    """Each seat's chonbo and dead hands in the hands ``hand_ids`` (a game's live hands):
    ``{seat: (chonbo, dead_hands)}``, seats without penalties left out; one query."""
    return _by_seat(_per_seat(Penalty.objects.filter(hand_id__in=list(hand_ids))))


# The close's count: compiled once per process, the live hands read by the database.
_LIVE_FAULTS = PreparedQuery(
    lambda session: _per_seat(
        Penalty.objects.filter(
            hand__in=HandResult.objects.live().filter(session_id=session).values("pk")
        )
    ),
    name="live faults",
    session=BigIntegerField(),
)


def session_seat_faults(*, session_id: int) -> dict[int, tuple[int, int]]:
    """``seat_faults`` of the session's live hands now (the close's, its session locked)."""
    return _by_seat(_LIVE_FAULTS.dicts(session=session_id))


def _by_seat(counts: Iterable[dict[str, Any]]) -> dict[int, tuple[int, int]]:
    return {row["seat"]: (row["chonbo"], row["dead_hands"]) for row in counts}
