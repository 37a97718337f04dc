"""The readings of the floor's stored answers: waiting entries, shifts, seat draws and the
session a draw opens (api/answers.py)."""

from __future__ import annotations

from django.db.models import QuerySet

from api.answers import NAMES, Render, row_reading
from api.counter.answers import counter_entry_reading
from api.floor.members import BackPayRateSerializer
from api.floor.serializers import (
    SeatDrawSerializer,
    SessionPauseSerializer,
    StaffShiftSerializer,
    WaitingEntrySerializer,
)
from api.play.answers import session_reading
from ledger.floor.models import BackPayRate, SeatDraw, SessionPause, StaffShift, WaitingEntry

WAITING_MOVES = NAMES | {"added_by", "waiting_minutes", "left_at", "left_because", "session"}
SHIFT_MOVES = NAMES | {"clocked_out_at"}
DRAW_MOVES = NAMES | {"drawn_by", "session"}


def _waiting() -> QuerySet[WaitingEntry]:
    return WaitingEntry.objects.select_related("player", "added_by")


def _shifts() -> QuerySet[StaffShift]:
    return StaffShift.objects.select_related("user", "player")


PAUSE_MOVES = NAMES | {"started_by", "ended_at", "ended_by"}


def _pauses() -> QuerySet[SessionPause]:
    return SessionPause.objects.select_related("started_by", "ended_by")


def _rates() -> QuerySet[BackPayRate]:
    return BackPayRate.objects.select_related("set_by")


def _draws() -> QuerySet[SeatDraw]:
    return SeatDraw.objects.select_related("drawn_by")


READINGS: dict[str, Render] = {
    "waiting-entry-list": row_reading(
        _waiting,
        WaitingEntrySerializer,
        actor="added_by_id",
        moves=WAITING_MOVES,
        label="waiting entry",
    ),
    "waiting-entry-leave": row_reading(
        _waiting,
        WaitingEntrySerializer,
        actor="left_by_id",
        moves=WAITING_MOVES,
        label="waiting entry",
    ),
    "staff-shift-list": row_reading(
        _shifts,
        StaffShiftSerializer,
        actor="clocked_in_by_id",
        moves=SHIFT_MOVES,
        label="staff shift",
    ),
    "staff-shift-clock-out": row_reading(
        _shifts,
        StaffShiftSerializer,
        actor="clocked_out_by_id",
        moves=SHIFT_MOVES,
        label="staff shift",
    ),
    "seat-draw-list": row_reading(
        _draws, SeatDrawSerializer, actor="drawn_by_id", moves=DRAW_MOVES, label="seat draw"
    ),
    "seat-draw-open-session": session_reading("opened_by_id"),
    # Staff who play: a rate set (a row per change, never changed after) and an advance or
    # its return (a counter entry, read as the counter reads its entries).
    "back-pay-rate-list": row_reading(
        _rates,
        BackPayRateSerializer,
        actor="set_by_id",
        moves=frozenset({"set_by"}),
        label="back pay rate",
    ),
    "member-advance-list": counter_entry_reading,
    # A pause started (its end moves later) and a pause ended.
    "session-pause-list": row_reading(
        _pauses, SessionPauseSerializer, actor="started_by_id", moves=PAUSE_MOVES, label="pause"
    ),
    "session-pause-resume": row_reading(
        _pauses, SessionPauseSerializer, actor="ended_by_id", moves=PAUSE_MOVES, label="pause"
    ),
}
