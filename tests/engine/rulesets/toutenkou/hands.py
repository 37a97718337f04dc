"""Toutenkou hand records for tests, written the way staff would enter them.

``record(hand, win_tile, ...)`` fills the defaults (toutenkou, ron, South
seat, East round, no dora); ``melds`` are ``(kind, tiles)`` pairs.
``points_of(result)`` maps each counted yaku to its points.

Hands used across the tests, with values worked out from the rules:

- ``CHUN_PON``: 123p 456s 789s 11p + pon of chun, a non-dealer's open hand
  whose only regular yaku is yakuhai_chun (1 point).
- ``HAKU_CLOSED``: 123p 456s 789s 11p 555z closed, yakuhai_haku (1 point).
"""

from __future__ import annotations

from typing import Any

import engine
from tests.engine.hands import record as base_record

CHUN_PON: dict[str, Any] = {
    "hand": "123p456s789s11p",
    "melds": [{"kind": "pon", "tiles": "777z"}],
    "win_tile": "1p",
}
HAKU_CLOSED: dict[str, Any] = {"hand": "123p456s789s11p555z", "win_tile": "1p"}


def record(hand: str, win_tile: str, *, melds: tuple[tuple[str, str], ...] = (),
           **fields: Any) -> dict[str, Any]:
    return base_record(hand, win_tile, melds=melds, **{"ruleset": "toutenkou", **fields})


def of(base: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """A copy of ``base`` (``CHUN_PON`` ...) as a full record, with ``fields`` changed."""
    rec = record(base["hand"], base["win_tile"])
    rec["melds"] = list(base.get("melds", []))
    rec.update(fields)
    return rec


def scored(rec: dict[str, Any]) -> dict[str, Any]:
    result = engine.score(rec)
    assert result["ok"], result
    return result


def points_of(result: dict[str, Any]) -> dict[str, int]:
    return {y["name"]: y["points"] for y in result["yaku"]}


def error_of(rec: dict[str, Any]) -> tuple[str, str]:
    result = engine.score(rec)
    assert not result["ok"], result
    return result["error"]["code"], result["error"]["message"]
