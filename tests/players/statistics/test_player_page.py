"""The player's own numbers page (/me/statistics/): their figures, graphs, nobody else's."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from parlor.models import Role
from tests.ledger.settle.standings_world import StandingsWorld, standings_world
from tests.parlor.factories import member_of

pytestmark = pytest.mark.django_db
URL = "/me/statistics/"


@pytest.fixture
def world(staff: User, manager: User) -> StandingsWorld:
    return standings_world(staff=staff, manager=manager)


def signed_in(world: StandingsWorld, index: int) -> Client:
    player = world.players[index]
    user = member_of(world.parlor, Role.PLAYER, username=f"me-{index}")
    player.user = user
    player.save(update_fields=["user"])
    client = Client()
    client.force_login(user)
    return client


def test_the_page_shows_the_players_figures_graphs_and_rating(world: StandingsWorld) -> None:
    response = signed_in(world, 0).get(URL)
    assert response.status_code == 200
    page = response.content.decode()
    (block,) = response.context["blocks"]
    config = block["config"]
    assert config.ruleset_config_id == world.east.pk and config.totals.games == 2
    assert (
        f'id="points-chart-{world.east.pk}"' in page
        and f'id="rating-chart-{world.east.pk}"' in page
    )
    assert len(block["points"].bars) == 2
    assert str(config.rating.value) in page
    # Player 0 won the first game on a dealer's daisangen: the yaku and han tables say so.
    assert ("Daisangen", 1) in block["yaku"] or any(w == 1 for _, w in block["yaku"])
    assert dict(block["han"])["yakuman"] >= 1
    assert "Win rate" in page and "Deal-in rate" in page and "± is the standard error" in page


def test_a_player_without_games_is_told_so(world: StandingsWorld) -> None:
    from tests.parlor.factories import PlayerFactory

    world.players.append(PlayerFactory(parlor=world.parlor))
    response = signed_in(world, len(world.players) - 1).get(URL, {"period": "month"})
    assert response.context["blocks"] == []
    assert 'id="no-games"' in response.content.decode()


def test_the_home_page_links_it(world: StandingsWorld) -> None:
    assert URL in signed_in(world, 1).get("/me/").content.decode()


def test_japanese(world: StandingsWorld) -> None:
    client = signed_in(world, 2)
    response = client.get(URL, HTTP_ACCEPT_LANGUAGE="ja")
    assert "和了率" in response.content.decode()


def test_a_login_of_no_player_is_refused(world: StandingsWorld) -> None:
    client = Client()
    client.force_login(member_of(world.parlor, Role.STAFF, username="desk-only"))
    assert client.get(URL).status_code == 403
