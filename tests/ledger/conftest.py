"""Fixtures shared by the ledger tests: a staff user, a manager, an open session."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User

from ledger.models import HandResult, Session
from ledger.services.hands import hand_record
from parlor.services.roles import ROLE_MANAGER, ROLE_STAFF
from tests.ledger.factories import SessionFactory, UserFactory
from tests.parlor.factories import house_member


@pytest.fixture
def staff(db: None) -> User:
    """Staff of every parlor of the test."""
    return house_member(UserFactory(username="desk"), ROLE_STAFF)


@pytest.fixture
def manager(db: None) -> User:
    """Manager of every parlor of the test."""
    return house_member(UserFactory(username="manager"), ROLE_MANAGER)


@pytest.fixture
def session(db: None) -> Session:
    return SessionFactory()


Record = Callable[..., list[HandResult]]


@pytest.fixture
def record(staff: User) -> Record:
    """``record(session, hand, hand, ...)``: enter hands in order; returns their HandResults."""

    def enter(session: Session, *hands: dict[str, Any]) -> list[HandResult]:
        return [hand_record(session=session, hand=hand, entered_by=staff) for hand in hands]

    return enter
