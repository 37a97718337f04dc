"""Admin test set-up: one signed-in client per role, and sessions to look at."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from ledger.models import Session
from ledger.services.corrections import hand_void
from ledger.services.hands import hand_record
from ledger.services.settlements import session_close
from parlor.services.roles import ROLE_MANAGER, ROLE_PLAYER, ROLE_STAFF, roles_sync
from tests.ledger.factories import SessionFactory, UserFactory, chonbo, ron
from tests.parlor.factories import house_member

ROLES = (ROLE_MANAGER, ROLE_STAFF, ROLE_PLAYER)


@pytest.fixture
def role_user(db: None) -> Callable[[str], User]:
    """``role_user("staff")``: a user with staff status in that role's group, of every parlor."""
    groups = roles_sync()

    def make(role: str) -> User:
        user: User = UserFactory(username=f"{role}-user", is_staff=True)
        user.groups.set([groups[role]])
        return house_member(user, role)

    return make


@pytest.fixture
def client_as(role_user: Callable[[str], User]) -> Callable[[str], Client]:
    """``client_as("manager")``: a test client signed in as a user of that role."""

    def make(role: str) -> Client:
        client = Client()
        client.force_login(role_user(role))
        return client

    return make


# Daisangen ron off seat 0 at the first hand: 32,000 busts seat 0 and ends the game.
DAISANGEN = {
    "hand": "777z234m55p",
    "win_tile": "7z",
    "melds": [{"kind": "pon", "tiles": "555z"}, {"kind": "pon", "tiles": "666z"}],
}


@pytest.fixture
def open_session(db: None, staff: User) -> Session:
    """An open riichi-standard East-only session with one hand: seat 2 rons seat 3."""
    session = SessionFactory()
    hand_record(session=session, hand=ron(2, 3), entered_by=staff)
    return session


@pytest.fixture
def closed_session(db: None, staff: User, manager: User) -> Session:
    """A closed session with a row in every ledger list.

    Hand 1 (seat 2 rons seat 3) is voided by a correction, hand 2 is seat 1's
    chonbo (a penalty), hand 3 is a daisangen off seat 0, who busts: the game
    ends and a manager closes the session (settlements).
    """
    session = SessionFactory()
    first, _ = (
        hand_record(session=session, hand=hand, entered_by=staff)
        for hand in (ron(2, 3), chonbo(1, cause="false_ron"))
    )
    hand_void(hand=first, reason="entered at the wrong table", by=manager)
    hand_record(session=session, hand=ron(3, 0, DAISANGEN), entered_by=staff)
    session_close(session=session, by=manager)
    session.refresh_from_db()
    return session
