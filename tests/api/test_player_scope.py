"""A player's token reads only that player's rows, whatever it asks for."""

from __future__ import annotations

import pytest

from ledger.models import Settlement
from tests.api.support import RoleClients
from tests.api.world import World

pytestmark = pytest.mark.django_db


def rows(response: object) -> list[dict[str, object]]:
    assert response.status_code == 200, response.content  # type: ignore[attr-defined]
    results: list[dict[str, object]] = response.json()["results"]  # type: ignore[attr-defined]
    return results


@pytest.mark.parametrize(
    ("path", "player_key"),
    [
        ("/api/balances/", "player"),
        ("/api/statements/", "player"),
        ("/api/settlements/", "player"),
        ("/api/players/", "id"),
    ],
)
def test_player_lists_hold_only_their_own_rows(
    path: str, player_key: str, world: World, api_as: RoleClients
) -> None:
    me = world.players[0]
    client = api_as("player", player=me)

    mine = rows(client.get(path))

    assert mine, f"{path} should list the player's own rows"
    assert {row[player_key] for row in mine} == {me.pk}


@pytest.mark.parametrize("path", ["/api/balances/", "/api/statements/", "/api/settlements/"])
def test_player_cannot_filter_their_way_to_another_player(
    path: str, world: World, api_as: RoleClients
) -> None:
    client = api_as("player", player=world.players[0])

    assert rows(client.get(path, {"player": world.players[1].pk})) == []


def test_staff_see_every_players_rows(world: World, api_as: RoleClients) -> None:
    seated = {p.pk for p in world.players}

    listed = rows(api_as("staff").get("/api/settlements/"))

    assert {row["player"] for row in listed} == seated


def test_another_players_settlement_is_not_found(world: World, api_as: RoleClients) -> None:
    client = api_as("player", player=world.players[0])
    other = Settlement.objects.filter(session=world.closed, player=world.players[1]).get()
    own = Settlement.objects.filter(session=world.closed, player=world.players[0]).get()

    assert client.get(f"/api/settlements/{other.pk}/").status_code == 404
    assert client.get(f"/api/settlements/{own.pk}/").status_code == 200


def test_another_player_record_is_not_found(world: World, api_as: RoleClients) -> None:
    client = api_as("player", player=world.players[0])

    assert client.get(f"/api/players/{world.players[1].pk}/").status_code == 404
    assert client.get(f"/api/players/{world.players[0].pk}/").status_code == 200


@pytest.mark.parametrize("path", ["/api/balances/", "/api/statements/", "/api/settlements/"])
def test_player_login_linked_to_no_player_sees_nothing(
    path: str, world: World, api_as: RoleClients
) -> None:
    assert rows(api_as("player").get(path)) == []


def test_balance_is_the_sum_of_the_statement_lines(world: World, api_as: RoleClients) -> None:
    client = api_as("player", player=world.players[0])

    (balance,) = rows(client.get("/api/balances/"))
    lines = rows(client.get("/api/statements/", {"page_size": 500}))

    for amount in ("points", "chips", "money"):
        assert balance[amount] == sum(line[amount] for line in lines)  # type: ignore[misc]


def test_me_names_the_roles_and_the_linked_player(world: World, api_as: RoleClients) -> None:
    body = api_as("player", player=world.players[0]).get("/api/me/").json()

    assert body == {
        "username": "api-player",
        "roles": ["player"],
        "memberships": [{"parlor": world.parlor.pk, "name": world.parlor.name, "role": "player"}],
        "is_superuser": False,
        "player": world.players[0].pk,
    }
