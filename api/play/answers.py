"""The audit of stored idempotency answers: each against the rows it names (issue 30).

A retried POST replays the answer stored with its ``Idempotency-Key``
(``api.idempotency``), so an answer changed behind the service's back would
tell a client something the service never said. The audit
(``ledger.services.audit``, check ``idempotency_answer_differs``) renders each
stored answer's rows again, with the serializers that wrote it, and compares:

- the rows it names must exist (a hand, its postings, a session, a
  correction, penalties, settlement rows);
- every field it holds must equal the row's, except the few that change
  after the answer as the service means them to: a hand's ``live`` (a later
  correction), a session's ``state`` and its close and settle times, and the
  names and usernames shown beside ids (a player or an account renamed);
- it holds no field the endpoint never sends;
- the user it was given to is the one the row names as acting (who entered
  the hand, opened or settled the session, posted the correction).

An answer of an endpoint without a reading here names no row the audit
knows, and is not checked; every endpoint that stores answers has one (a
test holds them to the ``@idempotent`` views).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import QuerySet
from django.urls import Resolver404, resolve
from django.utils import timezone
from rest_framework.serializers import BaseSerializer

from api.books.postings import seat_context, seat_numbers_context
from api.books.serializers import SettlementSerializer
from api.counter.visits import CreditLimitSerializer, VisitSerializer
from api.floor.serializers import SeatDrawSerializer, StaffShiftSerializer, WaitingEntrySerializer
from api.models import IdempotencyRecord
from api.play.serializers.corrections import CorrectionDetailSerializer
from api.play.serializers.hands import HandResultSerializer
from api.play.serializers.penalties import PenaltySerializer
from api.play.serializers.sessions import SessionSerializer
from ledger.counter.visit_selectors import visits_with_people
from ledger.counter.visits import CreditLimit, Visit
from ledger.errors import AuditCheck
from ledger.floor.models import SeatDraw, StaffShift, WaitingEntry
from ledger.models import Correction, HandResult, Session, Settlement
from ledger.selectors import penalties_for
from ledger.selectors.listings import (
    corrections_with_details,
    hand_with_postings,
    session_with_seat_numbers,
    sessions_with_seats,
)
from ledger.services.audit import AuditFinding, AuditReport

IDEMPOTENCY_ANSWER_DIFFERS = AuditCheck.IDEMPOTENCY_ANSWER_DIFFERS

# Fields that move on after the answer, as the service means them to (see the docstring).
HAND_MOVES = frozenset({"live", "entered_by"})
SESSION_MOVES = frozenset(
    {"state", "closed_at", "settled_at", "opened_by", "name", "member_number"}
)


@dataclass(frozen=True, slots=True)
class Reading:
    """An answer's rows rendered now: the body, who acted on them, and what may have moved."""

    body: Any
    actor: int | None  # None: the answer may replay another's work (closing a closed session)
    moves: frozenset[str]
    rows: str  # "hand 12", named in findings


Render = Callable[[Any], Reading | None]


def as_stored(data: Any) -> Any:
    """``data`` as the record keeps a response body: JSON through Django's encoder."""
    return json.loads(json.dumps(data, cls=DjangoJSONEncoder))


def _hand_body(hand_id: int) -> tuple[HandResult, dict[str, Any]] | None:
    hand = HandResult.objects.select_related("entered_by").filter(pk=hand_id).first()
    found = hand and session_with_seat_numbers(session_id=hand.session_id)
    if hand is None or not found:
        return None
    live = hand_with_postings(hand)
    context = seat_numbers_context(found[1])
    return hand, as_stored(HandResultSerializer(live, context=context).data)


def _hand(body: Any) -> Reading | None:
    found = _hand_body(int(body["id"]))
    if found is None:
        return None
    hand, rendered = found
    return Reading(rendered, hand.entered_by_id, HAND_MOVES, f"hand {hand.pk}")


def _chonbo(body: Any) -> Reading | None:
    found = _hand_body(int(body["hand"]["id"]))
    if found is None:
        return None
    hand, rendered = found
    penalties = PenaltySerializer(
        penalties_for(include_corrected=True).filter(hand=hand), many=True
    )
    moves = HAND_MOVES | {"member_number", "recorded_by"}
    rendered_body = {"hand": rendered, "penalties": as_stored(penalties.data)}
    return Reading(rendered_body, hand.entered_by_id, moves, f"hand {hand.pk} and its penalties")


def _correction(body: Any) -> Reading | None:
    correction: Correction | None = corrections_with_details().filter(pk=int(body["id"])).first()
    if correction is None:
        return None
    session = sessions_with_seats().get(pk=correction.session_id)
    rendered = as_stored(CorrectionDetailSerializer(correction, context=seat_context(session)).data)
    moves = HAND_MOVES | {"created_by"}
    return Reading(rendered, correction.created_by_id, moves, f"correction {correction.pk}")


def _session(acting: str | None) -> Render:
    def read(body: Any) -> Reading | None:
        session: Session | None = sessions_with_seats().filter(pk=int(body["id"])).first()
        if session is None:
            return None
        rendered = as_stored(SessionSerializer(session).data)
        actor = getattr(session, acting) if acting else None
        return Reading(rendered, actor, SESSION_MOVES, f"session {session.pk}")

    return read


