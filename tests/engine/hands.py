"""Hand records for engine tests, written the way staff would enter them.

``record(hand, win_tile, ...)`` fills the spec's defaults (riichi-standard,
ron, South seat in an East round, no dora); ``melds`` are ``(kind, tiles)``
pairs. ``yaku_of(result)`` maps each counted yaku to its han (or to its
yakuman multiple for yakuman).
"""

from __future__ import annotations

from typing import Any

import engine

SPEC_ERROR_CODES = {
    "bad_tiles", "too_many_copies", "wrong_tile_count", "not_a_winning_hand", "no_yaku",
    "bad_field",
}


def record(hand: str, win_tile: str, *, melds: tuple[tuple[str, str], ...] = (),
           **fields: Any) -> dict[str, Any]:
    rec: dict[str, Any] = {
        "id": "test",
        "ruleset": "riichi-standard",
        "hand": hand,
        "melds": [{"kind": kind, "tiles": tiles} for kind, tiles in melds],
        "win_tile": win_tile,
        "win": "ron",
        "seat_wind": "S",
        "round_wind": "E",
        "dora_indicators": "",
        "ura_indicators": "",
        "riichi": "none",
    }
    rec.update(fields)
    return rec


def score(hand: str, win_tile: str, **fields: Any) -> dict[str, Any]:
    return engine.score(record(hand, win_tile, **fields))


def scored(hand: str, win_tile: str, **fields: Any) -> dict[str, Any]:
    """Score a hand that must be scorable; the failure shows the engine's answer."""
    result = score(hand, win_tile, **fields)
    assert result["ok"], result
    return result


def yaku_of(result: dict[str, Any]) -> dict[str, int]:
    return {y["name"]: y["yakuman"] if "yakuman" in y else y["han"] for y in result["yaku"]}


def error_of(result: dict[str, Any]) -> tuple[str, str]:
    assert not result["ok"], result
    return result["error"]["code"], result["error"]["message"]


def winner_receives(payment: dict[str, int], players: int = 4) -> int:
    """What the payers hand over before honba and sticks (4 players unless told)."""
    if "ron" in payment:
        return payment["ron"]
    if "tsumo_all" in payment:
        return (players - 1) * payment["tsumo_all"]
    return payment["tsumo_dealer"] + (players - 2) * payment["tsumo_non_dealer"]
