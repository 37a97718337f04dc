"""Who sits at a table as a player: they may not referee it (issue 36, item 3).

The policy (``parlor.policy``, refusal ``seated``) refuses a user who sits in a
session the actions of ``SEATED_REFUSED``: entering, correcting and closing its
hands. Who sits: the seated players' own logins (``Player.user``) and the staff
who clocked in as one of them (``StaffShift.player``, any shift of the parlor).
The services that do those actions ask here; hand recording reads the same from
the seats it loads anyway (``session_next_hand``), and the close reads the seats'
shifts once for both this and the members' back pay.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.contrib.auth.models import User

from ledger.models import Session, SessionSeat, StaffShift
from parlor.models import Player


def seat_shifts(*, session: Session, players: Sequence[Player]) -> list[StaffShift]:
    """Every staff shift of the parlor clocked in as one of ``players`` (one query)."""
    return list(
        StaffShift.objects.filter(
            parlor_id=session.parlor_id, player_id__in=[player.pk for player in players]
        ).order_by("clocked_in_at", "pk")
    )


def sitting(players: Iterable[Player], shifts: Iterable[StaffShift]) -> frozenset[int]:
    """The logins of ``players`` and of the staff who clocked in as them."""
    linked = {player.user_id for player in players if player.user_id is not None}
    return frozenset(linked | {shift.user_id for shift in shifts})


def seated_user_ids(*, session: Session) -> frozenset[int]:
    """The logins sitting in ``session`` (two queries: its players, their shifts)."""
    seats = SessionSeat.objects.filter(session_id=session.pk).select_related("player")
    players = [seat.player for seat in seats]
    return sitting(players, seat_shifts(session=session, players=players))


def is_seated(*, user: User, session: Session) -> bool:
    """Whether ``user`` sits at ``session``'s table as a player (policy ``seated``)."""
    return user.pk in seated_user_ids(session=session)