def _close(body: Any) -> Reading | None:
    ids = [int(row["id"]) for row in body]
    rows = {row.pk: row for row in Settlement.objects.filter(pk__in=ids).select_related(
        "player", "posting"
    )}  # fmt: skip
    if set(rows) != set(ids):
        return None
    rendered = as_stored(SettlementSerializer([rows[pk] for pk in ids], many=True).data)
    named = ", ".join(str(pk) for pk in ids)
    return Reading(rendered, None, frozenset({"member_number"}), f"settlement rows {named}")


def _counter_entry(body: Any) -> Reading | None:
    from api.counter.serializers import CounterEntrySerializer
    from ledger.counter.selectors import counter_entries

    entry = counter_entries().filter(pk=int(body["id"])).first()
    if entry is None:
        return None
    rendered = as_stored(CounterEntrySerializer(entry).data)
    moves = frozenset({"player_name", "created_by"})
    return Reading(rendered, entry.created_by_id, moves, f"counter entry {entry.pk}")


def _till_close(body: Any) -> Reading | None:
    from api.counter.serializers import TillCloseSerializer
    from ledger.counter.models import TillClose

    close = TillClose.objects.select_related("closed_by").filter(pk=int(body["id"])).first()
    if close is None:
        return None
    rendered = as_stored(TillCloseSerializer(close).data)
    return Reading(rendered, close.closed_by_id, frozenset({"closed_by"}), f"till close {close.pk}")


def _row(
    rows: Callable[[], QuerySet[Any]],
    serializer: type[BaseSerializer[Any]],
    *,
    actor: str | None,
    moves: frozenset[str],
    label: str,
) -> Render:
    """The reading of an answer that is one row of ``rows()`` rendered by ``serializer``:
    the desk's visits, waiting entries, shifts and draws; ``actor`` the row's field naming
    who acted (its id), ``moves`` the fields that change later as the service means them to
    (a check-out, a leave, a clock-out, the session a draw opened, the names shown)."""

    def read(body: Any) -> Reading | None:
        row = rows().filter(pk=int(body["id"])).first()
        if row is None:
            return None
        rendered = as_stored(serializer(row, context={"now": timezone.now()}).data)
        acted = getattr(row, actor) if actor else None
        return Reading(rendered, acted, moves, f"{label} {row.pk}")

    return read


def _credit_limit(body: Any) -> Reading | None:
    # A limit is one row per player, set again in place: only the player is fixed.
    if body is None:  # a removal answers 204, with no body to check
        return Reading(None, None, frozenset(), "a removed credit limit")
    limit = CreditLimit.objects.select_related("set_by").filter(player_id=int(body["player"]))
    found = limit.first()
    if found is None:
        return None
    rendered = as_stored(CreditLimitSerializer(found).data)
    return Reading(rendered, None, frozenset({"amount", "set_by", "set_at"}), "credit limit")


NAMES = frozenset({"name", "member_number", "username", "player_name"})
VISIT_MOVES = NAMES | {
    "is_open", "checked_in_by", "checked_out_at", "checked_out_by", "override_by",
}  # fmt: skip
WAITING_MOVES = NAMES | {"added_by", "waiting_minutes", "left_at", "left_because", "session"}
SHIFT_MOVES = NAMES | {"clocked_out_at"}
DRAW_MOVES = NAMES | {"drawn_by", "session"}


def _visits() -> QuerySet[Visit]:
    return visits_with_people()


def _waiting() -> QuerySet[WaitingEntry]:
    return WaitingEntry.objects.select_related("player", "added_by")


def _shifts() -> QuerySet[StaffShift]:
    return StaffShift.objects.select_related("user", "player")


def _draws() -> QuerySet[SeatDraw]:
    return SeatDraw.objects.select_related("drawn_by")


# The answer-storing endpoints by URL name (config/api_urls.py), with how to read their rows.
READINGS: dict[str, Render] = {
    # The counter's (api/counter/, issue 34).
    "counter-entry-list": _counter_entry,
    "counter-entry-reverse": _counter_entry,
    "counter-till-close-list": _till_close,
    # The desk's visits and the floor's (api/counter/visits.py, api/floor/; issues 34, 36).
    "visit-list": _row(
        _visits, VisitSerializer, actor="checked_in_by_id", moves=VISIT_MOVES, label="visit"
    ),
    "visit-check-out": _row(
        _visits, VisitSerializer, actor="checked_out_by_id", moves=VISIT_MOVES, label="visit"
    ),
    "credit-limit-list": _credit_limit,
    "waiting-entry-list": _row(
        _waiting,
        WaitingEntrySerializer,
        actor="added_by_id",
        moves=WAITING_MOVES,
        label="waiting entry",
    ),
    "waiting-entry-leave": _row(
        _waiting,
        WaitingEntrySerializer,
        actor="left_by_id",
        moves=WAITING_MOVES,
        label="waiting entry",
    ),
    "staff-shift-list": _row(
        _shifts,
        StaffShiftSerializer,
        actor="clocked_in_by_id",
        moves=SHIFT_MOVES,
        label="staff shift",
    ),
    "staff-shift-clock-out": _row(
        _shifts,
        StaffShiftSerializer,
        actor="clocked_out_by_id",
        moves=SHIFT_MOVES,
        label="staff shift",
    ),
    "seat-draw-list": _row(
        _draws, SeatDrawSerializer, actor="drawn_by_id", moves=DRAW_MOVES, label="seat draw"
    ),
    "seat-draw-open-session": _session("opened_by_id"),
    "session-hand-list": _hand,
    "penalty-list": _chonbo,
    "correction-list": _correction,
    "session-list": _session("opened_by_id"),
    "session-mark-settled": _session(None),  # a settled session answers as it is, to anyone
    "session-close": _close,
}


