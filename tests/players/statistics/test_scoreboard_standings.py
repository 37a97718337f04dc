"""The scoreboard's standings screen: only when the manager switches it on; names and numbers,
never money; the best lines by rating per ruleset; the link's admin shows it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from ledger.models import ScoreboardLink
from players.statistics.models import StatisticsOptions
from tests.ledger.settle.standings_world import StandingsWorld, standings_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(staff: User, manager: User) -> StandingsWorld:
    return standings_world(staff=staff, manager=manager)


def url(link: ScoreboardLink) -> str:
    return f"/scoreboard/{link.token}/standings/"


def test_off_by_default_and_404(world: StandingsWorld) -> None:
    link = ScoreboardLink.objects.create(parlor=world.parlor)
    assert Client().get(url(link)).status_code == 404


def test_switched_on_it_shows_names_and_numbers_without_money(world: StandingsWorld) -> None:
    link = ScoreboardLink.objects.create(parlor=world.parlor)
    StatisticsOptions.objects.create(parlor=world.parlor, scoreboard_standings=True,
                                     scoreboard_period="all")  # fmt: skip
    response = Client().get(url(link))
    assert response.status_code == 200
    page = response.content.decode()
    boards = response.context["boards"]
    assert [board["name"] for board in boards] == ["East only", "East only, no uma"]
    ratings = [line.rating for line in boards[0]["lines"]]
    assert ratings == sorted(ratings, reverse=True)
    for player in world.players[:4]:
        assert player.name in page
    assert "money" not in page.lower() and "JPY" not in page and "¥" not in page
    assert response["Referrer-Policy"] == "no-referrer"
    japanese = Client().get(url(link), {"lang": "ja"})
    assert "成績表" in japanese.content.decode()


def test_a_minimum_of_games_leaves_players_off(world: StandingsWorld) -> None:
    link = ScoreboardLink.objects.create(parlor=world.parlor)
    StatisticsOptions.objects.create(parlor=world.parlor, scoreboard_standings=True,
                                     scoreboard_period="all", scoreboard_min_games=2)  # fmt: skip
    boards = Client().get(url(link)).context["boards"]
    assert [len(board["lines"]) for board in boards] == [4]


def test_the_links_admin_shows_the_standings_screen(world: StandingsWorld, manager: User) -> None:
    link = ScoreboardLink.objects.create(parlor=world.parlor)
    client = Client()
    client.force_login(manager)
    assert url(link) not in client.get("/admin/ledger/scoreboardlink/").content.decode()
    StatisticsOptions.objects.create(parlor=world.parlor, scoreboard_standings=True)
    assert url(link) in client.get("/admin/ledger/scoreboardlink/").content.decode()
