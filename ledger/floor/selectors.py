"""Reading the floor: the queues in order, who is on the floor, and the desk's proposals.

A proposal pairs a free table with a game whose queue holds enough players: the
first ones in the queue's order, or all but one and a clocked-in staff member to
fill the seat. A player seated at an open table, or already in a table's pending
draw, is passed over for now (they keep their place); so is a staff member. A
table with a pending draw (drawn, not yet opened nor drawn again) is that draw's.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import QuerySet
from django.utils import timezone

from ledger.models import SeatDraw, Session, SessionState, StaffShift, WaitingEntry
from ledger.play.games import ruleset_game_rules
from parlor.models import Parlor, Player, Rate, RulesetConfig, Table

Game = tuple[int, int]  # (ruleset configuration id, rate id)


def waiting_entries(*, parlor: Parlor) -> QuerySet[WaitingEntry]:
    """Everyone waiting in the parlor, each game's queue in order (first come, first served)."""
    return (
        WaitingEntry.objects.filter(parlor=parlor, left_at__isnull=True)
        .select_related("player", "ruleset_config", "rate", "added_by")
        .order_by("ruleset_config__name", "rate__name", "joined_at", "pk")
    )


def open_shifts(*, parlor: Parlor) -> QuerySet[StaffShift]:
    return (
        StaffShift.objects.filter(parlor=parlor, clocked_out_at__isnull=True)
        .select_related("user", "player")
        .order_by("clocked_in_at", "pk")
    )


def pending_draws(*, parlor: Parlor) -> QuerySet[SeatDraw]:
    """Draws not yet opened nor drawn again: at most one per table (the desk's latest)."""
    return (
        SeatDraw.objects.filter(parlor=parlor, session__isnull=True, redrawn_as__isnull=True)
        .select_related("table", "ruleset_config", "rate", "drawn_by", "staff_shift__user")
        .order_by("table__name", "-drawn_at")
    )


def seats_needed(ruleset_config: RulesetConfig) -> int:
    return ruleset_game_rules(
        ruleset_slug=ruleset_config.ruleset_slug,
        options=ruleset_config.options,
        game_options=ruleset_config.game_options,
    ).players


@dataclass
class Queue:
    ruleset_config: RulesetConfig
    rate: Rate
    seats: int
    entries: list[WaitingEntry] = field(default_factory=list)

    @property
    def game(self) -> Game:
        return (self.ruleset_config.pk, self.rate.pk)


@dataclass
class Proposal:
    table: Table
    queue: Queue
    entries: list[WaitingEntry]
    staff_shift: StaffShift | None

    @property
    def players(self) -> list[Player]:
        seated = [entry.player for entry in self.entries]
        return seated + ([self.staff_shift.player] if self.staff_shift else [])


@dataclass
class Floor:
    """The desk's view of the floor at one moment."""

    now: datetime
    queues: list[Queue]
    shifts: list[StaffShift]
    free_tables: list[Table]
    pending: list[SeatDraw]
    proposals: list[Proposal]
    # Players and staff (player ids) sitting at an open table now.
    playing: set[int]


def _seated_now(parlor: Parlor) -> set[int]:
    return set(
        Session.objects.filter(parlor=parlor, state=SessionState.OPEN).values_list(
            "seats__player_id", flat=True
        )
    )


def floor_now(*, parlor: Parlor, now: datetime | None = None) -> Floor:
    """The queues, staff, free tables, pending draws and proposals (a handful of queries)."""
    moment = now or timezone.now()
    queues: dict[Game, Queue] = {}
    for entry in waiting_entries(parlor=parlor):
        game = (entry.ruleset_config_id, entry.rate_id)
        if game not in queues:
            queues[game] = Queue(
                entry.ruleset_config, entry.rate, seats_needed(entry.ruleset_config)
            )
        queues[game].entries.append(entry)
    shifts = list(open_shifts(parlor=parlor))
    pending = list(pending_draws(parlor=parlor))
    busy = set(
        Session.objects.filter(parlor=parlor, state=SessionState.OPEN).values_list(
            "table_id", flat=True
        )
    )
    tables = Table.objects.filter(parlor=parlor, is_active=True).order_by("name", "pk")
    free = [table for table in tables if table.pk not in busy]
    playing = _seated_now(parlor)
    in_draws: set[int] = {player for draw in pending for player in draw.candidates}
    drawn_tables = {draw.table_id for draw in pending}
    proposals = []
    taken: set[int] = set(playing) | in_draws
    open_tables = [table for table in free if table.pk not in drawn_tables]
    # The game whose first player has waited longest is served first.
    for queue in sorted(queues.values(), key=lambda q: (q.entries[0].joined_at, q.entries[0].pk)):
        while open_tables:
            proposal = _proposal(queue, open_tables[0], shifts, taken)
            if proposal is None:
                break
            proposals.append(proposal)
            open_tables.pop(0)
            taken |= {player.pk for player in proposal.players}
    return Floor(
        now=moment,
        queues=sorted(queues.values(), key=lambda q: (q.ruleset_config.name, q.rate.name)),
        shifts=shifts,
        free_tables=free,
        pending=pending,
        proposals=proposals,
        playing=playing,
    )


def _proposal(
    queue: Queue, table: Table, shifts: list[StaffShift], taken: set[int]
) -> Proposal | None:
    ready = [entry for entry in queue.entries if entry.player_id not in taken][: queue.seats]
    if len(ready) == queue.seats:
        return Proposal(table=table, queue=queue, entries=ready, staff_shift=None)
    if len(ready) == queue.seats - 1:
        chosen = {entry.player_id for entry in ready}
        for shift in shifts:  # who clocked in first is asked first
            if shift.player_id not in taken and shift.player_id not in chosen:
                return Proposal(table=table, queue=queue, entries=ready, staff_shift=shift)
    return None


def proposal_for(*, table: Table, ruleset_config: RulesetConfig, rate: Rate) -> Proposal | None:
    """The proposal of ``table`` for that game as the desk would make it now (None: none).

    The table's own pending draw does not hold its players back from it (a re-draw).
    """
    floor = floor_now(parlor=table.parlor)
    for proposal in floor.proposals:
        if proposal.table.pk == table.pk and proposal.queue.game == (ruleset_config.pk, rate.pk):
            return proposal
    queue = next((q for q in floor.queues if q.game == (ruleset_config.pk, rate.pk)), None)
    if queue is None or table.pk not in {t.pk for t in floor.free_tables}:
        return None
    others = [draw for draw in floor.pending if draw.table_id != table.pk]
    taken = set(floor.playing) | {player for draw in others for player in draw.candidates}
    return _proposal(queue, table, floor.shifts, taken)


def waiting_counts(*, parlor: Parlor) -> dict[Game, list[str]]:
    """Each game's waiting players' names in queue order (the scoreboard shows the count,
    and the names only where the manager switched them on)."""
    names: dict[Game, list[str]] = defaultdict(list)
    for entry in waiting_entries(parlor=parlor):
        names[(entry.ruleset_config_id, entry.rate_id)].append(entry.player.name)
    return dict(names)
