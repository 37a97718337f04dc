"""Penalties for the audit: who, which hand, recorded by whom."""

from __future__ import annotations

from datetime import datetime

from django.db.models import QuerySet

from ledger.models import Penalty, PenaltyKind, live_hand_q
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
