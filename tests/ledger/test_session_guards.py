"""PostgreSQL guards the session row itself (migration 0009), even against raw SQL.

A settled session is final; state moves only along open -> closed -> settled
(and closed -> open by a correction); once a hand is recorded the session's
rules, rate and seats are fixed. Each test writes behind the services' back
and expects the database to refuse; the services' own writes still pass. The
raw SQL runs as the service role (which may update a session's row, so the
guard answers, but not its seats') and again as the owner (``sql_role``).
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection, transaction

from ledger.errors import LedgerError
from ledger.models import HandResult, Session, SessionSeat, SessionState
from ledger.play.hands import hand_record
from ledger.play.sessions import session_mark_settled
from ledger.settle.settlements import session_close
from parlor.models import Player, Rate
from tests.database import refused
from tests.fixtures.sessions import Record
from tests.ledger.factories import SessionFactory, draw, ron
from tests.parlor.factories import PlayerFactory, RateFactory

pytestmark = [pytest.mark.requires_postgres, pytest.mark.django_db(transaction=True)]

SESSION = Session._meta.db_table
SEAT = SessionSeat._meta.db_table
GAME = (ron(1, 0, riichi=[1]), draw(2, riichi=[2]), draw(), draw())


def _sql(statement: str, params: list[object]) -> None:
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(statement, params)


@pytest.fixture
def settled(record: Record, manager: User) -> Session:
    session = SessionFactory()
    record(session, *GAME)
    session_close(session=session, by=manager)
    return session_mark_settled(session=session, by=manager)


@pytest.fixture
def played(record: Record) -> Session:
    session = SessionFactory()
    record(session, draw(2))
    return session


def test_a_settled_session_cannot_be_reopened_by_raw_sql(
    settled: Session, staff: User, sql_role: str
) -> None:
    with refused(sql_role, trigger="is settled", granted=True):
        _sql(f"UPDATE {SESSION} SET state = 'open' WHERE id = %s", [settled.pk])

    settled.refresh_from_db()
    assert settled.state == SessionState.SETTLED
    with pytest.raises(LedgerError, match="only be added to an open session"):
        hand_record(session=settled, hand=draw(), entered_by=staff)
    assert HandResult.objects.filter(session=settled).count() == len(GAME)


def test_a_settled_sessions_rate_copy_cannot_change(settled: Session, sql_role: str) -> None:
    with refused(sql_role, trigger="is settled", granted=True):
        _sql(f"UPDATE {SESSION} SET money_per_unit = 1 WHERE id = %s", [settled.pk])


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("money_per_unit", "money_per_unit + 1"),
        ("money_per_chip", "money_per_chip + 1"),
        ("game_fee", "game_fee + 1"),
        # The fee terms of the fee models (migration 0026).
        ("top_fee", "top_fee + 1"),
        ("time_fee", "time_fee + 1"),
        ("time_fee_basis", "'table_hour'"),
        ("time_fee_step_minutes", "time_fee_step_minutes + 1"),
        ("points_only", "NOT points_only"),
        ("ruleset_slug", "'tenhou'"),
        ("game_options", "'{}'::jsonb"),
        ("ruleset_options", "'{\"kuitan\": false}'::jsonb"),
    ],
)
def test_rules_and_rate_copy_are_fixed_once_a_hand_is_recorded(
    played: Session, column: str, value: str, sql_role: str
) -> None:
    with refused(sql_role, trigger="has hands", granted=True):
        _sql(f"UPDATE {SESSION} SET {column} = {value} WHERE id = %s", [played.pk])


def test_the_rate_cannot_be_swapped_once_a_hand_is_recorded(played: Session, sql_role: str) -> None:
    other: Rate = RateFactory(parlor=played.parlor, point_unit=played.point_unit)
    with refused(sql_role, trigger="has hands", granted=True):
        _sql(f"UPDATE {SESSION} SET rate_id = %s WHERE id = %s", [other.pk, played.pk])


def test_before_the_first_hand_the_rate_may_still_be_set(sql_role: str) -> None:
    session = SessionFactory()
    other: Rate = RateFactory(parlor=session.parlor, point_unit=session.point_unit)
    _sql(f"UPDATE {SESSION} SET rate_id = %s WHERE id = %s", [other.pk, session.pk])
    session.refresh_from_db()
    assert session.rate_id == other.pk


def test_a_seat_cannot_change_once_a_hand_is_recorded(played: Session, sql_role: str) -> None:
    newcomer: Player = PlayerFactory(parlor=played.parlor)
    with refused(sql_role, trigger="seats cannot change"):
        _sql(
            f"UPDATE {SEAT} SET player_id = %s WHERE session_id = %s AND seat = 0",
            [newcomer.pk, played.pk],
        )
    with refused(sql_role, trigger="seats cannot change"):
        _sql(f"DELETE FROM {SEAT} WHERE session_id = %s AND seat = 3", [played.pk])


def test_state_moves_only_along_the_documented_transitions(played: Session, sql_role: str) -> None:
    with refused(sql_role, trigger="not an allowed transition", granted=True):
        _sql(f"UPDATE {SESSION} SET state = 'settled' WHERE id = %s", [played.pk])
    with refused(sql_role, trigger="not an allowed transition", granted=True):
        _sql(f"UPDATE {SESSION} SET state = 'paused' WHERE id = %s", [played.pk])


def test_a_session_with_hands_cannot_be_deleted(played: Session, sql_role: str) -> None:
    with refused(sql_role, trigger="cannot be deleted"):
        _sql(f"DELETE FROM {SESSION} WHERE id = %s", [played.pk])


def test_the_services_own_transitions_still_pass(record: Record, manager: User) -> None:
    session = SessionFactory()
    record(session, *GAME)
    session_close(session=session, by=manager)
    settled = session_mark_settled(session=session, by=manager)
    assert settled.state == SessionState.SETTLED
