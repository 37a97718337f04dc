"""The game between two hands as JSON: what a game continues from (docs/game-format.md).

Settling a hand needs only the table as it stands (scores, chips, dealer,
dealerships, honba, pot), the chips won so far by kind (for the final
settlement) and whether the game has already ended. ``state_json`` writes
them, with the number of hands played, after each hand of a game asked for
``"states": true``; a game given one of them as ``"start"`` continues from
it, its hands numbered on from the hands the state counts, and settles each
hand exactly as the whole game played from its first hand would.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.game.final import CHIP_KINDS
from engine.game.input import bad_game
from engine.game.rules import GameRules
from engine.game.table import GameState

STATE_FIELDS = (
    "hands",
    "scores",
    "chips",
    "dealer",
    "dealerships",
    "honba",
    "pot",
    "chips_by_kind",
    "ended",
)


@dataclass(slots=True)
class GameSoFar:
    """Where a game stands after ``hands`` hands; ``ended`` is ``{"hand", "reasons"}`` or None."""

    hands: int
    table: GameState
    chips_by_kind: dict[str, list[int]]
    ended: dict[str, Any] | None

    @classmethod
    def start(cls, rules: GameRules) -> GameSoFar:
        chips = {kind: [0] * rules.players for kind in CHIP_KINDS}
        return cls(hands=0, table=GameState.start(rules), chips_by_kind=chips, ended=None)


def state_json(state: GameSoFar) -> dict[str, Any]:
    table = state.table
    return {
        "hands": state.hands,
        "scores": list(table.scores),
        "chips": list(table.chips),
        "dealer": table.dealer,
        "dealerships": table.dealerships,
        "honba": table.honba,
        "pot": table.pot,
        "chips_by_kind": {kind: list(state.chips_by_kind[kind]) for kind in CHIP_KINDS},
        "ended": None if state.ended is None else {
            "hand": state.ended["hand"], "reasons": list(state.ended["reasons"])
        },
    }  # fmt: skip


def read_state(data: Any, rules: GameRules) -> GameSoFar:
    """A game's ``start``: one of the states ``state_json`` wrote, checked field by field."""
    if not isinstance(data, Mapping):
        raise bad_game(
            "must be a game state object (a state settle_game returned)", field=("start",)
        )
    missing = [name for name in STATE_FIELDS if name not in data]
    unknown = sorted(str(name) for name in data if name not in STATE_FIELDS)
    if missing or unknown:
        raise bad_game(f"missing {missing}, unknown {unknown}: not a game state", field=("start",))
    seats = rules.players
    kinds = data["chips_by_kind"]
    if not isinstance(kinds, Mapping) or sorted(kinds) != sorted(CHIP_KINDS):
        raise bad_game(
            f"must have exactly {', '.join(CHIP_KINDS)}", field=("start", "chips_by_kind")
        )
    dealer = _count(data["dealer"], "dealer")
    if dealer >= seats:
        raise bad_game(f"seat {dealer} is not at the table", field=("start", "dealer"))
    table = GameState(
        scores=_seat_values(data["scores"], "scores", seats),
        chips=_seat_values(data["chips"], "chips", seats),
        dealer=dealer,
        dealerships=_count(data["dealerships"], "dealerships"),
        honba=_count(data["honba"], "honba"),
        pot=_count(data["pot"], "pot"),
    )
    chips_by_kind = {
        kind: _seat_values(kinds[kind], f"chips_by_kind.{kind}", seats) for kind in CHIP_KINDS
    }
    return GameSoFar(
        hands=_count(data["hands"], "hands"),
        table=table,
        chips_by_kind=chips_by_kind,
        ended=_ended(data["ended"]),
    )


def _count(value: Any, name: str) -> int:
    if type(value) is not int or value < 0:
        raise bad_game(f"must be an integer of at least 0, not {value!r}", field=("start", name))
    return value


def _seat_values(value: Any, name: str, seats: int) -> list[int]:
    if not isinstance(value, list) or len(value) != seats:
        raise bad_game(
            f"must be a list of {seats} integers, one per seat", field=("start", *name.split("."))
        )
    if any(type(item) is not int for item in value):
        raise bad_game("must be integers", field=("start", *name.split(".")))
    return list(value)


def _ended(value: Any) -> dict[str, Any] | None:
    if value is None:
        return None
    if (
        not isinstance(value, Mapping)
        or type(value.get("hand")) is not int
        or not isinstance(value.get("reasons"), list)
        or not all(isinstance(reason, str) for reason in value["reasons"])
    ):
        raise bad_game(
            "must be null or an object of hand (an integer) and reasons (texts)",
            field=("start", "ended"),
        )
    return {"hand": value["hand"], "reasons": list(value["reasons"])}
