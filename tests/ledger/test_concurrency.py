"""Several staff recording hands for one session at once (PostgreSQL, real commits).

Each thread has its own database connection (Django's are per thread) and
its own user; a barrier starts them together. ``hand_record`` locks the
session row (``session_lock_for_update``), so the hands are serialised:
none lost, none twice, ordinals 1..N without gaps, and the books pass the
audit. The hands are exhaustive draws with everyone tenpai: the dealer
stays and nobody pays, so any order is a valid game and the game never ends.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.db import connection

from ledger.books.audit import ledger_audit
from ledger.models import HandResult, Session
from ledger.play.hands import hand_record
from parlor.services.roles import ROLE_STAFF, roles_sync
from tests.api.support import post_hand, token_client, user_with_role
from tests.ledger.factories import SessionFactory, UserFactory, draw
from tests.parlor.factories import member_of

pytestmark = [pytest.mark.requires_postgres, pytest.mark.django_db(transaction=True)]

THREADS = 8
HANDS_EACH = 6
ALL_TENPAI = draw(0, 1, 2, 3)


def run_together(work: Callable[[int], None], *, threads: int = THREADS) -> list[BaseException]:
    """Run ``work(i)`` in ``threads`` threads started at once; the exceptions they raised."""
    barrier = threading.Barrier(threads)
    errors: list[BaseException] = []

    def worker(index: int) -> None:
        try:
            barrier.wait(timeout=30)
            work(index)
        except BaseException as error:  # noqa: BLE001 - reported by the test
            errors.append(error)
        finally:
            connection.close()  # this thread's own connection

    pool = [threading.Thread(target=worker, args=(i,)) for i in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in pool), "a recording thread hung"
    return errors


def assert_every_hand_once(session: Session, users: list[User]) -> None:
    hands = list(HandResult.objects.filter(session=session).order_by("ordinal"))
    assert [hand.ordinal for hand in hands] == list(range(1, THREADS * HANDS_EACH + 1))
    assert {hand.version for hand in hands} == {1}
    per_user = Counter(hand.entered_by_id for hand in hands)
    assert per_user == {user.pk: HANDS_EACH for user in users}
    # Every hand is the dealer's renchan: honba 0, 1, 2, ... in ordinal order.
    assert [hand.result["honba"] for hand in hands] == list(range(THREADS * HANDS_EACH))
    report = ledger_audit(session_ids=[session.pk])
    assert report.ok, report.lines()


def test_staff_recording_at_once_through_the_service_lose_and_duplicate_nothing() -> None:
    session = SessionFactory()
    users = [
        member_of(session.parlor, ROLE_STAFF, user=UserFactory(username=f"desk{i}"))
        for i in range(THREADS)
    ]

    def record(index: int) -> None:
        for _ in range(HANDS_EACH):
            hand_record(session=session, hand=ALL_TENPAI, entered_by=users[index])

    assert run_together(record) == []
    assert_every_hand_once(session, users)


def test_staff_posting_at_once_through_the_api_get_dense_ordinals() -> None:
    roles_sync()
    session = SessionFactory()
    users = [user_with_role(f"api-desk{i}", ROLE_STAFF) for i in range(THREADS)]
    statuses: list[int] = []
    ordinals: list[int] = []

    def record(index: int) -> None:
        client = token_client(users[index])
        for _ in range(HANDS_EACH):
            response = post_hand(client, f"/api/sessions/{session.pk}/hands/", ALL_TENPAI)
            statuses.append(response.status_code)
            ordinals.append(response.json().get("ordinal"))

    assert run_together(record) == []
    assert statuses == [201] * (THREADS * HANDS_EACH)
    assert sorted(ordinals) == list(range(1, THREADS * HANDS_EACH + 1))
    assert_every_hand_once(session, users)
