"""The game JSON (docs/game-format.md) read into typed, shape-checked objects.

Everything that can be judged without playing the game is checked here:
field names and types, seats at the table, who may win from whom. Errors
are ``bad_game`` and name the hand index and the field; what depends on the
table's state (points, the dealer, the end of the game) is judged while
settling.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from engine.errors import EngineError, ErrorCode, FieldPath, Reason
from engine.game.vocabulary import (
    ABORT_CAUSES,
    COMMON_FIELDS,
    DEAD_FIELDS,
    FAULT_CAUSES,
    GAME_FIELDS,
    HAND_KINDS,
    KIND_FIELDS,
    REQUIRED_FIELDS,
    SPECIAL_WINS,
    WIN_FIELDS,
)


def bad_game(
    detail: str,
    *,
    hand: int | None = None,
    field: FieldPath = (),
    seat: int | None = None,
    hand_refs: Mapping[str, int] | None = None,
    reason: Reason | None = None,
    params: Mapping[str, str | int] | None = None,
) -> EngineError:
    """A ``bad_game`` error: ``hand N: <field path>: <detail>``, its location kept alongside.

    ``reason`` and ``params``: which refusal, as data (``EngineError``).
    """
    return EngineError.at(
        ErrorCode.BAD_GAME, detail, hand=hand, field=field, seat=seat,
        hand_refs=hand_refs or {}, reason=reason, params=params or {},
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class Fault:
    seat: int
    cause: str


@dataclass(frozen=True, slots=True)
class WinInput:
    winner: int
    discarder: int | None
    record: Mapping[str, Any] | None
    special: str | None
    pao: int | None

    @property
    def tsumo(self) -> bool:
        return self.discarder is None


@dataclass(frozen=True, slots=True)
class HandInput:
    index: int
    kind: str
    riichi: tuple[int, ...] = ()
    dead: tuple[Fault, ...] = ()
    wins: tuple[WinInput, ...] = ()
    dealer_passes: bool = False
    tenpai: tuple[int, ...] = ()
    nagashi: tuple[int, ...] = ()
    riichi_no_draws_left: tuple[int, ...] = ()
    cause: str | None = None
    kans: tuple[int, ...] = ()
    caller: int | None = None
    offender: int | None = None
    note: str = ""

    @property
    def dead_seats(self) -> frozenset[int]:
        return frozenset(fault.seat for fault in self.dead)


@dataclass(frozen=True, slots=True)
class GameInput:
    id: str
    ruleset: str
    options: Mapping[str, Any]
    game_options: Mapping[str, Any]
    players: tuple[str, ...]
    hands: tuple[Mapping[str, Any], ...] = field(default=())
    # The parlor ended the game after its last hand (closing time, per-hand settlement).
    stopped: bool = False
    # The game state the hands continue from (engine.game.state); None: the first hand.
    start: Any = None
    # Return the game state after each hand beside the hands.
    states: bool = False


def read_game(data: Any) -> GameInput:
    """The game's top level; its hands are read one by one with ``read_hand``."""
    if not isinstance(data, Mapping):
        raise bad_game("a game must be a JSON object")
    _no_unknown(data, GAME_FIELDS)
    for name in ("ruleset", "players", "hands"):
        if name not in data:
            raise bad_game("missing required field", field=(name,))
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise bad_game("must be a list of player names (non-empty strings)", field=("players",))
    hands = data["hands"]
    if not isinstance(hands, list):
        raise bad_game("must be a list", field=("hands",))
    stopped = data.get("stopped", False)
    if not isinstance(stopped, bool):
        raise bad_game("must be true or false", field=("stopped",))
    states = data.get("states", False)
    if not isinstance(states, bool):
        raise bad_game("must be true or false", field=("states",))
    return GameInput(
        id=_text(data.get("id", ""), None, "id"),
        ruleset=_text(data["ruleset"], None, "ruleset"),
        options=_object(data.get("options", {}), None, "options"),
        game_options=_object(data.get("game_options", {}), None, "game_options"),
        players=tuple(players),
        hands=tuple(hands),
        stopped=stopped,
        start=data.get("start"),
        states=states,
    )


