"""The readings of the counter's stored answers: entries, till closes, visits, credit limits
(api/answers.py)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from api.answers import NAMES, Reading, Render, as_stored, row_reading
from api.counter.serializers import CounterEntrySerializer, TillCloseSerializer
from api.counter.visits import (
    CreditLimitSerializer,
    VisitSerializer,
    VisitSettlementSerializer,
)
from ledger.counter.models import TillClose
from ledger.counter.selectors import counter_entries
from ledger.counter.visit_selectors import visits_with_people
from ledger.counter.visits import CreditLimit, Visit, VisitSettlement

VISIT_MOVES = NAMES | {
    "is_open", "checked_in_by", "checked_out_at", "checked_out_by", "override_by",
}  # fmt: skip


def counter_entry_reading(body: Any) -> Reading | None:
    entry = counter_entries().filter(pk=int(body["id"])).first()
    if entry is None:
        return None
    rendered = as_stored(CounterEntrySerializer(entry).data)
    moves = frozenset({"player_name", "created_by"})
    return Reading(rendered, entry.created_by_id, moves, f"counter entry {entry.pk}")


def _till_close(body: Any) -> Reading | None:
    close = TillClose.objects.select_related("closed_by").filter(pk=int(body["id"])).first()
    if close is None:
        return None
    rendered = as_stored(TillCloseSerializer(close).data)
    return Reading(rendered, close.closed_by_id, frozenset({"closed_by"}), f"till close {close.pk}")


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


def _visits() -> QuerySet[Visit]:
    return visits_with_people()


def _visit_settlements() -> QuerySet[VisitSettlement]:
    return VisitSettlement.objects.select_related("settled_by", "posting")


READINGS: dict[str, Render] = {
    "counter-entry-list": counter_entry_reading,
    "counter-entry-reverse": counter_entry_reading,
    "counter-till-close-list": _till_close,
    "visit-list": row_reading(
        _visits, VisitSerializer, actor="checked_in_by_id", moves=VISIT_MOVES, label="visit"
    ),
    "visit-check-out": row_reading(
        _visits, VisitSerializer, actor="checked_out_by_id", moves=VISIT_MOVES, label="visit"
    ),
    "credit-limit-list": _credit_limit,
    # A visit's check-out slip, confirmed: the settlement row (its slip as kept, its entries).
    "visit-settle": row_reading(
        _visit_settlements,
        VisitSettlementSerializer,
        actor="settled_by_id",
        moves=NAMES | {"settled_by"},
        label="visit settlement",
    ),
}
