"""``rows_insert`` writes what ``bulk_create`` writes, with a statement built once per model
and number of rows; the accounts a session needs are found however many players it has."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.forms.models import model_to_dict
from django.test.utils import CaptureQueriesContext

from ledger.books.accounts import accounts_ensure_for_session
from ledger.models import Account, AccountKind, Session, SessionSeat
from orm_bypass.inserts import _insert_sql, rows_insert
from parlor.models import Player
from tests.ledger.factories import SessionFactory
from tests.parlor.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def _seats(session: Any, players: list[Player]) -> list[SessionSeat]:
    return [SessionSeat(session=session, seat=i, player=p) for i, p in enumerate(players)]


def _seatless(session: Session) -> Session:
    """A copy of ``session``'s row without seats (the service role deletes no seat)."""
    session = Session.objects.get(pk=session.pk)
    session.pk = None
    session._state.adding = True
    session.save()
    return session


def test_the_rows_are_those_bulk_create_writes_and_get_their_ids_in_order() -> None:
    ours_session, theirs_session = _seatless(SessionFactory()), _seatless(SessionFactory())
    players = [PlayerFactory(parlor=ours_session.parlor) for _ in range(3)]
    ours = _seats(ours_session, players)

    rows_insert(SessionSeat, ours)

    written = {s.pk: model_to_dict(s) for s in SessionSeat.objects.filter(session=ours_session)}
    assert [written[seat.pk] for seat in ours] == [model_to_dict(seat) for seat in ours]
    assert [written[seat.pk]["seat"] for seat in ours] == [0, 1, 2]
    assert all(not seat._state.adding and seat._state.db == "default" for seat in ours)
    theirs = SessionSeat.objects.bulk_create(_seats(theirs_session, players))
    assert [
        model_to_dict(s, exclude=["id", "session"])
        for s in SessionSeat.objects.filter(session=ours_session).order_by("seat")
    ] == [model_to_dict(s, exclude=["id", "session"]) for s in theirs]


def test_the_statement_is_built_once_per_model_and_number_of_rows() -> None:
    """On PostgreSQL once per model: the rows go as one array per column (``UNNEST``)."""
    session, other = _seatless(SessionFactory()), _seatless(SessionFactory())
    players = [PlayerFactory(parlor=session.parlor) for _ in range(5)]
    _insert_sql.cache_clear()

    rows_insert(SessionSeat, _seats(session, players[:2]))
    with CaptureQueriesContext(connection) as queries:
        rows_insert(SessionSeat, _seats(other, players[2:]))

    postgresql = connection.vendor == "postgresql"
    assert _insert_sql.cache_info().misses == (1 if postgresql else 2)
    assert len(queries) == 1 and queries[0]["sql"].startswith("INSERT INTO")
    assert ("UNNEST" in queries[0]["sql"]) is postgresql


def test_ignore_conflicts_skips_the_rows_that_exist() -> None:
    session = SessionFactory()
    before = Account.objects.count()
    again = Account(parlor_id=session.parlor_id, kind=AccountKind.HOUSE)

    rows_insert(Account, [again], ignore_conflicts=True)

    assert Account.objects.count() == before


@pytest.mark.parametrize("seated", [3, 4, 5])
def test_a_session_accounts_are_found_for_any_number_of_players(seated: int) -> None:
    session = SessionFactory()
    players = [PlayerFactory(parlor=session.parlor) for _ in range(seated)]

    accounts_ensure_for_session(session=session, players=players)

    mine = Account.objects.filter(kind=AccountKind.PLAYER, player__in=players)
    assert mine.count() == seated
