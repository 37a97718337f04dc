"""The standings rows a close writes: its settlement's figures and the seat's live penalties,
superseded with the settlement on a correction, append-only, rebuilt alike by migration 0016."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.db import connection, transaction

from ledger.books.audit import ledger_audit
from ledger.models import HandResult, Penalty, PenaltyKind, Settlement, Standing
from ledger.play.corrections import hand_amend, hand_void
from ledger.play.penalty_selectors import seat_faults, session_seat_faults
from ledger.settle.settlement_selectors import live_settlements, live_standings
from ledger.settle.settlements import session_close
from ledger.settle.standings import STANDING_FIELDS
from tests.database import refused, tampering, tampers
from tests.ledger.factories import draw
from tests.ledger.settle.standings_world import StandingsWorld, standings_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(staff: User, manager: User) -> StandingsWorld:
    return standings_world(staff=staff, manager=manager)


def fields(rows: object) -> list[tuple[object, ...]]:
    return sorted(tuple(getattr(row, name) for name in STANDING_FIELDS) for row in rows)  # type: ignore[attr-defined]


def test_each_settlement_row_has_its_standings_row(world: StandingsWorld) -> None:
    first = world.games[0]
    for settlement in Settlement.objects.filter(session=first).select_related("posting"):
        row = Standing.objects.get(posting=settlement.posting, seat=settlement.seat)
        assert (row.player_id, row.placement, row.points, row.chips, row.money, row.fee) == (
            settlement.player_id, settlement.placement, settlement.points, settlement.chips,
            settlement.money, settlement.fee,
        )  # fmt: skip
        assert row.closed_at == settlement.posting.created_at
        assert (row.parlor_id, row.ruleset_config_id) == (world.parlor.pk, world.east.pk)
        penalties = Penalty.objects.filter(session=first, seat=settlement.seat)
        assert row.chonbo == penalties.filter(kind=PenaltyKind.CHONBO).count()
        assert row.dead_hands == penalties.filter(kind=PenaltyKind.DEAD_HAND).count()
    # Seat 2 made the chonbo, seat 3 had the dead hand (standings_world).
    chonbo = dict(Standing.objects.filter(session=first).values_list("seat", "chonbo"))
    assert chonbo == {0: 0, 1: 0, 2: 1, 3: 0}
    assert ledger_audit().ok


def test_a_correction_supersedes_them_and_the_reclose_writes_new_ones(
    world: StandingsWorld,
) -> None:
    third = world.games[2]
    assert Standing.objects.filter(session=third).count() == 8  # two closes, four seats
    live = live_standings(parlor=world.parlor).filter(session=third)
    settled = live_settlements(session=third)
    assert {(row.posting_id, row.seat, row.money) for row in live} == {
        (row.posting_id, row.seat, row.money) for row in settled
    }
    # The open game has none; every live row belongs to a live close.
    assert not Standing.objects.filter(session=world.open).exists()
    assert live_standings(parlor=world.parlor).count() == live_settlements(
        parlor=world.parlor
    ).count() == 12  # fmt: skip


@tampers
def test_the_migration_rebuilds_the_same_rows(world: StandingsWorld, manager: User) -> None:
    # The first game's dead hand is struck after its close: the superseded close keeps it.
    first = world.games[0]
    hand = HandResult.objects.get(session=first, ordinal=1)
    hand_amend(hand=hand, payload=draw(0), reason="no false pon", by=manager)
    session_close(session=first, by=manager)
    dead = dict(
        Standing.objects.filter(session=first, seat=3).values_list("posting_id", "dead_hands")
    )
    live = live_standings(parlor=world.parlor).get(session=first, seat=3)
    assert sorted(dead.values()) == [0, 1] and live.dead_hands == 0
    assert ledger_audit().ok
    written = fields(Standing.objects.all())
    with tampering(Standing):
        Standing.objects.all().delete()
    migration = importlib.import_module("ledger.migrations.0016_standing")
    migration.backfill(apps, None)
    # The superseded close too: the penalties of the hands live when it was posted.
    assert fields(Standing.objects.all()) == written


@pytest.mark.requires_postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("statement", ["UPDATE {} SET money = money + 1", "DELETE FROM {}"])
def test_standings_rows_are_append_only(
    world: StandingsWorld, statement: str, sql_role: str
) -> None:
    with (
        refused(sql_role, trigger="append-only"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(statement.format(Standing._meta.db_table))


def test_the_close_counts_the_penalties_of_the_live_hands_only(
    world: StandingsWorld, manager: User
) -> None:
    """``session_seat_faults`` (the close's read, by session) is ``seat_faults`` of the live
    hands, as the audit derives it: a voided hand's penalty no longer counts."""
    first = world.games[0]
    chonbo_hand = Penalty.objects.get(session=first, kind=PenaltyKind.CHONBO).hand
    before = session_seat_faults(session_id=first.pk)
    assert before[2] == (1, 0) and before[3] == (0, 1)

    hand_void(hand=chonbo_hand, reason="entered on the wrong table", by=manager)

    for game in world.games:
        live = HandResult.objects.live().filter(session=game).values_list("pk", flat=True)
        assert session_seat_faults(session_id=game.pk) == seat_faults(hand_ids=live)
    assert 2 not in session_seat_faults(session_id=first.pk)
