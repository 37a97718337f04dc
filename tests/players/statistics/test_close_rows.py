"""The rows a close writes for the statistics: one per seat, counted from the live hands,
and the ratings carried on; a correction replays them; a rebuild finds the same."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import User

from ledger.models import HandResult, Standing
from ledger.play.corrections import hand_amend, hand_void
from ledger.settle.settlement_selectors import live_settlements, live_standings
from ledger.settle.settlements import session_close
from players.statistics.history import entry_key, entry_rating
from players.statistics.models import PlayerRating, SeatGame
from players.statistics.rows import live_seat_games
from players.statistics.services import statistics_rebuild
from tests.ledger.factories import draw, ron
from tests.ledger.settle.standings_world import StandingsWorld, standings_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(staff: User, manager: User) -> StandingsWorld:
    return standings_world(staff=staff, manager=manager)


def ratings_now(world: StandingsWorld) -> dict[tuple[int, int], tuple[Decimal, int]]:
    rows = PlayerRating.objects.filter(parlor=world.parlor)
    return {(r.player_id, r.ruleset_config_id): (r.value, r.games) for r in rows}


def entries(world: StandingsWorld) -> list[tuple[object, ...]]:
    """Every history entry of the parlor: (session, player, games, rating), in order."""
    found = []
    for rating in PlayerRating.objects.filter(parlor=world.parlor):
        for entry in rating.history:
            rated = entry_rating(entry)
            found.append((entry_key(entry), rating.player_id, rated.games, rated.value))
    return sorted(found)


def sessions_rated(session_id: int) -> list[tuple[int, int, Decimal]]:
    """(player, games, rating) of each player rated after ``session_id``'s game."""
    found = []
    for rating in PlayerRating.objects.all():
        for entry in rating.history:
            if entry[0] == session_id:
                rated = entry_rating(entry)
                found.append((rating.player_id, rated.games, rated.value))
    return found


def test_every_live_close_has_a_row_per_seat_counted_from_its_hands(
    world: StandingsWorld,
) -> None:
    live = live_seat_games().filter(parlor=world.parlor)
    assert live.count() == live_settlements(parlor=world.parlor).count() == 12
    first = world.games[0]
    rows = {row.seat: row for row in live.filter(session=first)}
    hands = HandResult.objects.live().filter(session=first).count()
    assert {row.hands for row in rows.values()} == {hands} == {3}
    # A draw (seat 0 tenpai, seat 3 dead), a chonbo by seat 2, then the dealer's daisangen
    # ron off seat 1, who busts.
    assert [rows[s].draws for s in range(4)] == [1, 1, 1, 1]
    assert [rows[s].draws_tenpai for s in range(4)] == [1, 0, 0, 0]
    assert [rows[s].wins for s in range(4)] == [1, 0, 0, 0]
    assert [rows[s].deal_ins for s in range(4)] == [0, 1, 0, 0]
    assert [rows[s].busted for s in range(4)] == [False, True, False, False]
    assert rows[0].han == {"yakuman": 1} and rows[0].yaku == {"daisangen": 1}
    # The penalties agree with the standings rows the close wrote from the penalty records.
    for standing in live_standings(parlor=world.parlor):
        row = live.get(posting=standing.posting, seat=standing.seat)
        assert (row.chonbo, row.dead_hands) == (standing.chonbo, standing.dead_hands)
        assert (row.placement, row.points, row.chips) == (
            standing.placement,
            standing.points,
            standing.chips,
        )


def test_a_superseded_close_keeps_its_rows_but_they_count_nowhere(world: StandingsWorld) -> None:
    third = world.games[2]
    assert SeatGame.objects.filter(session=third).count() == 8
    assert live_seat_games().filter(session=third).count() == 4
    live_postings = set(
        Standing.objects.filter(session=third).values_list("posting_id", flat=True)
    ) & set(live_seat_games().filter(session=third).values_list("posting_id", flat=True))
    assert len(live_postings) == 1


