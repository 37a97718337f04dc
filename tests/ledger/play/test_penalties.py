"""Penalties: chonbo and dead hands recorded per player and hand, for the audit."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from ledger.models import Penalty, PenaltyKind, Session
from ledger.play.corrections import hand_void
from ledger.play.penalty_selectors import penalties_for
from tests.fixtures.sessions import Record
from tests.ledger.factories import SessionFactory, chonbo, draw

pytestmark = pytest.mark.django_db


def test_chonbo_records_a_penalty_for_the_offender(
    session: Session, staff: User, record: Record
) -> None:
    (hand,) = record(session, chonbo(2, cause="false_ron"))

    (penalty,) = Penalty.objects.all()
    assert penalty.hand == hand
    assert penalty.player == session.seats.get(seat=2).player
    assert (penalty.seat, penalty.kind, penalty.cause) == (2, PenaltyKind.CHONBO, "false_ron")
    assert penalty.recorded_by == staff


def test_a_dead_hand_records_a_penalty_and_moves_no_points_by_itself(
    session: Session, record: Record
) -> None:
    # A false pon is a dead hand under riichi-standard: the seat plays on but counts as noten.
    (hand,) = record(session, draw(0, dead=[{"seat": 3, "cause": "false_pon"}]))

    (penalty,) = Penalty.objects.all()
    assert (penalty.seat, penalty.kind, penalty.cause) == (3, PenaltyKind.DEAD_HAND, "false_pon")
    assert penalty.hand == hand


def test_penalties_for_filters_by_player_and_period_and_leaves_out_voided_hands(
    session: Session, manager: User, record: Record
) -> None:
    offender = session.seats.get(seat=1).player
    _, voided, _ = record(session, chonbo(1), chonbo(1), draw(0, dead=[{"seat": 1}]))
    hand_void(hand=voided, reason="entered twice", by=manager)
    record(SessionFactory(), chonbo(1))  # another parlor's chonbo

    mine = penalties_for(player=offender)
    assert [(p.hand.ordinal, p.kind) for p in mine] == [
        (3, PenaltyKind.DEAD_HAND),
        (1, PenaltyKind.CHONBO),
    ]
    assert penalties_for(parlor=session.parlor, kind=PenaltyKind.CHONBO).count() == 1
    # With the corrected versions: the voided chonbo, and hand 3's first version (re-settled
    # as version 2 because voiding hand 2 moved it up one place in the game).
    assert penalties_for(player=offender, include_corrected=True).count() == 4
    now = timezone.now()
    assert penalties_for(player=offender, since=now + timedelta(minutes=1)).count() == 0
    assert penalties_for(player=offender, until=now + timedelta(minutes=1)).count() == 2
