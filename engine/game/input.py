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

from engine.errors import EngineError, ErrorCode
from engine.game.rules import FAULTS

GAME_FIELDS = (
    "id", "ruleset", "options", "game_options", "players", "hands", "stopped", "start", "states"
)  # fmt: skip
HAND_KINDS = ("win", "draw", "abort", "chonbo")
COMMON_FIELDS = ("kind", "riichi", "dead", "note")
KIND_FIELDS = {
    "win": ("wins", "dealer_passes"),
    "draw": ("tenpai", "nagashi", "riichi_no_draws_left", "dealer_passes"),
    "abort": ("cause", "kans", "caller"),
    "chonbo": ("offender", "cause"),
}
REQUIRED_FIELDS = {"win": ("wins",), "draw": (), "abort": ("cause",), "chonbo": ("offender",)}
WIN_FIELDS = ("winner", "discarder", "record", "special", "pao")
SPECIAL_WINS = ("suukantsu",)
ABORT_CAUSES = (
    "suufon_renta",
    "kyuushuu_kyuuhai",
    "suucha_riichi",
    "suukaikan",
    "sanchahou",
    "dealer_first_discard",
)
FAULT_CAUSES = (*FAULTS, "other")


def bad_game(message: str) -> EngineError:
    return EngineError(ErrorCode.BAD_GAME, message)


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
    _no_unknown(data, GAME_FIELDS, where="")
    for name in ("ruleset", "players", "hands"):
        if name not in data:
            raise bad_game(f"{name}: missing required field")
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise bad_game("players: must be a list of player names (non-empty strings)")
    hands = data["hands"]
    if not isinstance(hands, list):
        raise bad_game("hands: must be a list")
    stopped = data.get("stopped", False)
    if not isinstance(stopped, bool):
        raise bad_game("stopped: must be true or false")
    states = data.get("states", False)
    if not isinstance(states, bool):
        raise bad_game("states: must be true or false")
    return GameInput(
        id=_text(data.get("id", ""), "id"),
        ruleset=_text(data["ruleset"], "ruleset"),
        options=_object(data.get("options", {}), "options"),
        game_options=_object(data.get("game_options", {}), "game_options"),
        players=tuple(players),
        hands=tuple(hands),
        stopped=stopped,
        start=data.get("start"),
        states=states,
    )


def read_hand(data: Any, *, index: int, players: int) -> HandInput:
    where = f"hand {index}: "
    if not isinstance(data, Mapping):
        raise bad_game(f"{where}a hand must be a JSON object")
    kind = data.get("kind")
    if kind not in HAND_KINDS:
        raise bad_game(f"{where}kind: {kind!r} is not one of {', '.join(HAND_KINDS)}")
    _no_unknown(data, COMMON_FIELDS + KIND_FIELDS[kind], where=where)
    for name in REQUIRED_FIELDS[kind]:
        if name not in data:
            raise bad_game(f"{where}{name}: missing (a {kind} hand needs it)")
    seats = _Seats(players=players, where=where)
    values: dict[str, Any] = {
        "index": index,
        "kind": kind,
        "riichi": seats.many(data.get("riichi", []), "riichi"),
        "dead": _faults(data.get("dead", []), seats),
        "note": _text(data.get("note", ""), f"{where}note"),
    }
    if kind == "win":
        values["wins"] = _wins(data["wins"], seats)
    if kind in ("win", "draw"):
        values["dealer_passes"] = _flag(data.get("dealer_passes", False), where, "dealer_passes")
    if kind == "draw":
        for name in ("tenpai", "nagashi", "riichi_no_draws_left"):
            values[name] = seats.many(data.get(name, []), name)
    if kind == "abort":
        values["cause"] = _choice(data["cause"], ABORT_CAUSES, f"{where}cause")
        values["kans"] = seats.many(data.get("kans", []), "kans", repeats=True)
        if "caller" in data:
            values["caller"] = seats.one(data["caller"], "caller")
    if kind == "chonbo":
        values["offender"] = seats.one(data["offender"], "offender")
        values["cause"] = _choice(data.get("cause", "other"), FAULT_CAUSES, f"{where}cause")
    return HandInput(**values)


@dataclass(frozen=True, slots=True)
class _Seats:
    players: int
    where: str

    def one(self, value: Any, name: str) -> int:
        if type(value) is not int:
            raise bad_game(f"{self.where}{name}: must be a seat number, not {value!r}")
        if not 0 <= value < self.players:
            raise bad_game(
                f"{self.where}{name}: seat {value} is not at the table"
                f" (seats 0-{self.players - 1})"
            )
        return value

    def many(self, value: Any, name: str, *, repeats: bool = False) -> tuple[int, ...]:
        if not isinstance(value, list):
            raise bad_game(f"{self.where}{name}: must be a list of seats")
        seats = tuple(self.one(seat, f"{name}[{i}]") for i, seat in enumerate(value))
        if not repeats and len(set(seats)) != len(seats):
            raise bad_game(f"{self.where}{name}: a seat is listed twice")
        return seats


