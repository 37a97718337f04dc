"""Opening, closing and settling sessions through the API; their refusals."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ledger.models import Account, Session, SessionState, Settlement
from tests.api.support import RoleClients, ledger_row_counts, post, post_hand
from tests.api.world import World, dealer_busts_seat_1
from tests.ledger.factories import draw
from tests.parlor.factories import ParlorFactory, PlayerFactory, TableFactory

pytestmark = pytest.mark.django_db


def opening(world: World, **changes: Any) -> dict[str, Any]:
    body = {
        "table": world.spare_table.pk,
        "players": [p.pk for p in world.free_players],
        "ruleset_config": world.config.pk,
        "rate": world.rate.pk,
    }
    return {**body, **changes}


def test_open_seats_the_players_in_order_and_copies_the_rate(
    world: World, api_as: RoleClients
) -> None:
    response = post(api_as("staff"), "/api/sessions/", opening(world))

    assert response.status_code == 201, response.json()
    body = response.json()
    assert [seat["player"] for seat in body["seats"]] == [p.pk for p in world.free_players]
    assert [seat["seat"] for seat in body["seats"]] == [0, 1, 2, 3]
    assert body["state"] == "open"
    assert body["ruleset_slug"] == "riichi-standard"
    assert body["money_per_unit"] == world.rate.money_per_unit
    assert body["opened_by"] == "api-staff"


@pytest.mark.parametrize(
    ("change", "status", "code", "field"),
    [
        pytest.param(
            lambda w: {"players": [p.pk for p in w.free_players[:3]]},
            400,
            "wrong_number_of_seats",
            "players",
            id="three-players",
        ),
        pytest.param(
            lambda w: {"players": [w.free_players[0].pk] * 4},
            400,
            "player_seated_twice",
            "players[1]",
            id="seated-twice",
        ),
        pytest.param(
            lambda w: {"players": [PlayerFactory().pk] + [p.pk for p in w.free_players[1:]]},
            400,
            "not_in_parlor",
            "players[0]",
            id="other-parlor",
        ),
        pytest.param(lambda w: {"table": w.open.table_id}, 409, "table_busy", "table", id="busy"),
    ],
)
def test_open_refusals_name_the_field(
    change: Any, status: int, code: str, field: str, world: World, api_as: RoleClients
) -> None:
    before = Session.objects.count()

    response = post(api_as("staff"), "/api/sessions/", opening(world, **change(world)))

    assert response.status_code == status, response.json()
    assert response.json()["error"]["code"] == code
    assert response.json()["error"]["field"] == field
    assert Session.objects.count() == before


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"players": [999999, 1, 2, 3]}, "players"),
        ({"table": "first"}, "table"),
        ({"rate": None}, "rate"),
    ],
)
def test_open_with_unknown_ids_keeps_drf_field_errors(
    body: dict[str, Any], field: str, world: World, api_as: RoleClients
) -> None:
    response = post(api_as("staff"), "/api/sessions/", opening(world, **body))

    assert response.status_code == 400
    assert field in response.json()


def test_close_before_the_game_ends_is_a_conflict(world: World, api_as: RoleClients) -> None:
    before = ledger_row_counts()

    response = post(api_as("manager"), f"/api/sessions/{world.open.pk}/close/")

    assert response.status_code == 409
    assert response.json()["error"]["code"] == "game_not_finished"
    assert ledger_row_counts() == before


def test_close_settles_each_seat_and_closing_again_returns_the_same(
    world: World, api_as: RoleClients
) -> None:
    manager = api_as("manager")
    url = f"/api/sessions/{world.finished.pk}/close/"

    first = post(manager, url)
    again = post(manager, url)

    assert first.status_code == again.status_code == 200
    rows = first.json()
    assert again.json() == rows
    # Dealer's yakuman ron 48,000 off seat 1: 73,000 / -23,000 / 25,000 / 25,000.
    assert [row["final_score"] for row in rows] == [73000, -23000, 25000, 25000]
    assert [row["placement"] for row in rows] == [1, 4, 2, 3]
    # Uma 20,000/10,000/-10,000/-20,000, return 30,000, oka 20,000 to first:
    # 73,000-30,000+20,000+20,000 = 83,000; -23,000-30,000-20,000 = -73,000;
    # 25,000-30,000+10,000 = 5,000; 25,000-30,000-10,000 = -15,000.
    assert [row["points"] for row in rows] == [83000, -73000, 5000, -15000]
    # At 50 per 1,000 points, less the 500 game fee each.
    assert [row["money"] for row in rows] == [4150, -3650, 250, -750]
    assert [row["net_money"] for row in rows] == [3650, -4150, -250, -1250]
    assert Settlement.objects.filter(session=world.finished).count() == 4
    assert Session.objects.get(pk=world.finished.pk).state == SessionState.CLOSED


def test_mark_settled_needs_a_closed_session(world: World, api_as: RoleClients) -> None:
    manager = api_as("manager")

    early = post(manager, f"/api/sessions/{world.open.pk}/mark-settled/")
    settled = post(manager, f"/api/sessions/{world.closed.pk}/mark-settled/")

    assert early.status_code == 409
    assert early.json()["error"]["code"] == "session_not_closed"
    assert settled.status_code == 200
    assert settled.json()["state"] == "settled"
    assert settled.json()["settled_at"] is not None


def test_session_balances_are_relative_to_the_start_and_include_the_pot(
    world: World, api_as: RoleClients
) -> None:
    staff = api_as("staff")
    post_hand(staff, f"/api/sessions/{world.open.pk}/hands/", draw(2, riichi=[2]))

    body = staff.get(f"/api/sessions/{world.open.pk}/balances/").json()

    # Hand 1: dealer tenpai alone (+3,000, others -1,000). Hand 2: seat 1 rons the dealer
    # 2,000 + 300 honba. Hand 3: seat 2 alone tenpai after riichi (+3,000, stick in the pot).
    assert [seat["points"] for seat in body["seats"]] == [
        3000 - 2300 - 1000,
        -1000 + 2300 - 1000,
        -1000 + 3000 - 1000,
        -1000 - 1000,
    ]
    assert body["pot"]["points"] == 1000
    assert sum(seat["points"] for seat in body["seats"]) + body["pot"]["points"] == 0


def test_sessions_filter_by_state_and_seated_player(world: World, api_as: RoleClients) -> None:
    staff = api_as("staff")

    closed = staff.get("/api/sessions/", {"state": "closed"}).json()["results"]
    seated = staff.get("/api/sessions/", {"player": world.players[0].pk}).json()["results"]
    nowhere = staff.get("/api/sessions/", {"player": world.spare_player.pk}).json()["results"]

    assert [s["id"] for s in closed] == [world.closed.pk]
    assert len(seated) == 4
    assert nowhere == []


def test_a_new_table_can_open_after_another_closes(world: World, api_as: RoleClients) -> None:
    manager = api_as("manager")
    table = TableFactory(parlor=world.parlor)
    opened = post(manager, "/api/sessions/", opening(world, table=table.pk)).json()
    post_hand(manager, f"/api/sessions/{opened['id']}/hands/", dealer_busts_seat_1())
    post(manager, f"/api/sessions/{opened['id']}/close/")

    reopened = post(manager, "/api/sessions/", opening(world, table=table.pk))

    assert reopened.status_code == 201


@pytest.mark.parametrize(
    "path",
    [
        "/api/settlements/?parlor={id}",
        "/api/statements/?session={id}",
        "/api/statements/?player={id}",
        "/api/penalties/?parlor={id}",
        "/api/sessions/?player={id}",
        "/api/balances/?player={id}",
    ],
)
@pytest.mark.parametrize("bad_id", ["99999999999999999999999", "1.5", "0"])
def test_an_id_filter_out_of_range_is_a_400_naming_the_filter(
    api_as: RoleClients, path: str, bad_id: str
) -> None:
    # Past the database's integer range SQLite raised OverflowError: a 500 (schemathesis).
    ParlorFactory()  # the manager's parlor: an account of no parlor may read nothing
    response = api_as("manager").get(path.format(id=bad_id))

    assert response.status_code == 400, response.content
    assert path.split("?")[1].split("=")[0] in response.content.decode()


def test_opening_a_session_creates_its_accounts_in_two_statements(
    world: World, api_as: RoleClients
) -> None:
    """The seats' accounts, the table's pot and the parlor's fee and house: one insert
    that skips the existing ones and one read that all are there (was 3-4 queries each)."""
    with CaptureQueriesContext(connection) as captured:
        response = post(api_as("staff"), "/api/sessions/", opening(world))

    assert response.status_code == 201, response.json()
    on_accounts = [q["sql"] for q in captured if '"ledger_account"' in q["sql"]]
    assert len(on_accounts) == 2, on_accounts
    session = Session.objects.get(pk=response.json()["id"])
    owners = Account.objects.filter(parlor=session.parlor).values_list("player_id", flat=True)
    assert {seat.player_id for seat in session.seats.all()} <= set(owners)