def audit_idempotency_answers(report: AuditReport) -> None:
    """Add a finding for each stored answer that disagrees with the rows it names."""
    for record in IdempotencyRecord.objects.order_by("pk").iterator(chunk_size=500):
        report.answers += 1
        problem = _answer_problem(record)
        if problem is None:
            continue
        message, details = problem
        report.findings.append(
            AuditFinding(
                IDEMPOTENCY_ANSWER_DIFFERS,
                f"idempotency record {record.pk} ({record.method} {record.path})",
                message,
                {"record": record.pk, "user": record.user_id, **details},
            )
        )


def _answer_problem(record: IdempotencyRecord) -> tuple[str, dict[str, Any]] | None:
    render = _reading_of(record.path)
    if render is None:
        return None
    try:
        reading = render(record.response_body)
    except (KeyError, TypeError, ValueError) as error:
        return f"the stored answer is not what the endpoint answers ({error!r})", {}
    if reading is None:
        return "the stored answer names rows that do not exist", {}
    seen = Seen(reading.moves, record.created_at)
    fields = _differences(record.response_body, reading.body, seen)
    if fields:
        return (
            f"the stored answer differs from {reading.rows} in: {', '.join(fields)}",
            {"fields": fields},
        )
    if reading.actor is not None and reading.actor != record.user_id:
        return (
            f"the answer was stored for user {record.user_id} but {reading.rows} names user"
            f" {reading.actor} as acting",
            {"actor": reading.actor},
        )
    return None


def _reading_of(path: str) -> Render | None:
    start = path.find("/api/")  # the service may be mounted under a prefix
    try:
        name = resolve(path[start:] if start >= 0 else path).url_name
    except Resolver404:
        return None
    return READINGS.get(name or "")


def _differences(stored: Any, now: Any, seen: Seen, at: str = "") -> list[str]:
    """Where ``stored`` differs from ``now``: paths such as ``postings[0].entries[1].points``.

    Keys in ``seen.moves`` are left out at any depth; a key only ``now`` has (a
    field the endpoint sends since) is not a difference, a key only ``stored``
    has is. Lists of rows (dicts with an ``id``) are matched by id: each stored
    row must be there as it was; a row only ``now`` has must be younger than the
    answer (a reversal posted on a hand later), else the answer left it out.
    """
    if isinstance(stored, dict) and isinstance(now, dict):
        never_sent = sorted(stored.keys() - now.keys())
        if never_sent:
            return [f"{at}.{key}".lstrip(".") for key in never_sent]
        return [
            found
            for key in sorted(stored.keys() - seen.moves)
            for found in _differences(stored[key], now[key], seen, f"{at}.{key}")
        ]
    if isinstance(stored, list) and isinstance(now, list) and _rows(now) and _rows(stored, True):
        return _row_differences(stored, now, seen, at)
    if isinstance(stored, list) and isinstance(now, list) and len(stored) == len(now):
        return [
            found
            for i, (one, other) in enumerate(zip(stored, now, strict=True))
            for found in _differences(one, other, seen, f"{at}[{i}]")
        ]
    return [] if stored == now else [at.lstrip(".") or "(the whole answer)"]


def _row_differences(stored: list[Any], now: list[Any], seen: Seen, at: str) -> list[str]:
    by_id = {row["id"]: row for row in now}
    found = []
    for i, row in enumerate(stored):
        other = by_id.get(row["id"])
        found += (
            [f"{at}[{i}]".lstrip(".")]
            if other is None
            else _differences(row, other, seen, f"{at}[{i}]")
        )
    named = {row["id"] for row in stored}
    left_out = [row["id"] for row in now if row["id"] not in named and not seen.later(row)]
    return found + [f"{at} (row {row_id} left out)".lstrip(".") for row_id in left_out]


def _rows(items: list[Any], empty: bool = False) -> bool:
    """A list of rows (dicts with an ``id``); an empty one only when ``empty`` says so."""
    if not items:
        return empty
    return all(isinstance(item, dict) and "id" in item for item in items)


@dataclass(frozen=True, slots=True)
class Seen:
    """What may differ: the keys that move on, and rows made after the answer was given."""

    moves: frozenset[str]
    given_at: datetime

    def later(self, row: dict[str, Any]) -> bool:
        made = row.get("created_at")
        return isinstance(made, str) and datetime.fromisoformat(made) > self.given_at