def test_each_seat_of_each_live_game_is_rated_and_the_rebuild_agrees(
    world: StandingsWorld,
) -> None:
    # Three live games in two pools: east (first, third) and other (second).
    assert len(entries(world)) == 12
    before_rebuild = (ratings_now(world), entries(world))
    players = world.players
    # Player 0 sat in the first (1st place, the dealer's daisangen) and the third.
    assert ratings_now(world)[(players[0].pk, world.east.pk)][1] == 2
    report = statistics_rebuild(parlor_ids=[world.parlor.pk])
    assert (report.closes, report.seat_games, report.rated_games) == (3, 12, 3)
    assert (ratings_now(world), entries(world)) == before_rebuild


def test_a_correction_replays_the_pool_without_the_game_it_reopened(
    world: StandingsWorld, manager: User
) -> None:
    first, third = world.games[0], world.games[2]
    # The first game reopened: its ratings go, the third game is rated as if it never was.
    hand = HandResult.objects.get(session=first, ordinal=1)
    hand_void(hand=hand, reason="entered twice", by=manager)
    assert sessions_rated(first.pk) == []
    third_rated = sessions_rated(third.pk)
    assert {games for _, games, _ in third_rated} == {1}
    # Rated from the start: the winner +30, the discarder -30, the two tied for second
    # share +10 and -10: 0 each.
    assert sorted(value for _, _, value in third_rated) == [
        Decimal(1470),
        Decimal(1500),
        Decimal(1500),
        Decimal(1530),
    ]
    # Closed again, it comes last in the order; the answer equals a rebuild's.
    session_close(session=first, by=manager)
    assert len(sessions_rated(first.pk)) == 4
    replayed = (ratings_now(world), entries(world))
    statistics_rebuild(parlor_ids=[world.parlor.pk])
    assert (ratings_now(world), entries(world)) == replayed


def test_an_amended_hand_is_counted_as_amended(world: StandingsWorld, manager: User) -> None:
    first = world.games[0]
    hand = HandResult.objects.get(session=first, ordinal=1)
    hand_amend(hand=hand, payload=draw(0, 1), reason="seat 1 was tenpai", by=manager)
    session_close(session=first, by=manager)
    rows = {row.seat: row for row in live_seat_games().filter(session=first)}
    assert [rows[s].draws_tenpai for s in range(4)] == [1, 1, 0, 0]
    assert rows[3].dead_hands == 0


def test_a_game_closed_with_no_hand_counts_no_hand(world: StandingsWorld, manager: User) -> None:
    from ledger.play.hands import hand_record

    session = world.open
    hand = HandResult.objects.get(session=session, ordinal=1)
    hand_void(hand=hand, reason="wrong table", by=manager)
    session_close(session=session, by=manager, stop=True)
    rows = live_seat_games().filter(session=session)
    assert rows.count() == 4 and {row.hands for row in rows} == {0}
    assert hand_record is not None and ron is not None


def test_the_command_rebuilds_every_row_the_same(world: StandingsWorld) -> None:
    from io import StringIO

    from django.core.management import call_command

    before = (ratings_now(world), entries(world), _seat_rows(world))
    SeatGame.objects.filter(parlor=world.parlor).delete()
    out = StringIO()
    call_command("statistics_rebuild", parlor=[world.parlor.pk], stdout=out)
    assert "3 closes, 12 seat rows, 3 games rated" in out.getvalue()
    assert (ratings_now(world), entries(world), _seat_rows(world)) == before


def test_the_command_names_an_unknown_parlor() -> None:
    from django.core.management import call_command
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="no parlor with id 999999"):
        call_command("statistics_rebuild", parlor=[999999])


def _seat_rows(world: StandingsWorld) -> list[tuple[object, ...]]:
    names = [f.attname for f in SeatGame._meta.concrete_fields if f.name != "id"]
    rows = live_seat_games().filter(parlor=world.parlor).order_by("posting_id", "seat")
    return [tuple(getattr(row, name) for name in names) for row in rows]
