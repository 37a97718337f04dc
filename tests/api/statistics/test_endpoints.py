"""The statistics endpoints: the selectors' answers, who may read what, other parlors 404."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from api.statistics.serializers import MeanFigureSerializer, RateFigureSerializer, TotalsSerializer
from players.statistics.selectors import Period, player_statistics, statistics_standings
from players.statistics.totals import MEANS, RATES
from tests.api.support import RoleClients, token_client
from tests.ledger.settle.standings_world import StandingsWorld, standings_world
from tests.parlor.factories import ParlorFactory, PlayerFactory, member_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(staff: User, manager: User) -> StandingsWorld:
    return standings_world(staff=staff, manager=manager)


def test_the_standings_are_the_selectors_without_money(
    world: StandingsWorld, api_as: RoleClients
) -> None:
    response = api_as("staff").get(
        "/api/statistics/standings/", {"parlor": world.parlor.pk, "ordering": "-win_rate"}
    )
    assert response.status_code == 200, response.content
    body = response.json()
    expected = statistics_standings(
        parlor=world.parlor,
        period=Period(*_month(body)),
        ordering="-win_rate",
    )
    assert [(line["player"], line["ruleset_config"]) for line in body["lines"]] == [
        (line.player_id, line.ruleset_config_id) for line in expected.lines
    ]
    first = body["lines"][0]
    fields = {"count", "sample", "value", "standard_error", "small"}
    assert set(first["totals"]["win_rate"]) == fields
    assert "money" not in str(body) and "fee" not in str(body)


def _month(body: dict) -> tuple:
    from datetime import date

    return date.fromisoformat(body["date_from"]), date.fromisoformat(body["date_to"])


def test_a_player_of_the_parlor_reads_its_standings(
    world: StandingsWorld, api_as: RoleClients
) -> None:
    client = api_as("player", player=world.players[0])
    assert client.get("/api/statistics/standings/", {"parlor": world.parlor.pk}).status_code == 200
    other = ParlorFactory()
    assert client.get("/api/statistics/standings/", {"parlor": other.pk}).status_code == 404


def test_a_player_reads_their_own_numbers_not_anothers(
    world: StandingsWorld, api_as: RoleClients
) -> None:
    client = api_as("player", player=world.players[0])
    mine = client.get("/api/me/statistics/")
    assert mine.status_code == 200, mine.content
    expected = player_statistics(player=world.players[0])
    body = mine.json()
    assert [c["ruleset_config"] for c in body["configs"]] == [
        c.ruleset_config_id for c in expected.configs
    ]
    east = body["configs"][0]
    assert east["totals"]["games"] == 2 and len(east["games"]) == 2 and len(east["ratings"]) == 2
    assert east["rating"]["system"] == "tenhou"
    assert {row["name"] for row in east["totals"]["han"]} >= {"1", "13+", "yakuman"}
    theirs = client.get(f"/api/players/{world.players[1].pk}/statistics/")
    assert theirs.status_code == 403


def test_the_desk_reads_any_player_of_its_parlor_and_none_elsewhere(
    world: StandingsWorld, api_as: RoleClients
) -> None:
    client = api_as("staff")
    response = client.get(
        f"/api/players/{world.players[2].pk}/statistics/", {"ruleset_config": world.other.pk}
    )
    assert response.status_code == 200
    assert [c["ruleset_config"] for c in response.json()["configs"]] == [world.other.pk]
    own_desk = token_client(member_of(world.parlor, "staff", username="desk-of-one"))
    stranger = PlayerFactory(parlor=ParlorFactory())
    assert own_desk.get(f"/api/players/{world.players[0].pk}/statistics/").status_code == 200
    assert own_desk.get(f"/api/players/{stranger.pk}/statistics/").status_code == 404


@pytest.mark.parametrize(
    "query",
    [
        {"date_from": "2020-02-01", "date_to": "2020-01-01"},
        {"date_to": "9999-12-31"},
        {"ordering": "money"},
        {"min_games": "-1"},
    ],
)
def test_bad_queries_are_400_naming_the_field(
    world: StandingsWorld, api_as: RoleClients, query: dict
) -> None:
    response = api_as("staff").get(
        "/api/statistics/standings/", {"parlor": world.parlor.pk, **query}
    )
    assert response.status_code == 400
    assert set(response.json()) & set(query) or set(str(response.json())) & set(query)


def test_every_figure_is_in_the_schema() -> None:
    declared = TotalsSerializer().fields
    assert all(isinstance(declared[name], RateFigureSerializer) for name in RATES)
    assert all(isinstance(declared[name], MeanFigureSerializer) for name in MEANS)


def test_the_endpoints_are_in_the_openapi_schema(api_as: RoleClients) -> None:
    schema = api_as("staff").get("/api/schema/").content.decode()
    for path in ("/api/me/statistics/", "/api/players/{player_pk}/statistics/",
                 "/api/statistics/standings/"):  # fmt: skip
        assert path in schema


def test_the_standings_come_in_pages(world: StandingsWorld, api_as: RoleClients) -> None:
    query = {"parlor": world.parlor.pk, "date_from": "2000-01-01", "date_to": "2100-12-31"}
    client = api_as("staff")
    whole = client.get("/api/statistics/standings/", query).json()
    first = client.get("/api/statistics/standings/", {**query, "page_size": 3}).json()
    third = client.get("/api/statistics/standings/", {**query, "page_size": 3, "page": 3}).json()
    assert whole["count"] == first["count"] == 8 and len(whole["lines"]) == 8
    assert [len(first["lines"]), len(third["lines"])] == [3, 2]
    assert (
        first["lines"]
        + client.get("/api/statistics/standings/", {**query, "page_size": 3, "page": 2}).json()[
            "lines"
        ]
        + third["lines"]
        == whole["lines"]
    )
