"""/api/me/sessions/, /api/me/sessions/{id}/, /api/me/days/: a player's own, nobody else's."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from ledger.books.balances import player_balance
from ledger.play.hands import hand_record
from ledger.settle.settlements import session_close
from tests.api.support import RoleClients
from tests.api.world import dealer_busts_seat_1
from tests.ledger.factories import SessionFactory, draw

pytestmark = pytest.mark.django_db


def money_keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        found = {k for k in value if k in ("money", "net_money", "fee")}
        return found | {k for v in value.values() for k in money_keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in money_keys(v)}
    return set()


@pytest.fixture
def closed(manager: User, staff: User) -> Any:
    session = SessionFactory()
    hand_record(session=session, hand=draw(0), entered_by=staff)
    hand_record(session=session, hand=dealer_busts_seat_1(), entered_by=staff)
    session_close(session=session, by=manager)
    return session


def test_a_player_reads_their_sessions_hands_and_days(
    closed: Any, staff: User, api_as: RoleClients
) -> None:
    players = [seat.player for seat in closed.seats.order_by("seat")]
    other = SessionFactory(parlor=closed.parlor)
    hand_record(session=other, hand=draw(0), entered_by=staff)
    client = api_as("player", player=players[1])

    sessions = client.get("/api/me/sessions/").json()["results"]
    assert [row["id"] for row in sessions] == [closed.pk]
    mine = sessions[0]
    assert [seat["is_me"] for seat in mine["seats"]] == [False, True, False, False]
    assert mine["result"]["placement"] == 4  # seat 1 went bust

    detail = client.get(f"/api/me/sessions/{closed.pk}/").json()
    assert [hand["number"] for hand in detail["hands"]] == [1, 2]
    assert detail["hands"][1]["payload"]["wins"][0]["record"]["hand"] == "777z234m55p"
    assert detail["placements"] == {"0": 1, "1": 4, "2": 2, "3": 3}
    # Their own money only: in their result, nowhere else.
    assert money_keys(detail["hands"]) == set()
    assert money_keys(detail["session"]["seats"]) == set()

    days = client.get("/api/me/days/").json()
    assert len(days) == 1 and days[0]["games"] == 1
    assert days[0]["net_money"] == player_balance(player=players[1]).money

    assert client.get(f"/api/me/sessions/{other.pk}/").status_code == 404


def test_a_login_without_a_player_is_refused(api_as: RoleClients) -> None:
    assert api_as("staff").get("/api/me/sessions/").status_code == 403
    assert api_as("anonymous").get("/api/me/days/").status_code == 401