def read_hand(data: Any, *, index: int, players: int) -> HandInput:
    if not isinstance(data, Mapping):
        raise bad_game("a hand must be a JSON object", hand=index)
    kind = data.get("kind")
    if kind not in HAND_KINDS:
        raise bad_game(f"{kind!r} is not one of {', '.join(HAND_KINDS)}", hand=index,
                       field=("kind",))
    _no_unknown(data, COMMON_FIELDS + KIND_FIELDS[kind], index)
    for name in REQUIRED_FIELDS[kind]:
        if name not in data:
            raise bad_game(f"missing (a {kind} hand needs it)", hand=index, field=(name,))
    seats = _Seats(players=players, hand=index)
    values: dict[str, Any] = {
        "index": index,
        "kind": kind,
        "riichi": seats.many(data.get("riichi", []), "riichi"),
        "dead": _faults(data.get("dead", []), seats),
        "note": _text(data.get("note", ""), index, "note"),
    }
    if kind == "win":
        values["wins"] = _wins(data["wins"], seats)
    if kind in ("win", "draw"):
        values["dealer_passes"] = _flag(data.get("dealer_passes", False), index, "dealer_passes")
    if kind == "draw":
        for name in ("tenpai", "nagashi", "riichi_no_draws_left"):
            values[name] = seats.many(data.get(name, []), name)
    if kind == "abort":
        values["cause"] = _choice(data["cause"], ABORT_CAUSES, index, "cause")
        values["kans"] = seats.many(data.get("kans", []), "kans", repeats=True)
        if "caller" in data:
            values["caller"] = seats.one(data["caller"], "caller")
    if kind == "chonbo":
        values["offender"] = seats.one(data["offender"], "offender")
        values["cause"] = _choice(data.get("cause", "other"), FAULT_CAUSES, index, "cause")
    return HandInput(**values)


@dataclass(frozen=True, slots=True)
class _Seats:
    players: int
    hand: int

    def one(self, value: Any, *field: str | int) -> int:
        if type(value) is not int:
            raise bad_game(f"must be a seat number, not {value!r}", hand=self.hand, field=field)
        if not 0 <= value < self.players:
            raise bad_game(
                f"seat {value} is not at the table (seats 0-{self.players - 1})",
                hand=self.hand, field=field, seat=value,
                reason=Reason.SEAT_NOT_AT_TABLE, params={"players": self.players},
            )
        return value

    def many(self, value: Any, name: str, *, repeats: bool = False) -> tuple[int, ...]:
        if not isinstance(value, list):
            raise bad_game("must be a list of seats", hand=self.hand, field=(name,))
        seats = tuple(self.one(seat, name, i) for i, seat in enumerate(value))
        if not repeats and len(set(seats)) != len(seats):
            raise bad_game("a seat is listed twice", hand=self.hand, field=(name,))
        return seats


def _wins(value: Any, seats: _Seats) -> tuple[WinInput, ...]:
    hand = seats.hand
    if not isinstance(value, list) or not value:
        raise bad_game("must be a non-empty list of wins", hand=hand, field=("wins",))
    wins = tuple(_win(item, seats, i) for i, item in enumerate(value))
    for i, win in enumerate(wins):
        if len(wins) > 1 and win.tsumo:
            raise bad_game(
                "a tsumo has one winner; several winners are only possible by ron on the same"
                " discard", hand=hand, field=("wins", i, "discarder"),
            )
        if win.discarder != wins[0].discarder:
            raise bad_game(
                "every ron of a multiple ron is on the same discard (wins[0] names seat"
                f" {wins[0].discarder})", hand=hand, field=("wins", i, "discarder"),
            )
        if win.winner in (w.winner for w in wins[:i]):
            raise bad_game(f"seat {win.winner} already won this hand", hand=hand,
                           field=("wins", i, "winner"), seat=win.winner,
                           reason=Reason.WINNER_TWICE, params={"seat": win.winner})
    return wins


