"""The statistics' selectors: the database's sums equal Python's over the same rows, every
count sums back to the hands, periods and pools narrow them, each view's queries are few."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from ledger.models import HandResult
from players.statistics.models import StatisticsOptions
from players.statistics.rows import live_seat_games
from players.statistics.selectors import (
    SORT_FIELDS,
    Period,
    player_statistics,
    scoreboard_standings,
    statistics_standings,
)
from players.statistics.totals import RATES, Totals, totals_of
from tests.ledger.settle.standings_world import StandingsWorld, standings_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(staff: User, manager: User) -> StandingsWorld:
    return standings_world(staff=staff, manager=manager)


def test_the_standings_sums_equal_the_rows_summed_in_python(world: StandingsWorld) -> None:
    standings = statistics_standings(parlor=world.parlor, period=Period())
    assert len(standings.lines) == 4 + 4  # east: players 0-3; other: players 2-5
    for line in standings.lines:
        rows = live_seat_games().filter(
            player_id=line.player_id, ruleset_config_id=line.ruleset_config_id
        )
        assert line.totals == Totals.from_sums(
            {name: getattr(totals_of(rows), name) for name in _counted()}
        )


def _counted() -> list[str]:
    return [name for name in Totals.__dataclass_fields__ if name not in ("yaku", "han")]


def test_every_count_sums_back_to_the_hands(world: StandingsWorld) -> None:
    standings = statistics_standings(parlor=world.parlor, period=Period())
    live_games = [world.games[0], world.games[1], world.games[2]]
    hands = HandResult.objects.live().filter(session__in=live_games)
    seats = 4
    totals = [line.totals for line in standings.lines]
    # Every seat plays every hand of its game.
    assert sum(t.hands for t in totals) == seats * hands.count()
    wins = sum(len(h.payload.get("wins") or ()) for h in hands if h.kind == "win")
    assert sum(t.wins for t in totals) == wins
    ron_hands = sum(
        any(w.get("discarder") is not None for w in h.payload["wins"])
        for h in hands
        if h.kind == "win"
    )
    assert sum(t.deal_ins for t in totals) == ron_hands
    assert sum(t.draws for t in totals) == seats * hands.filter(kind="draw").count()
    assert sum(t.chonbo for t in totals) == hands.filter(kind="chonbo").count()
    assert sum(t.games for t in totals) == seats * len(live_games)
    assert sum(t.first for t in totals) == len(live_games)


def test_a_rate_carries_its_sample_and_its_error(world: StandingsWorld) -> None:
    player = world.players[0]
    stats = player_statistics(player=player)
    (east,) = [block for block in stats.configs if block.ruleset_config_id == world.east.pk]
    win_rate = east.totals.win_rate
    assert win_rate.sample == east.totals.hands and win_rate.count == east.totals.wins
    assert win_rate.small and win_rate.standard_error is not None
    assert [game.session_id for game in east.games] == [world.games[0].pk, world.games[2].pk]
    assert [point.games for point in east.ratings] == [1, 2]
    assert east.rating is not None and east.rating.value == east.ratings[-1].value


def test_a_period_without_games_is_empty(world: StandingsWorld) -> None:
    long_ago = Period(date(2001, 1, 1), date(2001, 12, 31))
    assert statistics_standings(parlor=world.parlor, period=long_ago).lines == []
    assert player_statistics(player=world.players[0], period=long_ago).configs == []
    today = timezone.localdate()
    around = Period(today - timedelta(days=2), today + timedelta(days=2))
    assert len(statistics_standings(parlor=world.parlor, period=around).lines) == 8


def test_one_ruleset_and_a_minimum_of_games_narrow_the_standings(world: StandingsWorld) -> None:
    east = statistics_standings(
        parlor=world.parlor, period=Period(), ruleset_config_id=world.east.pk, min_games=2
    )
    assert {line.player_id for line in east.lines} == {p.pk for p in world.players[:4]}
    assert all(line.totals.games == 2 for line in east.lines)
    other = statistics_standings(parlor=world.parlor, period=Period(), min_games=2)
    assert all(line.ruleset_config_id == world.east.pk for line in other.lines)


@pytest.mark.parametrize("name", SORT_FIELDS)
def test_every_column_sorts_both_ways(world: StandingsWorld, name: str) -> None:
    for ordering in (name, f"-{name}"):
        standings = statistics_standings(parlor=world.parlor, period=Period(), ordering=ordering)
        values = [line.sort_value(name) for line in standings.lines]
        known = [value for value in values if value is not None]
        assert known == sorted(known, reverse=ordering.startswith("-"))
        assert values[len(known) :] == [None] * (len(values) - len(known))


def test_an_unknown_column_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot sort standings by 'money'"):
        statistics_standings(parlor=None, period=Period(), ordering="money")  # type: ignore[arg-type]


def test_each_view_reads_in_a_fixed_number_of_queries(world: StandingsWorld) -> None:
    with CaptureQueriesContext(connection) as queries:
        player_statistics(player=world.players[0])
    assert len(queries) == 2
    with CaptureQueriesContext(connection) as queries:
        statistics_standings(parlor=world.parlor, period=Period())
    assert len(queries) == 2


def test_the_scoreboard_shows_standings_only_when_switched_on(world: StandingsWorld) -> None:
    assert scoreboard_standings(parlor=world.parlor) is None
    StatisticsOptions.objects.create(
        parlor=world.parlor, scoreboard_standings=True, scoreboard_min_games=2
    )
    shown = scoreboard_standings(parlor=world.parlor)
    assert shown is not None and {line.totals.games for line in shown.lines} == {2}


def test_rates_are_the_documented_ones() -> None:
    totals = Totals(games=4, first=1, hands=40, wins=8, deal_ins=4, draws=5, draws_tenpai=2)
    assert {name: getattr(totals, name).sample for name in RATES} == {
        "top_rate": 4, "top_two_rate": 4, "last_avoidance_rate": 4, "bust_rate": 4,
        "win_rate": 40, "deal_in_rate": 40, "deal_in_riichi_rate": 40, "deal_in_open_rate": 40,
        "deal_in_closed_rate": 40, "riichi_rate": 40, "open_win_share": 8, "tsumo_share": 8,
        "tenpai_rate": 5,
    }  # fmt: skip
    assert str(totals.win_rate.percent) == "20.0" and str(totals.tenpai_rate.value) == "0.4000"
