"""The session page and the ledger lists take the same number of queries however much they show."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from ledger.models import HandResult, Session
from ledger.play.hands import hand_record
from tests.ledger.factories import SessionFactory, draw, ron, tsumo


def query_count(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(queries)


def play(session: Session, hands: int, by: User) -> None:
    """``hands`` hands that keep the game going: wins, tsumo and draws in turn."""
    cycle = [ron(2, 3), draw(0, 1), tsumo(1), ron(0, 2, riichi=[0])]
    for i in range(hands):
        hand_record(session=session, hand=cycle[i % len(cycle)], entered_by=by)


@pytest.fixture
def staff_client(client_as: Callable[[str], Client]) -> Client:
    return client_as("staff")


def test_the_session_page_takes_the_same_queries_for_one_hand_as_for_six(
    staff_client: Client, staff: User, db: None
) -> None:
    short, long = SessionFactory(), SessionFactory()
    play(short, 1, staff)
    play(long, 6, staff)

    one = query_count(staff_client, f"/admin/ledger/session/{short.pk}/change/")
    six = query_count(staff_client, f"/admin/ledger/session/{long.pk}/change/")

    assert one == six


@pytest.mark.parametrize(
    "model",
    [
        "session",
        "handresult",
        "posting",
        "ledgerentry",
        "account",
        "penalty",
        "correction",
        "settlement",
    ],
)
def test_changelists_take_the_same_queries_for_one_session_as_for_four(
    model: str, client_as: Callable[[str], Client], staff: User, manager: User, db: None
) -> None:
    from ledger.play.corrections import hand_void
    from ledger.settle.settlements import session_close
    from tests.fixtures.clients import DAISANGEN
    from tests.ledger.factories import chonbo

    def finished_session() -> None:
        session = SessionFactory()
        hands = [ron(2, 3), chonbo(1, cause="false_ron"), ron(3, 0, DAISANGEN)]
        first, *_ = (hand_record(session=session, hand=h, entered_by=staff) for h in hands[:2])
        hand_void(hand=first, reason="wrong table", by=manager)
        hand_record(session=session, hand=hands[2], entered_by=staff)
        session_close(session=session, by=manager)

    client = client_as("manager")
    url = f"/admin/ledger/{model}/"
    finished_session()
    few = query_count(client, url)
    for _ in range(3):
        finished_session()
    many = query_count(client, url)

    assert few == many
    assert HandResult.objects.count() == 4 * 4
