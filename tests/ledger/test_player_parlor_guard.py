"""A player's parlor, and a seat's player, never change once the books hold them.

The service (``parlor.services.players``) refuses first, naming why; the
database refuses too (ledger migration 0015 and, for seats on PostgreSQL,
0009), even for raw SQL behind the services' back.
"""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import DatabaseError, connection, transaction

from ledger.models import Session, SessionSeat
from parlor.models import Player
from parlor.services.players import player_parlor_change_check, player_parlor_change_refusal
from tests.database import refused
from tests.fixtures.sessions import Record
from tests.ledger.factories import SessionFactory, draw
from tests.parlor.factories import ParlorFactory, PlayerFactory

PLAYER = Player._meta.db_table
SEAT = SessionSeat._meta.db_table


def _sql(statement: str, params: list[object]) -> None:
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(statement, params)


@pytest.fixture
def played(record: Record) -> Session:
    session = SessionFactory()
    record(session, draw(2))
    return session


@pytest.mark.django_db
def test_the_service_names_why_a_player_with_postings_stays(played: Session) -> None:
    player = played.seats.get(seat=0).player
    other = ParlorFactory(name="Parlor B")

    with pytest.raises(ValidationError) as refused:
        player_parlor_change_check(player, other)

    assert refused.value.message_dict == {
        "parlor": [
            f"player {player.member_number} has entries in the books of {played.parlor.name};"
            " a player's parlor cannot change once they have postings"
        ]
    }


@pytest.mark.django_db
def test_a_seated_player_without_postings_stays_too() -> None:
    session = SessionFactory()  # seated (accounts opened), no hand yet
    player = session.seats.get(seat=1).player

    refusal = player_parlor_change_refusal(player, ParlorFactory())

    assert refusal is not None and "is seated in a session of" in refusal


@pytest.mark.django_db
def test_a_player_never_seated_may_move_and_the_same_parlor_is_no_move(played: Session) -> None:
    fresh = PlayerFactory()
    assert player_parlor_change_refusal(fresh, ParlorFactory()) is None
    seated = played.seats.get(seat=0).player
    assert player_parlor_change_refusal(seated, seated.parlor_id) is None

    fresh.parlor = ParlorFactory()
    fresh.save()  # the database lets a player without an account move


@pytest.mark.django_db(transaction=True)
def test_the_database_refuses_moving_a_player_with_postings(played: Session, sql_role: str) -> None:
    player = played.seats.get(seat=0).player
    other = ParlorFactory()

    with refused(sql_role, trigger="a player's parlor cannot change", granted=True):
        _sql(f"UPDATE {PLAYER} SET parlor_id = %s WHERE id = %s", [other.pk, player.pk])

    player.refresh_from_db()
    assert player.parlor_id == played.parlor_id
    # Other columns still change.
    _sql(f"UPDATE {PLAYER} SET name = 'Renamed' WHERE id = %s", [player.pk])


@pytest.mark.requires_postgres
@pytest.mark.django_db(transaction=True)
def test_postgresql_names_the_player_and_the_parlor(played: Session, sql_role: str) -> None:
    player = played.seats.get(seat=0).player

    with pytest.raises(DatabaseError) as refused:
        _sql(f"UPDATE {PLAYER} SET parlor_id = %s WHERE id = %s", [ParlorFactory().pk, player.pk])

    named = f"player {player.member_number} has entries in the books of {played.parlor.name}"
    assert named in str(refused.value)


@pytest.mark.django_db(transaction=True)
def test_the_database_refuses_changing_a_seats_player_once_the_session_has_hands(
    played: Session, sql_role: str
) -> None:
    newcomer = PlayerFactory(parlor=played.parlor)
    seat = played.seats.get(seat=2)

    with refused(sql_role, trigger="cannot change"):
        _sql(f"UPDATE {SEAT} SET player_id = %s WHERE id = %s", [newcomer.pk, seat.pk])

    seat.refresh_from_db()
    assert seat.player_id != newcomer.pk
