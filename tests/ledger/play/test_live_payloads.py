"""``session_live_payloads``: the close's read, as ``session_live_hands`` gives the hands."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from ledger.models import Penalty, PenaltyKind, Session
from ledger.play.corrections import hand_void
from ledger.play.session_selectors import session_live_hands, session_live_payloads
from tests.ledger.settle.standings_world import standings_world

pytestmark = pytest.mark.django_db


def djangos(session: Session) -> list[dict[str, object]]:
    return [dict(row) for row in session_live_hands(session=session).values("ordinal", "payload")]


def test_the_live_hands_in_order_with_their_payloads_as_djangos_query_reads_them(
    staff: User, manager: User
) -> None:
    """Every game of the world, then one with a hand voided: that hand is gone, the rest
    keep their order and payloads (JSON decoded)."""
    world = standings_world(staff=staff, manager=manager)
    for game in world.games:
        read = session_live_payloads(session_id=game.pk)
        assert read == djangos(game) and read
        assert [row["ordinal"] for row in read] == sorted(row["ordinal"] for row in read)
        assert all(isinstance(row["payload"], dict) for row in read)

    first = world.games[0]
    voided = Penalty.objects.get(session=first, kind=PenaltyKind.CHONBO).hand
    hand_void(hand=voided, reason="entered on the wrong table", by=manager)

    read = session_live_payloads(session_id=first.pk)
    assert read == djangos(first)
    assert voided.ordinal not in [row["ordinal"] for row in read]
    assert session_live_payloads(session_id=987_654) == []
