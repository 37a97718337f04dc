"""What a parlor's scoreboard screen shows: every open table, its seats and its last hand.

No money, ever: points and chips as the table has them, names, the dealer,
round, honba and sticks (``ledger.play.games.table_state``, from the engine's
output), and the last live hand drawn as tiles. Once a game is over (the session
stays open until the staff close it) its seats carry their final place and final
score instead, and no seat is dealer (issue 33, item 10). Four queries whatever the
number of tables and hands: the open sessions, their seats, the live hands'
dealers (JSON keys read in the database), and the last live hand of each.
Nothing here touches Celery or Redis, so the screen keeps working through
their outages.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.db.models import Exists, OuterRef
from django.http import Http404

from engine_door.games import final_standings
from ledger.floor.selectors import waiting_entries
from ledger.models import (
    Correction,
    FloorOptions,
    HandResult,
    ScoreboardLink,
    Session,
    SessionSeat,
    SessionState,
)
from ledger.play.engine_results import hand_outcome, stored_key
from ledger.play.games import TableState, table_state
from parlor.models import Parlor
from words.hand_view import HandView, hand_view

# What a link's token looks like (ledger.play.models.new_scoreboard_token): the URLs'
# pattern, so that a malformed one never reaches the database.
TOKEN_PATTERN = r"[A-Za-z0-9_-]{20,64}"


def scoreboard_link_of(token: str) -> ScoreboardLink:
    """The parlor's link with that token; 404 when no parlor has it (rotated, or never was)."""
    link = ScoreboardLink.objects.select_related("parlor").filter(token=token).first()
    if link is None:
        raise Http404("no scoreboard at this link")
    return link


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    name: str
    points: int
    chips: int
    is_dealer: bool
    # 1 for first ... once the game is over; None while it goes on.
    place: int | None = None


@dataclass(frozen=True, slots=True)
class LastHand:
    ordinal: int
    # Who won what with which yaku; each win's record holds the tiles as entered.
    view: HandView


@dataclass(frozen=True, slots=True)
class TableView:
    session_id: int
    table: str
    ruleset: str
    state: TableState
    seats: list[SeatView]
    hands_played: int
    last_hand: LastHand | None

    @property
    def game_over(self) -> bool:
        return bool(self.state.game_ends)


def parlor_scoreboard(*, parlor: Parlor) -> list[TableView]:
    """The parlor's open tables in table order."""
    sessions = list(
        Session.objects.filter(parlor=parlor, state=SessionState.OPEN)
        .select_related("table", "ruleset_config")
        .order_by("table__name", "pk")
    )
    ids = [session.pk for session in sessions]
    seats: dict[int, list[SessionSeat]] = defaultdict(list)
    for seat in SessionSeat.objects.filter(session_id__in=ids).select_related("player"):
        seats[seat.session_id].append(seat)
    live = (
        HandResult.objects.filter(
            ~Exists(HandResult.objects.filter(supersedes=OuterRef("pk"))),
            ~Exists(Correction.objects.filter(hand=OuterRef("pk"))),
            session_id__in=ids,
        )
        .order_by("session_id", "ordinal")
        .values_list("pk", "session_id", stored_key("dealer"), stored_key("dealer_after"))
    )
    passes: dict[int, int] = defaultdict(int)
    played: dict[int, int] = defaultdict(int)
    last: dict[int, int] = {}
    for pk, session_id, dealer, dealer_after in live:
        played[session_id] += 1
        passes[session_id] += int(dealer != dealer_after)
        last[session_id] = pk
    last_hands = {hand.session_id: hand for hand in HandResult.objects.filter(pk__in=last.values())}
    return [
        _table_view(session, seats[session.pk], last_hands.get(session.pk), passes, played)
        for session in sessions
    ]


def _table_view(
    session: Session,
    seats: list[SessionSeat],
    last: HandResult | None,
    passes: dict[int, int],
    played: dict[int, int],
) -> TableView:
    seats = sorted(seats, key=lambda seat: seat.seat)
    outcome = None if last is None else hand_outcome(last)
    state = table_state(session=session, last_result=outcome, deal_passes=passes[session.pk])
    names = [seat.player.name for seat in seats]
    last_hand = None
    if last is not None and outcome is not None:
        view = hand_view(payload=last.payload, result=outcome, names=names)
        last_hand = LastHand(ordinal=last.ordinal, view=view)
    return TableView(
        session_id=session.pk,
        table=session.table.name,
        ruleset=session.ruleset_config.name,
        state=state,
        seats=_seat_views(session, seats, state),
        hands_played=played[session.pk],
        last_hand=last_hand,
    )


def _seat_views(session: Session, seats: list[SessionSeat], state: TableState) -> list[SeatView]:
    """The seats as the table has them; once the game is over, with their final places and
    scores (the sticks left on the table to first where the rules say so) and no dealer."""
    scores = list(state.scores)
    places: list[int] | None = None
    if state.game_ends:
        places, scores = final_standings(session.ruleset_slug, session.game_options, state.scores)
    return [
        SeatView(
            seat=seat.seat,
            name=seat.player.name,
            points=scores[seat.seat] if seat.seat < len(scores) else 0,
            chips=state.chips[seat.seat] if seat.seat < len(state.chips) else 0,
            is_dealer=places is None and seat.seat == state.dealer,
            place=None if places is None or seat.seat >= len(places) else places[seat.seat],
        )
        for seat in seats
    ]


def scoreboard_waiting(*, parlor: Parlor) -> list[dict[str, Any]]:
    """How many wait for each game (the waiting list, issue 36), never money; the names in
    queue order only where the manager switched them on (``FloorOptions``)."""
    options = FloorOptions.objects.filter(parlor=parlor).first()
    names_shown = options is not None and options.scoreboard_waiting_names
    games: dict[tuple[int, int], dict[str, Any]] = {}
    for entry in waiting_entries(parlor=parlor):
        game = (entry.ruleset_config_id, entry.rate_id)
        if game not in games:
            title = f"{entry.ruleset_config.name} · {entry.rate.name}"
            games[game] = {"game": title, "count": 0, "names": []}
        games[game]["count"] += 1
        if names_shown:
            games[game]["names"].append(entry.player.name)
    return list(games.values())
