"""Fixtures shared by the ledger tests: a staff user, a manager, an open session."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User

from ledger.models import HandResult, Session
from ledger.services.hands import hand_record
from tests.ledger.factories import SessionFactory, UserFactory


@pytest.fixture
def staff(db: None) -> User:
    return UserFactory(username="desk")


@pytest.fixture
def manager(db: None) -> User:
    return UserFactory(username="manager")


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
