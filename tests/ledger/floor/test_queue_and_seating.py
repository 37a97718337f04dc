"""The waiting list's order, proposals, staff filling a seat, draws and re-draws on record."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection

from ledger.counter.visit_services import visit_check_out
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.floor.selectors import floor_now
from ledger.floor.services import (
    queue_join,
    queue_leave,
    seat_draw,
    seat_draw_confirm,
    shift_clock_in,
    shift_clock_out,
)
from ledger.models import LeftBecause, SeatDraw, SessionState, Visit, WaitingEntry
from parlor.policy import PolicyRefusal
from tests.ledger.floor.conftest import FloorWorld
from tests.parlor.factories import PlayerFactory


def _join(floor: FloorWorld, *names: str) -> list[WaitingEntry]:
    return [
        queue_join(player=floor.guest(name), ruleset_config=floor.rules, rate=floor.rate,
                   by=floor.staff)
        for name in names
    ]  # fmt: skip


def test_the_queue_is_first_come_first_served(floor: FloorWorld) -> None:
    entries = _join(floor, "Aki", "Ben", "Chie", "Dai", "Emi")
    queue = floor_now(parlor=floor.parlor).queues[0]
    assert [e.player.name for e in queue.entries] == ["Aki", "Ben", "Chie", "Dai", "Emi"]
    queue_leave(entry=entries[1], by=floor.staff)
    queue = floor_now(parlor=floor.parlor).queues[0]
    assert [e.player.name for e in queue.entries] == ["Aki", "Chie", "Dai", "Emi"]
    # Back in the queue: at its end.
    queue_join(player=entries[1].player, ruleset_config=floor.rules, rate=floor.rate,
               by=floor.staff)  # fmt: skip
    queue = floor_now(parlor=floor.parlor).queues[0]
    assert [e.player.name for e in queue.entries] == ["Aki", "Chie", "Dai", "Emi", "Ben"]
    proposal = floor_now(parlor=floor.parlor).proposals[0]
    assert [p.name for p in proposal.players] == ["Aki", "Chie", "Dai", "Emi"]
    assert proposal.table == floor.tables[0] and proposal.staff_shift is None


def test_only_checked_in_players_wait_once_per_game(floor: FloorWorld) -> None:
    stranger = PlayerFactory(parlor=floor.parlor)
    with pytest.raises(LedgerError) as refused:
        queue_join(player=stranger, ruleset_config=floor.rules, rate=floor.rate, by=floor.staff)
    assert refused.value.code is LedgerErrorCode.NOT_CHECKED_IN
    (entry,) = _join(floor, "Aki")
    with pytest.raises(LedgerError) as twice:
        queue_join(player=entry.player, ruleset_config=floor.rules, rate=floor.rate,
                   by=floor.staff)  # fmt: skip
    assert twice.value.code is LedgerErrorCode.ALREADY_WAITING
    # Checking out leaves every queue.
    visit_check_out(visit=Visit.objects.get(player=entry.player), by=floor.staff)
    entry.refresh_from_db()
    assert entry.left_because == LeftBecause.CHECKED_OUT
    assert floor_now(parlor=floor.parlor).queues == []


def test_one_short_the_desk_proposes_a_clocked_in_staff_member(floor: FloorWorld) -> None:
    _join(floor, "Aki", "Ben", "Chie")
    assert floor_now(parlor=floor.parlor).proposals == []  # three, and nobody to fill in
    as_player = PlayerFactory(parlor=floor.parlor, name="Staff Sato")
    shift = shift_clock_in(user=floor.staff, player=as_player, by=floor.staff)
    (proposal,) = floor_now(parlor=floor.parlor).proposals
    assert proposal.staff_shift == shift
    assert [p.name for p in proposal.players] == ["Aki", "Ben", "Chie", "Staff Sato"]
    shift_clock_out(shift=shift, by=floor.staff)
    assert floor_now(parlor=floor.parlor).proposals == []


def test_a_draw_opens_the_session_with_its_seats(floor: FloorWorld) -> None:
    entries = _join(floor, "Aki", "Ben", "Chie", "Dai")
    table = floor.tables[0]
    draw = seat_draw(table=table, ruleset_config=floor.rules, rate=floor.rate, by=floor.staff)
    assert sorted(draw.seats) == sorted(draw.candidates)
    assert draw.candidates == [e.player_id for e in entries]
    assert draw.drawn_by == floor.staff and draw.redraw_of is None and draw.reason == ""
    # The table is the draw's: the desk proposes nothing more for it.
    assert all(p.table != table for p in floor_now(parlor=floor.parlor).proposals)

    session = seat_draw_confirm(draw=draw, by=floor.staff)
    assert session.state == SessionState.OPEN and session.table == table
    assert [seat.player_id for seat in session.seats.all()] == draw.seats
    draw.refresh_from_db()
    assert draw.session == session
    for entry in entries:
        entry.refresh_from_db()
        assert entry.left_because == LeftBecause.SEATED and entry.session == session
    with pytest.raises(LedgerError) as again:
        seat_draw_confirm(draw=draw, by=floor.staff)
    assert again.value.code is LedgerErrorCode.DRAW_STALE


def test_every_draw_and_redraw_is_kept_with_who_and_why(floor: FloorWorld) -> None:
    _join(floor, "Aki", "Ben", "Chie", "Dai")
    table = floor.tables[0]
    first = seat_draw(table=table, ruleset_config=floor.rules, rate=floor.rate, by=floor.staff)
    with pytest.raises(LedgerError) as no_reason:
        seat_draw(table=table, ruleset_config=floor.rules, rate=floor.rate, by=floor.staff)
    assert no_reason.value.code is LedgerErrorCode.REASON_REQUIRED
    second = seat_draw(
        table=table, ruleset_config=floor.rules, rate=floor.rate, by=floor.manager,
        reason="Aki asked to sit away from the door",
    )  # fmt: skip
    assert second.redraw_of == first and second.drawn_by == floor.manager
    assert second.reason == "Aki asked to sit away from the door"
    # The replaced draw cannot open; the re-draw does, and both stay on record.
    with pytest.raises(LedgerError) as stale:
        seat_draw_confirm(draw=first, by=floor.staff)
    assert stale.value.code is LedgerErrorCode.DRAW_STALE
    session = seat_draw_confirm(draw=second, by=floor.staff)
    assert [s.player_id for s in session.seats.all()] == second.seats
    rows = list(SeatDraw.objects.filter(table=table).order_by("pk"))
    assert [(d.pk, d.drawn_by_id, d.reason) for d in rows] == [
        (first.pk, floor.staff.pk, ""),
        (second.pk, floor.manager.pk, "Aki asked to sit away from the door"),
    ]
    # PostgreSQL keeps the reason with every re-draw.
    with pytest.raises(IntegrityError), connection.cursor() as cursor:
        cursor.execute("UPDATE ledger_seatdraw SET reason = '' WHERE id = %s", [second.pk])


def test_a_player_who_left_stales_the_draw(floor: FloorWorld) -> None:
    entries = _join(floor, "Aki", "Ben", "Chie", "Dai")
    draw = seat_draw(table=floor.tables[0], ruleset_config=floor.rules, rate=floor.rate,
                     by=floor.staff)  # fmt: skip
    queue_leave(entry=entries[2], by=floor.staff)
    with pytest.raises(LedgerError) as stale:
        seat_draw_confirm(draw=draw, by=floor.staff)
    assert stale.value.code is LedgerErrorCode.DRAW_STALE


def test_players_may_not_run_the_floor(floor: FloorWorld) -> None:
    from parlor.services.roles import ROLE_PLAYER
    from tests.ledger.factories import UserFactory
    from tests.parlor.factories import house_member

    member = house_member(UserFactory(username="member"), ROLE_PLAYER)
    player = floor.guest("Aki")
    with pytest.raises(PolicyRefusal):
        queue_join(player=player, ruleset_config=floor.rules, rate=floor.rate, by=member)
