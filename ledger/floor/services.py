"""Running the floor: the waiting list, staff shifts, seat draws and opening the drawn table.

Every write asks the policy (``RUN_FLOOR``; opening the session asks
``OPEN_SESSION`` too, through ``session_open``). A draw's players are the
desk's proposal (``ledger.floor.selectors``), its outcome the operating system's
(``ledger.floor.draw``): nothing a caller passes chooses who sits where. A draw
made while the table has a pending one is a re-draw: it needs a reason and
points to the draw it replaces, so every outcome ever drawn stays on record.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone

from ledger.errors import LedgerError, LedgerErrorCode
from ledger.floor.draw import seats_drawn
from ledger.floor.selectors import proposal_for
from ledger.models import (
    LeftBecause,
    SeatDraw,
    Session,
    StaffShift,
    Visit,
    WaitingEntry,
)
from ledger.play.sessions import session_open
from parlor import policy
from parlor.models import Player, Rate, RulesetConfig, Table
from parlor.policy import Action

REASON_MAX_LENGTH = 500


def _same_parlor(parlor_id: int, **rows: RulesetConfig | Rate | Table | Player) -> None:
    for name, row in rows.items():
        if row.parlor_id != parlor_id:
            raise LedgerError(
                LedgerErrorCode.NOT_IN_PARLOR,
                f"{name} {row} is of another parlor",
                field=name,
                params={"name": str(row), "parlor": str(parlor_id)},
            )
        if not row.is_active:
            raise LedgerError(
                LedgerErrorCode.INACTIVE,
                f"{name} {row} is not active",
                field=name,
                params={"name": str(row), "parlor": str(parlor_id)},
            )


def _reason(text: str | None, *, required: bool) -> str:
    reason = (text or "").strip()
    if required and not reason:
        raise LedgerError(
            LedgerErrorCode.REASON_REQUIRED,
            "the table has a draw already: say why it is drawn again",
            field="reason",
        )
    if len(reason) > REASON_MAX_LENGTH:
        raise LedgerError(
            LedgerErrorCode.BAD_TEXT,
            f"the reason is longer than {REASON_MAX_LENGTH} characters",
            field="reason",
            params={"limit": REASON_MAX_LENGTH},
        )
    return reason


# --- the waiting list ----------------------------------------------------------------------


def queue_join(
    *, player: Player, ruleset_config: RulesetConfig, rate: Rate, by: User
) -> WaitingEntry:
    """Put a checked-in player at the end of a game's queue."""
    policy.check(by, Action.RUN_FLOOR, parlor_id=player.parlor_id)
    _same_parlor(player.parlor_id, ruleset_config=ruleset_config, rate=rate)
    with transaction.atomic():
        visit = (
            Visit.objects.select_for_update()
            .filter(player=player, checked_out_at__isnull=True)
            .first()
        )
        if visit is None:
            raise LedgerError(
                LedgerErrorCode.NOT_CHECKED_IN,
                f"player {player} is not checked in",
                field="player",
                params={"player": str(player)},
            )
        entry = WaitingEntry(
            parlor_id=player.parlor_id,
            visit=visit,
            player=player,
            ruleset_config=ruleset_config,
            rate=rate,
            added_by=by,
        )
        try:
            with transaction.atomic():
                entry.save()
        except IntegrityError as error:
            raise LedgerError(
                LedgerErrorCode.ALREADY_WAITING,
                f"player {player} is waiting for {ruleset_config} / {rate} already",
                field="player",
                params={"player": str(player), "game": f"{ruleset_config} / {rate}"},
            ) from error
    return entry


def _leave(entry: WaitingEntry, by: User, because: LeftBecause, session: Session | None) -> None:
    entry.left_at = timezone.now()
    entry.left_by = by
    entry.left_because = because
    entry.session = session
    entry.save(update_fields=["left_at", "left_by", "left_because", "session"])


def queue_leave(*, entry: WaitingEntry, by: User) -> WaitingEntry:
    """The player leaves the queue (their visit goes on)."""
    policy.check(by, Action.RUN_FLOOR, parlor_id=entry.parlor_id)
    with transaction.atomic():
        locked = WaitingEntry.objects.select_for_update().select_related("player").get(pk=entry.pk)
        if locked.left_at is not None:
            raise LedgerError(
                LedgerErrorCode.NOT_WAITING,
                f"player {locked.player} is no longer waiting",
                field="entry",
                params={"player": str(locked.player)},
            )
        _leave(locked, by, LeftBecause.LEFT, None)
    return locked


def queue_leave_all(*, visit: Visit, by: User) -> int:
    """A checked-out player leaves every queue (called by the check-out, same transaction)."""
    entries = list(
        WaitingEntry.objects.select_for_update().filter(visit=visit, left_at__isnull=True)
    )
    for entry in entries:
        _leave(entry, by, LeftBecause.CHECKED_OUT, None)
    return len(entries)


# --- staff on the floor --------------------------------------------------------------------


