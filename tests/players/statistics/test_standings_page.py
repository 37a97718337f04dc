"""The admin's standings page: chosen, sorted, filtered, exported formula-safe; money only for
those who see the books."""

from __future__ import annotations

import csv
import io

import pytest
from django.contrib.auth.models import User
from django.test import Client
from openpyxl import load_workbook

from parlor.models import Role
from tests.ledger.settle.standings_world import StandingsWorld, standings_world
from tests.parlor.factories import member_of

pytestmark = pytest.mark.django_db
URL = "/admin/players/standingspage/"


@pytest.fixture
def world(staff: User, manager: User) -> StandingsWorld:
    world = standings_world(staff=staff, manager=manager)
    # A name a spreadsheet would run as a formula.
    player = world.players[0]
    player.name = '=HYPERLINK("http://evil.example","x")'
    player.save(update_fields=["name"])
    return world


def client_of(world: StandingsWorld, role: str) -> Client:
    client = Client()
    user = User.objects.filter(username=f"page-{role}").first()
    client.force_login(user or member_of(world.parlor, role, username=f"page-{role}"))
    return client


def test_the_desk_sees_every_line_with_money(world: StandingsWorld) -> None:
    response = client_of(world, Role.MANAGER).get(URL, {"date_from": "2000-01-01",
                                                         "date_to": "2100-12-31"})  # fmt: skip
    assert response.status_code == 200
    desk = response.context["desk"]
    assert desk.with_money and len(desk.lines) == 8
    assert "net money" in response.content.decode()


def test_a_player_with_admin_access_sees_no_money(world: StandingsWorld) -> None:
    response = client_of(world, Role.PLAYER).get(URL, {"date_from": "2000-01-01",
                                                        "date_to": "2100-12-31"})  # fmt: skip
    assert response.status_code == 200
    assert not response.context["desk"].with_money
    assert "net money" not in response.content.decode()
    # Asking to sort by money sorts by rating instead.
    money = client_of(world, Role.PLAYER).get(URL, {"o": "-net_money"})
    assert money.status_code == 200 and money.context["desk"].standings.ordering == "-rating"


def test_sorting_filtering_and_the_period(world: StandingsWorld) -> None:
    client = client_of(world, Role.STAFF)
    query = {"date_from": "2000-01-01", "date_to": "2100-12-31", "o": "-win_rate",
             "min_games": "2", "ruleset_config": world.east.pk}  # fmt: skip
    desk = client.get(URL, query).context["desk"]
    rates = [item.line.totals.win_rate.value for item in desk.lines]
    assert rates == sorted(rates, reverse=True)
    assert {item.line.ruleset_config_id for item in desk.lines} == {world.east.pk}
    assert {item.line.totals.games for item in desk.lines} == {2}
    long_ago = client.get(URL, {"date_from": "2001-01-01", "date_to": "2001-01-31"})
    assert long_ago.context["desk"].lines == []
    assert "No player has enough games" in long_ago.content.decode()


def test_a_bad_query_names_its_field(world: StandingsWorld) -> None:
    response = client_of(world, Role.STAFF).get(
        URL, {"date_from": "2020-02-01", "date_to": "2020-01-01"}
    )
    assert response.status_code == 200 and response.context["desk"] is None
    assert "date_to" in response.context["form"].errors


def test_the_exports_carry_the_lines_and_run_no_formula(world: StandingsWorld) -> None:
    client = client_of(world, Role.MANAGER)
    query = {"date_from": "2000-01-01", "date_to": "2100-12-31", "o": "player_name"}
    text = client.get(URL, {**query, "export": "csv"}).content.decode()
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:3] == ["member_number", "player", "ruleset_config"]
    assert "net_money" in rows[0] and len(rows) == 9
    names = [row[1] for row in rows[1:]]
    assert '\'=HYPERLINK("http://evil.example","x")' in names
    xlsx = client.get(URL, {**query, "export": "xlsx"})
    sheet = load_workbook(io.BytesIO(xlsx.content)).active
    cells = [cell for cell in sheet["B"][1:] if str(cell.value).startswith("=")]
    assert cells and all(cell.data_type == "s" and cell.quotePrefix for cell in cells)
    assert xlsx["Content-Disposition"].endswith('.xlsx"')


def test_the_admin_index_links_the_page(world: StandingsWorld) -> None:
    index = client_of(world, Role.STAFF).get("/admin/").content.decode()
    assert URL in index


def test_long_standings_come_in_pages(
    world: StandingsWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    from players.statistics import standings_page

    monkeypatch.setattr(standings_page, "PAGE_SIZE", 3)
    client = client_of(world, Role.STAFF)
    query = {"date_from": "2000-01-01", "date_to": "2100-12-31", "o": "player_name"}
    first = client.get(URL, query)
    assert [item.line.player_name for item in first.context["page"]] == [
        item.line.player_name for item in first.context["desk"].lines[:3]
    ]
    last = client.get(URL, {**query, "page": 3})
    assert len(last.context["page"]) == 2 and last.context["first_rank"] == 7
    assert "page=2" in first.content.decode()
