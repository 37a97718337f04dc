"""A staff member or manager who sits at a table is no referee of it in the console: no hand
form, no correction, no close there (403 to a hand-made POST); at another table they are."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from ledger.floor.services import shift_clock_in
from ledger.models import HandResult, Session, SessionState, Settlement
from ledger.play.hands import hand_record
from parlor.services.roles import ROLE_MANAGER
from tests.fixtures.clients import DAISANGEN
from tests.ledger.factories import SessionFactory, UserFactory, ron
from tests.parlor.factories import PlayerFactory, house_member

pytestmark = pytest.mark.django_db


def url(session: Session, action: str) -> str:
    return f"/admin/ledger/session/{session.pk}/{action}/"


@pytest.fixture
def seated_manager(staff: User) -> tuple[Client, Session, Session]:
    """A manager clocked in as a player who sits in ``played`` (over: ready to close); a game
    at another table they do not sit in."""
    boss = house_member(UserFactory(username="boss"), ROLE_MANAGER)
    played = SessionFactory()
    member = played.seats.get(seat=1).player
    shift_clock_in(user=boss, player=member, by=staff)
    hand_record(session=played, hand=ron(2, 3), entered_by=staff)
    hand_record(session=played, hand=ron(3, 0, DAISANGEN), entered_by=staff)
    other = SessionFactory(parlor=played.parlor, players=[
        PlayerFactory(parlor=played.parlor) for _ in range(4)
    ])  # fmt: skip
    client = Client()
    client.force_login(boss)
    return client, played, other


def test_the_session_page_offers_a_seated_manager_nothing_to_referee(
    seated_manager: tuple[Client, Session, Session],
) -> None:
    client, played, other = seated_manager
    page = client.get(url(played, "change")).content.decode()
    assert 'id="close-link"' not in page and 'id="stop-and-close-link"' not in page
    assert 'name="_save"' not in page and "/correct/" not in page
    elsewhere = client.get(url(other, "change")).content.decode()
    assert 'name="_save"' in elsewhere and 'id="stop-and-close-link"' in elsewhere


def test_a_seated_manager_s_hand_correction_and_close_are_refused(
    seated_manager: tuple[Client, Session, Session],
) -> None:
    client, played, _other = seated_manager
    hand = HandResult.objects.filter(session=played).order_by("ordinal").first()
    assert hand is not None
    hand_post = {
        "hand-kind": "win", "hand-discarder": "3", "win0-winner": "1",
        "win0-hand": DAISANGEN["hand"], "win0-win_tile": DAISANGEN["win_tile"], "_save": "1",
    }  # fmt: skip
    assert client.post(url(played, "hands"), hand_post).status_code == 403
    correct = url(played, f"hands/{hand.pk}/correct")
    assert client.get(correct).status_code == 403
    assert (
        client.post(correct, {"kind": "void", "reason": "mine", "confirm": "1"}).status_code == 403
    )
    assert client.post(url(played, "close"), {"confirm": "1"}).status_code == 403
    played.refresh_from_db()
    assert played.state == SessionState.OPEN and not Settlement.objects.exists()
    assert HandResult.objects.filter(session=played).count() == 2