def _win(item: Any, seats: _Seats, i: int) -> WinInput:
    hand = seats.hand
    if not isinstance(item, Mapping):
        raise bad_game("must be an object", hand=hand, field=("wins", i))
    _no_unknown(item, WIN_FIELDS, hand, "wins", i)
    if "winner" not in item:
        raise bad_game("missing", hand=hand, field=("wins", i, "winner"))
    winner = seats.one(item["winner"], "wins", i, "winner")
    discarder = _optional_seat(item, "discarder", seats, i)
    pao = _optional_seat(item, "pao", seats, i)
    if discarder == winner:
        raise bad_game(f"seat {winner} is the winner, not the discarder", hand=hand,
                       field=("wins", i, "discarder"), seat=winner,
                       reason=Reason.DISCARDER_IS_WINNER, params={"seat": winner})
    if pao == winner:
        raise bad_game(f"seat {winner} is the winner; pao is another player", hand=hand,
                       field=("wins", i, "pao"), seat=winner,
                       reason=Reason.PAO_IS_WINNER, params={"seat": winner})
    if ("record" in item) == ("special" in item):
        raise bad_game("give exactly one of 'record' (a hand record) or 'special'", hand=hand,
                       field=("wins", i))
    record = special = None
    if "record" in item:
        record = _object(item["record"], hand, "wins", i, "record")
    else:
        special = _choice(item["special"], SPECIAL_WINS, hand, "wins", i, "special")
    return WinInput(winner, discarder, record, special, pao)


def _optional_seat(item: Mapping[str, Any], key: str, seats: _Seats, i: int) -> int | None:
    value = item.get(key)
    return None if value is None else seats.one(value, "wins", i, key)


def _faults(value: Any, seats: _Seats) -> tuple[Fault, ...]:
    hand = seats.hand
    if not isinstance(value, list):
        raise bad_game('must be a list of {"seat", "cause"} objects', hand=hand, field=("dead",))
    faults = []
    for i, item in enumerate(value):
        if not isinstance(item, Mapping):
            raise bad_game("must be an object with 'seat' and 'cause'", hand=hand,
                           field=("dead", i))
        _no_unknown(item, DEAD_FIELDS, hand, "dead", i)
        if "seat" not in item:
            raise bad_game("missing", hand=hand, field=("dead", i, "seat"))
        seat = seats.one(item["seat"], "dead", i, "seat")
        cause = _choice(item.get("cause", "other"), FAULT_CAUSES, hand, "dead", i, "cause")
        faults.append(Fault(seat, cause))
    if len({fault.seat for fault in faults}) != len(faults):
        raise bad_game("a seat is listed twice", hand=hand, field=("dead",))
    return tuple(faults)


def _no_unknown(
    data: Mapping[str, Any], known: tuple[str, ...], hand: int | None = None, *at: str | int
) -> None:
    for name in data:
        if name not in known:
            raise bad_game(f"unknown field (known: {', '.join(known)})", hand=hand,
                           field=(*at, name))


def _text(value: Any, hand: int | None, *field: str | int) -> str:
    if not isinstance(value, str):
        raise bad_game(f"must be a string, not {value!r}", hand=hand, field=field)
    return value


def _object(value: Any, hand: int | None, *field: str | int) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise bad_game("must be an object", hand=hand, field=field)
    return MappingProxyType(dict(value))


def _flag(value: Any, hand: int, *field: str | int) -> bool:
    if value is not True and value is not False:
        raise bad_game(f"must be true or false, not {value!r}", hand=hand, field=field)
    return value


def _choice(value: Any, choices: tuple[str, ...], hand: int, *field: str | int) -> str:
    if not isinstance(value, str) or value not in choices:
        raise bad_game(f"{value!r} is not one of {', '.join(choices)}", hand=hand, field=field,
                       reason=Reason.NOT_A_CHOICE, params={"value": str(value)})
    return value
