"""Penalty rows for a hand version: chonbo (a hand kind) and dead hands (a hand's ``dead`` list).

What a penalty pays is the engine's (a chonbo hand's transfers); here the
ledger only records who was penalised, in which hand, and who recorded it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.contrib.auth.models import User

from ledger.models import HandKind, HandResult, Penalty, PenaltyKind
from parlor.models import Player

DEFAULT_CAUSE = "other"


def penalties_record(
    *,
    hand: HandResult,
    players: Sequence[Player],
    recorded_by: User,
    recorded_at: datetime,
) -> list[Penalty]:
    """Write the penalties ``hand``'s payload names (the engine has accepted the payload)."""
    payload = hand.payload
    found: list[tuple[int, PenaltyKind, str]] = []
    if hand.kind == HandKind.CHONBO:
        found.append((payload["offender"], PenaltyKind.CHONBO, payload.get("cause", DEFAULT_CAUSE)))
    for fault in payload.get("dead", []):
        found.append((fault["seat"], PenaltyKind.DEAD_HAND, fault.get("cause", DEFAULT_CAUSE)))
    return Penalty.objects.bulk_create(
        Penalty(
            session_id=hand.session_id,
            hand=hand,
            player=players[seat],
            seat=seat,
            kind=kind,
            cause=cause,
            recorded_by=recorded_by,
            recorded_at=recorded_at,
        )
        for seat, kind, cause in found
    )
