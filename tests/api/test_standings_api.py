"""GET /api/standings/ and /api/standings/file/: the selector's rows, filters, files, roles."""

from __future__ import annotations

import csv
import io

import pytest
from django.contrib.auth.models import User
from openpyxl import load_workbook

from ledger.settle.standing_selectors import parlor_standings
from tests.api.support import RoleClients
from tests.ledger.settle.standings_world import StandingsWorld, standings_world
from tests.ledger.settle.test_standings import this_month

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(staff: User, manager: User) -> StandingsWorld:
    return standings_world(staff=staff, manager=manager)


def test_the_json_rows_are_the_selectors(world: StandingsWorld, api_as: RoleClients) -> None:
    response = api_as("staff").get("/api/standings/", {"parlor": world.parlor.pk})

    assert response.status_code == 200, response.content
    body = response.json()
    expected = parlor_standings(**this_month(world)).rows  # type: ignore[arg-type]
    assert [(r["player"], r["ruleset_config"], r["net_money"]) for r in body["rows"]] == [
        (r.player_id, r.ruleset_config_id, r.net_money) for r in expected
    ]
    month = this_month(world)
    assert body["date_from"] == month["first_day"].isoformat()  # type: ignore[attr-defined]
    columns = {"games", "first", "fourth", "average_placement", "chips", "chonbo", "dead_hands"}
    assert columns <= set(body["rows"][0])


def test_filters_and_sorting(world: StandingsWorld, api_as: RoleClients) -> None:
    client = api_as("manager")
    query = {"parlor": world.parlor.pk, "ruleset_config": world.other.pk, "ordering": "points"}
    rows = client.get("/api/standings/", query).json()["rows"]
    assert {row["ruleset_config"] for row in rows} == {world.other.pk}
    assert [row["points"] for row in rows] == sorted(row["points"] for row in rows)
    empty = client.get(
        "/api/standings/",
        {"parlor": world.parlor.pk, "date_from": "2001-01-01", "date_to": "2001-12-31"},
    )
    assert empty.status_code == 200 and empty.json()["rows"] == []


@pytest.mark.parametrize(
    "query",
    [
        {"date_from": "2020-02-01", "date_to": "2020-01-01"},
        {"date_to": "9999-12-31"},
        {"ordering": "password"},
        {"parlor": "0"},
    ],
)
def test_bad_queries_are_400(world: StandingsWorld, api_as: RoleClients, query: dict) -> None:
    response = api_as("staff").get("/api/standings/", {"parlor": world.parlor.pk, **query})
    assert response.status_code == 400
    assert set(response.json()) & set(query)


def test_an_unknown_parlor_is_404(world: StandingsWorld, api_as: RoleClients) -> None:
    assert api_as("staff").get("/api/standings/", {"parlor": 10**15}).status_code == 404


def test_csv_and_xlsx_hold_the_same_rows(world: StandingsWorld, api_as: RoleClients) -> None:
    client = api_as("staff")
    rows = client.get("/api/standings/", {"parlor": world.parlor.pk}).json()["rows"]
    response = client.get("/api/standings/file/", {"parlor": world.parlor.pk, "file_format": "csv"})
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith('.csv"')
    lines = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [int(line["net_money"]) for line in lines] == [row["net_money"] for row in rows]
    assert [line["average_placement"] for line in lines] == [
        row["average_placement"] for row in rows
    ]
    query = {"parlor": world.parlor.pk, "file_format": "xlsx"}
    response = client.get("/api/standings/file/", query)
    assert response.status_code == 200
    sheet = load_workbook(io.BytesIO(response.content))["Standings"]
    values = list(sheet.iter_rows(values_only=True))
    header = list(values[0])
    assert [line[header.index("chips")] for line in values[1:]] == [row["chips"] for row in rows]


@pytest.mark.parametrize("role,status", [("player", 403), ("anonymous", 401), ("no_role", 403)])
def test_only_the_desk_reads_standings(
    world: StandingsWorld, api_as: RoleClients, role: str, status: int
) -> None:
    client = api_as(role, player=world.players[0] if role == "player" else None)
    assert client.get("/api/standings/", {"parlor": world.parlor.pk}).status_code == status
    query = {"parlor": world.parlor.pk, "file_format": "csv"}
    assert client.get("/api/standings/file/", query).status_code == status
