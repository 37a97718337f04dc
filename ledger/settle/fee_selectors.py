"""The players' class discounts at a close (``settle.fees``): one query, two on a first visit.

Each seat's candidates: the class the player is in (``Player.fee_class``), and the
parlor's first-visit class when the player has no game at the parlor before this
session's business day. The close takes the one worth most on the seat's fees.
"""

from __future__ import annotations

from django.db.models import Q

from ledger.models import Session, SessionSeat
from ledger.settle.business_days import business_day_bounds, business_day_of
from ledger.settle.fees import Discount
from parlor.models import Player, PlayerClass


def _discount(found: PlayerClass) -> Discount:
    return Discount(name=found.name, percent_off=found.percent_off, amount_off=found.amount_off)


def seat_discounts(*, session: Session, players: list[Player]) -> list[list[Discount]]:
    """Each seat's candidate discounts, in seat order (``players``: the seats' players)."""
    class_ids = {player.fee_class_id for player in players if player.fee_class_id is not None}
    classes = list(
        PlayerClass.objects.filter(
            Q(pk__in=class_ids) | Q(parlor_id=session.parlor_id, first_visit=True),
            is_active=True,
        )
    )
    by_id = {found.pk: found for found in classes}
    first_visit = next((found for found in classes if found.first_visit), None)
    newcomers: set[int] = set()
    if first_visit is not None:
        day = business_day_of(parlor=session.parlor, moment=session.opened_at)
        start, _end = business_day_bounds(parlor=session.parlor, first=day, last=day)
        played_before = set(
            SessionSeat.objects.filter(
                player__in=players,
                session__parlor_id=session.parlor_id,
                session__opened_at__lt=start,
            ).values_list("player_id", flat=True)
        )
        newcomers = {player.pk for player in players} - played_before
    found: list[list[Discount]] = []
    for player in players:
        candidates = []
        own = by_id.get(player.fee_class_id) if player.fee_class_id is not None else None
        if own is not None and not own.first_visit:
            candidates.append(_discount(own))
        if first_visit is not None and player.pk in newcomers:
            candidates.append(_discount(first_visit))
        found.append(candidates)
    return found