def shift_clock_in(
    *, user: User, player: Player, by: User, now: datetime | None = None
) -> StaffShift:
    """Clock a staff member (a member of the player's parlor, staff or manager) in."""
    parlor_id = player.parlor_id
    policy.check(by, Action.RUN_FLOOR, parlor_id=parlor_id)
    if not policy.allows(user, Action.RUN_FLOOR, parlor_id=parlor_id):
        raise LedgerError(
            LedgerErrorCode.NOT_IN_PARLOR,
            f"{user} is not staff of the parlor",
            field="user",
            params={"name": str(user), "parlor": str(parlor_id)},
        )
    _same_parlor(parlor_id, player=player)
    shift = StaffShift(
        parlor_id=parlor_id,
        user=user,
        player=player,
        clocked_in_at=now or timezone.now(),
        clocked_in_by=by,
    )
    try:
        with transaction.atomic():
            shift.save()
    except IntegrityError as error:
        raise LedgerError(
            LedgerErrorCode.SHIFT_ALREADY_OPEN,
            f"{user} is clocked in already",
            field="user",
            params={"name": str(user)},
        ) from error
    return shift


def shift_clock_out(*, shift: StaffShift, by: User, now: datetime | None = None) -> StaffShift:
    policy.check(by, Action.RUN_FLOOR, parlor_id=shift.parlor_id)
    with transaction.atomic():
        locked = StaffShift.objects.select_for_update().select_related("user").get(pk=shift.pk)
        if locked.clocked_out_at is not None:
            raise LedgerError(
                LedgerErrorCode.SHIFT_NOT_OPEN,
                f"{locked.user} was clocked out already",
                field="shift",
                params={"name": str(locked.user)},
            )
        locked.clocked_out_at = now or timezone.now()
        locked.clocked_out_by = by
        locked.save(update_fields=["clocked_out_at", "clocked_out_by"])
    return locked


# --- seat draws ----------------------------------------------------------------------------


def seat_draw(
    *,
    table: Table,
    ruleset_config: RulesetConfig,
    rate: Rate,
    by: User,
    reason: str | None = None,
) -> SeatDraw:
    """Draw the seats of the desk's proposal for ``table`` and that game.

    The players are the proposal's (the queue's first, a staff member filling in);
    the seats are drawn by the operating system. While the table has a pending draw
    this is a re-draw: ``reason`` is required and the new draw replaces the old.
    """
    policy.check(by, Action.RUN_FLOOR, parlor_id=table.parlor_id)
    _same_parlor(table.parlor_id, table=table, ruleset_config=ruleset_config, rate=rate)
    with transaction.atomic():
        # One draw at a table at a time: the table's row is the lock.
        Table.objects.select_for_update().filter(pk=table.pk).values_list("pk").get()
        previous = (
            SeatDraw.objects.filter(table=table, session__isnull=True, redrawn_as__isnull=True)
            .order_by("-drawn_at", "-pk")
            .first()
        )
        why = _reason(reason, required=previous is not None)
        proposal = proposal_for(table=table, ruleset_config=ruleset_config, rate=rate)
        if proposal is None:
            raise LedgerError(
                LedgerErrorCode.NO_PROPOSAL,
                f"table {table} is not free, or too few players wait for {ruleset_config} / {rate}",
                field="table",
                params={"table": str(table), "game": f"{ruleset_config} / {rate}"},
            )
        candidates = [player.pk for player in proposal.players]
        draw = SeatDraw.objects.create(
            parlor_id=table.parlor_id,
            table=table,
            ruleset_config=ruleset_config,
            rate=rate,
            candidates=candidates,
            seats=seats_drawn(candidates),
            entries=[entry.pk for entry in proposal.entries],
            staff_shift=proposal.staff_shift,
            drawn_by=by,
            redraw_of=previous,
            reason=why if previous is not None else "",
        )
    return draw


def _stale(draw: SeatDraw, why: str) -> LedgerError:
    return LedgerError(
        LedgerErrorCode.DRAW_STALE,
        f"the draw for table {draw.table} cannot open: {why}",
        field="draw",
        params={"table": str(draw.table), "why": why},
    )


def seat_draw_confirm(*, draw: SeatDraw, by: User) -> Session:
    """Open the session of a pending draw with its seats, in one step.

    The waiting players leave their queue as seated in it; the draw keeps the
    session. Refused when the draw was drawn again or opened already, or when one
    of its players left the queue or the staff member clocked out meanwhile.
    """
    policy.check(by, Action.RUN_FLOOR, parlor_id=draw.parlor_id)
    with transaction.atomic():
        locked = (
            SeatDraw.objects.select_for_update(of=("self",))
            .select_related("table__parlor", "ruleset_config", "rate", "staff_shift")
            .get(pk=draw.pk)
        )
        if locked.session_id is not None:
            raise _stale(locked, "it was opened already")
        if SeatDraw.objects.filter(redraw_of=locked).exists():
            raise _stale(locked, "it was drawn again")
        entries = list(WaitingEntry.objects.select_for_update().filter(pk__in=locked.entries))
        if len(entries) != len(locked.entries) or any(e.left_at is not None for e in entries):
            raise _stale(locked, "a player left the queue")
        shift = locked.staff_shift
        if shift is not None and shift.clocked_out_at is not None:
            raise _stale(locked, "the staff member clocked out")
        players = {player.pk: player for player in Player.objects.filter(pk__in=locked.seats)}
        session = session_open(
            table=locked.table,
            players=[players[pk] for pk in locked.seats],
            ruleset_config=locked.ruleset_config,
            rate=locked.rate,
            by=by,
            savepoint=False,
        )
        locked.session = session
        locked.save(update_fields=["session"])
        for entry in entries:
            _leave(entry, by, LeftBecause.SEATED, session)
    return session
