"""The engine's results as the ledger stores them: the one place the ledger reads their keys.

The engine answers typed (engine_door.results: ``HandOutcome``, ``SettledGame`` ...);
the stored form is its JSON: ``HandResult.result`` is ``HandOutcome.to_json()`` and
reads back through ``hand_outcome(hand)``; the two round-trip exactly
(``tests/ledger/test_engine_results.py``), so the audit can compare a stored
result with a replayed one key by key. ``stored_key`` names one key for a lookup
inside the database; ``placement_chips`` reads a settlement's stored chips.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine_door.results import HandOutcome

if TYPE_CHECKING:
    from ledger.models import HandResult

__all__ = ["STORED_KEYS", "hand_outcome", "placement_chips", "stored_key"]


def placement_chips(chips_detail: Mapping[str, Any] | None) -> int:
    """The placement's chips in a stored ``SeatChips`` (``Settlement.chips_detail``); 0 if none."""
    return int((chips_detail or {}).get("placement", 0))


# The stored result's keys the ledger reads inside the database (JSON key lookups on
# ``HandResult.result``, for screens and checks that must not load whole results).
STORED_KEYS = frozenset(HandOutcome.__dataclass_fields__)


def stored_key(name: str) -> str:
    """The ORM lookup of one key of the stored result (``result__dealer_after``)."""
    if name not in STORED_KEYS:
        raise ValueError(f"a stored hand result has no key {name!r}")
    return f"result__{name}"


def hand_outcome(hand: HandResult) -> HandOutcome:
    """The stored engine result of ``hand`` (``HandResult.result``), typed."""
    return HandOutcome.from_json(hand.result)
