"""Balances and the scoreboard equal the sums of the entries, in a fixed number of queries."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ledger.books.balances import Balance, player_balance, session_balances, session_scoreboard
from ledger.models import Session
from ledger.play.corrections import hand_void
from ledger.play.session_selectors import session_accounts
from ledger.settle.settlements import session_close
from tests.fixtures.sessions import Record
from tests.ledger.book_reading import seat_points
from tests.ledger.factories import SessionFactory, chonbo, draw, ron, tsumo

pytestmark = pytest.mark.django_db


def test_scoreboard_runs_the_hands_totals_from_the_entries(record: Record, manager: User) -> None:
    session = SessionFactory()
    hands = record(session, ron(1, 0, riichi=[1]), draw(2, riichi=[2]), tsumo(2), chonbo(3))
    hand_void(hand=hands[3], reason="no chonbo after all", by=manager)

    board = session_scoreboard(session=session)

    assert [row.hand.ordinal for row in board.rows] == [1, 2, 3]
    assert [row.points for row in board.rows] == [
        (-3900, 3900, 0, 0),
        (-1000, -1000, 2000, -1000),  # the riichi stick is in the pot
        # Seat 1 dealt hand 2 noten, so seat 2 deals hand 3: a dealer tsumo, 3 han 20 fu
        # 1,300 all, plus one honba (100 from each) and the stick from the pot.
        (-1400, -1400, 5200, -1400),
    ]
    assert [row.pot for row in board.rows] == [0, 1000, -1000]
    assert board.points_total == tuple(seat_points(session))
    assert board.pot_total == 0
    assert [p.pk for p in board.players] == [s.player_id for s in session.seats.order_by("seat")]


def test_scoreboard_query_count_does_not_grow_with_the_hands(record: Record) -> None:
    short, long = SessionFactory(), SessionFactory()
    record(short, draw(0))
    record(long, draw(0), draw(0, 1), draw(0), draw(2), draw(2, 3), draw(3))

    with CaptureQueriesContext(connection) as few:
        session_scoreboard(session=short)
    with CaptureQueriesContext(connection) as many:
        session_scoreboard(session=long)

    assert len(few) == len(many) <= 4


def test_player_balance_is_the_sum_over_every_session(
    manager: User, record: Record, staff: User
) -> None:
    first = SessionFactory(rate__money_per_unit=50, rate__game_fee=0)
    player = first.seats.get(seat=1).player
    record(first, ron(1, 0), draw(), draw(), draw())
    settlement = session_close(session=first, by=manager)
    second = SessionFactory(
        parlor=first.parlor,
        players=[player, *(s.player for s in first.seats.exclude(seat=1).order_by("seat"))],
        ruleset_config=first.ruleset_config,
        rate=first.rate,
    )
    record(second, ron(0, 1))  # the player wins 2,900 as dealer in the open session

    balance = player_balance(player=player)

    assert balance == Balance(points=2900, chips=0, money=settlement[1].money)
    with CaptureQueriesContext(connection) as queries:
        player_balance(player=player)
    assert len(queries) == 1


def test_session_balances_cover_players_and_pot(session: Session, record: Record) -> None:
    record(session, draw(2, riichi=[2]))

    balances = session_balances(session=session)

    accounts = session_accounts(session=session)
    assert balances[accounts.pot.pk] == Balance(points=1000)
    assert sum(b.points for b in balances.values()) == 0
