"""The reading of a close's stored answer: its settlement rows (api/answers.py)."""

from __future__ import annotations

from typing import Any

from api.answers import Reading, Render, as_stored
from api.books.serializers import SettlementSerializer
from ledger.models import Settlement


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


READINGS: dict[str, Render] = {"session-close": _close}
