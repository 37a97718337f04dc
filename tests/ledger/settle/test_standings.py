"""The standings sum back to the books: settlements, the entries on players' accounts, penalties."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.db.models import Sum
from django.utils import timezone

from ledger.books.balances import player_balance
from ledger.models import AccountKind, LedgerEntry, Penalty, PenaltyKind, PostingKind
from ledger.settle.business_days import business_day_of
from ledger.settle.settlement_selectors import live_settlements
from ledger.settle.standing_selectors import SORT_FIELDS, month_of, parlor_standings
from tests.ledger.settle.standings_world import StandingsWorld, standings_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(staff: User, manager: User) -> StandingsWorld:
    return standings_world(staff=staff, manager=manager)


def this_month(world: StandingsWorld) -> dict[str, object]:
    first, last = month_of(parlor=world.parlor, moment=timezone.now())
    return {"parlor": world.parlor, "first_day": first, "last_day": last}


def test_each_players_money_points_and_chips_are_their_accounts(world: StandingsWorld) -> None:
    rows = parlor_standings(**this_month(world)).rows  # type: ignore[arg-type]
    for player in world.players:
        mine = [row for row in rows if row.player_id == player.pk]
        # Every money movement on a player's account comes from a close (and its fee).
        assert sum(row.net_money for row in mine) == player_balance(player=player).money
        settled = LedgerEntry.objects.filter(
            account__kind=AccountKind.PLAYER,
            account__player=player,
            posting__kind=PostingKind.SETTLEMENT,
            posting__reversed_by__isnull=True,
        ).aggregate(points=Sum("points", default=0), chips=Sum("chips", default=0))
        # The settlement posting takes each seat's points and chips off its account.
        assert sum(row.points for row in mine) == -settled["points"]
        assert sum(row.chips for row in mine) == -settled["chips"]


def test_games_placements_and_penalties_count_each_live_game_once(world: StandingsWorld) -> None:
    rows = parlor_standings(**this_month(world)).rows  # type: ignore[arg-type]
    live = live_settlements(parlor=world.parlor)
    assert sum(row.games for row in rows) == live.count() == 12  # three games, four seats
    for row in rows:
        assert row.first + row.second + row.third + row.fourth == row.games
        assert row.placement_sum == row.first + 2 * row.second + 3 * row.third + 4 * row.fourth
    penalties = Penalty.objects.filter(session__in=world.games)
    assert sum(row.chonbo for row in rows) == penalties.filter(kind=PenaltyKind.CHONBO).count() == 1
    assert sum(row.dead_hands for row in rows) == 1  # the open game's dead hand is not counted
    by_key = {(row.player_id, row.ruleset_config_id): row for row in rows}
    p = world.players
    # Seat 2 of the first game made the chonbo; seat 3 had the dead hand.
    assert by_key[(p[2].pk, world.east.pk)].chonbo == 1
    assert by_key[(p[3].pk, world.east.pk)].dead_hands == 1
    # Players 0-3 played the two East games, 2-5 the other ruleset's: one row per ruleset.
    assert by_key[(p[0].pk, world.east.pk)].games == 2
    assert (p[0].pk, world.other.pk) not in by_key
    assert by_key[(p[4].pk, world.other.pk)].games == 1
    assert by_key[(p[2].pk, world.other.pk)].games == 1


def test_a_ruleset_filter_and_a_period_without_games(world: StandingsWorld) -> None:
    month = this_month(world)
    other = parlor_standings(**month, ruleset_config_id=world.other.pk).rows  # type: ignore[arg-type]
    assert {row.ruleset_config_id for row in other} == {world.other.pk}
    assert sorted(row.player_id for row in other) == sorted(p.pk for p in world.players[2:])
    yesterday = business_day_of(parlor=world.parlor, moment=timezone.now()) - timedelta(days=1)
    empty = parlor_standings(parlor=world.parlor, first_day=yesterday, last_day=yesterday)
    assert empty.rows == []


def test_sorting_by_any_column_and_the_average_placement(world: StandingsWorld) -> None:
    month = this_month(world)
    for name in SORT_FIELDS:
        rows = parlor_standings(**month, ordering=f"-{name}").rows  # type: ignore[arg-type]
        values = [getattr(row, name) for row in rows]
        assert values == sorted(values, reverse=True)
        rows = parlor_standings(**month, ordering=name).rows  # type: ignore[arg-type]
        assert [getattr(row, name) for row in rows] == sorted(values)
    with pytest.raises(ValueError, match="cannot sort"):
        parlor_standings(**month, ordering="password")  # type: ignore[arg-type]
    row = parlor_standings(**month).rows[0]  # type: ignore[arg-type]
    assert row.average_placement == (Decimal(row.placement_sum) / row.games).quantize(
        Decimal("0.01")
    )


def test_one_query_whatever_the_number_of_games(
    world: StandingsWorld, django_assert_num_queries: object
) -> None:
    with django_assert_num_queries(1):  # type: ignore[operator]
        parlor_standings(**this_month(world))  # type: ignore[arg-type]
