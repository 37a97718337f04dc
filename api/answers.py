"""The audit of stored idempotency answers: each against the rows it names (issue 30).

A retried POST replays the answer stored with its ``Idempotency-Key``
(``api.idempotency``), so an answer changed behind the service's back would
tell a client something the service never said. The audit
(``ledger.books.audit``, check ``idempotency_answer_differs``) renders each
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
test holds them to the ``@idempotent`` views). Each domain keeps its readings in
``api/<domain>/answers.py``; this module joins them and runs the audit.
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

from api.models import IdempotencyRecord
from ledger.books.audit import AuditFinding, AuditReport
from ledger.errors import AuditCheck

IDEMPOTENCY_ANSWER_DIFFERS = AuditCheck.IDEMPOTENCY_ANSWER_DIFFERS
# Names shown beside ids: a player or a user renamed later is no difference.
NAMES = frozenset({"name", "member_number", "username", "player_name"})


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


def row_reading(
    rows: Callable[[], QuerySet[Any]],
    serializer: type[BaseSerializer[Any]],
    *,
    actor: str | None,
    moves: frozenset[str],
    label: str,
) -> Render:
    """The reading of an answer that is one row of ``rows()`` rendered by ``serializer``:
    ``actor`` the row's field naming
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


def readings() -> dict[str, Render]:
    """The answer-storing endpoints by URL name (config/api_urls.py), with how to read their
    rows: each domain's own (``api/<domain>/answers.py``)."""
    from api.counter.answers import READINGS as COUNTER
    from api.floor.answers import READINGS as FLOOR
    from api.play.answers import READINGS as PLAY
    from api.settle.answers import READINGS as SETTLE

    return {**PLAY, **SETTLE, **COUNTER, **FLOOR}


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
    return readings().get(name or "")


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