def _wins(value: Any, seats: _Seats) -> tuple[WinInput, ...]:
    where = seats.where
    if not isinstance(value, list) or not value:
        raise bad_game(f"{where}wins: must be a non-empty list of wins")
    wins = tuple(_win(item, seats, f"wins[{i}]") for i, item in enumerate(value))
    for i, win in enumerate(wins):
        if len(wins) > 1 and win.tsumo:
            raise bad_game(
                f"{where}wins[{i}].discarder: a tsumo has one winner; several winners"
                " are only possible by ron on the same discard"
            )
        if win.discarder != wins[0].discarder:
            raise bad_game(
                f"{where}wins[{i}].discarder: every ron of a multiple ron is on the same"
                f" discard (wins[0] names seat {wins[0].discarder})"
            )
        if win.winner in (w.winner for w in wins[:i]):
            raise bad_game(f"{where}wins[{i}].winner: seat {win.winner} already won this hand")
    return wins


def _win(item: Any, seats: _Seats, name: str) -> WinInput:
    where = seats.where
    if not isinstance(item, Mapping):
        raise bad_game(f"{where}{name}: must be an object")
    _no_unknown(item, WIN_FIELDS, where=f"{where}{name}.")
    if "winner" not in item:
        raise bad_game(f"{where}{name}.winner: missing")
    winner = seats.one(item["winner"], f"{name}.winner")
    discarder = _optional_seat(item, "discarder", seats, name)
    pao = _optional_seat(item, "pao", seats, name)
    if discarder == winner:
        raise bad_game(f"{where}{name}.discarder: seat {winner} is the winner, not the discarder")
    if pao == winner:
        raise bad_game(f"{where}{name}.pao: seat {winner} is the winner; pao is another player")
    if ("record" in item) == ("special" in item):
        raise bad_game(f"{where}{name}: give exactly one of 'record' (a hand record) or 'special'")
    record = special = None
    if "record" in item:
        record = _object(item["record"], f"{where}{name}.record")
    else:
        special = _choice(item["special"], SPECIAL_WINS, f"{where}{name}.special")
    return WinInput(winner, discarder, record, special, pao)


def _optional_seat(item: Mapping[str, Any], key: str, seats: _Seats, name: str) -> int | None:
    value = item.get(key)
    return None if value is None else seats.one(value, f"{name}.{key}")


def _faults(value: Any, seats: _Seats) -> tuple[Fault, ...]:
    where = seats.where
    if not isinstance(value, list):
        raise bad_game(f"{where}dead: must be a list of {{\"seat\", \"cause\"}} objects")
    faults = []
    for i, item in enumerate(value):
        if not isinstance(item, Mapping):
            raise bad_game(f"{where}dead[{i}]: must be an object with 'seat' and 'cause'")
        _no_unknown(item, ("seat", "cause"), where=f"{where}dead[{i}].")
        if "seat" not in item:
            raise bad_game(f"{where}dead[{i}].seat: missing")
        seat = seats.one(item["seat"], f"dead[{i}].seat")
        cause = _choice(item.get("cause", "other"), FAULT_CAUSES, f"{where}dead[{i}].cause")
        faults.append(Fault(seat, cause))
    if len({fault.seat for fault in faults}) != len(faults):
        raise bad_game(f"{where}dead: a seat is listed twice")
    return tuple(faults)


def _no_unknown(data: Mapping[str, Any], known: tuple[str, ...], *, where: str) -> None:
    for name in data:
        if name not in known:
            raise bad_game(f"{where}{name}: unknown field (known: {', '.join(known)})")


def _text(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise bad_game(f"{name}: must be a string, not {value!r}")
    return value


def _object(value: Any, name: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise bad_game(f"{name}: must be an object")
    return MappingProxyType(dict(value))


def _flag(value: Any, where: str, name: str) -> bool:
    if value is not True and value is not False:
        raise bad_game(f"{where}{name}: must be true or false, not {value!r}")
    return value


def _choice(value: Any, choices: tuple[str, ...], name: str) -> str:
    if not isinstance(value, str) or value not in choices:
        raise bad_game(f"{name}: {value!r} is not one of {', '.join(choices)}")
    return value
