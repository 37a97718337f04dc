"""A settled game as typed objects: what ``settle`` answers before any JSON.

``settle_typed`` (engine/game/settle.py) builds these while it plays the hands;
``evaluate_game`` and ``settle_game`` answer ``SettledGame.to_json()``, the JSON of
docs/game-format.md ("Output"), key for key. ``from_json`` reads that JSON back
(a stored hand result, ``HandOutcome.from_json``); the two round-trip exactly
(tests/ledger/test_engine_results.py).

A win's ``score`` is the hand's spec output (``engine.score``, spec/hand-record.md),
whose keys vary by ruleset (Toutenkou's ``points``, chips, a game-level win's
``special``): ``WinScore`` types what callers show and keeps the whole object.
The game states (``states``) stay JSON: they are the engine's to read back
(``start``).

A hand's own keys are read leniently: one missing (a hand-made result in a test)
reads as empty or zero; the lines inside (a transfer, a deposit, a win) need all
of theirs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.game.table import Deposit, Transfer
from engine.rulesets.speed_tonpuu.chips import ChipCause

# A win's chips by cause (Speed Tonpuu's ``chip_causes``) are the engine's ``ChipCause``.
# A hand's lines are the engine's own: ``Transfer`` (payer -> payee, points and chips,
# never negative) and ``Deposit`` (a seat into the pot, < 0, or out of it, > 0).
__all__ = [
    "ChipCause", "Deposit", "FinalResult", "GameEnd", "HandOutcome", "LeftoverSticks", "ScoredYaku",
    "SeatChips", "SettledGame", "Transfer", "WIN_REASONS", "Win", "WinScore",
]  # fmt: skip

# The reasons of a transfer or deposit that pay a win (the rest are penalties and ends).
WIN_REASONS = frozenset({"ron", "tsumo"})
STICKS = "sticks"


def _ints(values: Any) -> tuple[int, ...]:
    return tuple(int(value) for value in values or ())


def _transfer(line: Mapping[str, Any]) -> Transfer:
    return Transfer(
        payer=int(line["from"]),
        payee=int(line["to"]),
        points=int(line["points"]),
        chips=int(line["chips"]),
        reason=str(line["reason"]),
    )


def _deposit(deposit: Mapping[str, Any]) -> Deposit:
    return Deposit(
        seat=int(deposit["seat"]), points=int(deposit["points"]), reason=str(deposit["reason"])
    )


@dataclass(frozen=True, slots=True)
class ScoredYaku:
    """One yaku of a scored win: its name and value in ``unit`` (han, yakuman or points)."""

    name: str
    value: int
    unit: str

    def to_json(self) -> dict[str, Any]:
        """The spec's yaku entry (``{"name": "riichi", "han": 1}``)."""
        return {"name": self.name, self.unit: self.value}


@dataclass(frozen=True, slots=True)
class WinScore:
    """A win's score (the spec's output); ``json`` is the whole object as the engine gave it."""

    yaku: tuple[ScoredYaku, ...]
    han: int | None
    fu: int | None
    yakuman: int
    limit: str | None
    payment: Mapping[str, int]
    total: int
    # Chips the win takes: ``{"ron": N}`` from the discarder or ``{"tsumo_each": N}``.
    chips: Mapping[str, int]
    # Rulesets scored in points (Toutenkou) name them; a game-level win its ``special``.
    points: int | None
    special: str | None
    json: Mapping[str, Any]
    # The chips by cause (Speed Tonpuu), adding up to each payer's ``chips``; else empty.
    chip_causes: tuple[ChipCause, ...] = ()

    @classmethod
    def from_json(cls, score: Mapping[str, Any] | None) -> WinScore:
        score = score or {}
        return cls(
            yaku=tuple(_scored_yaku(entry) for entry in score.get("yaku") or ()),
            han=score.get("han"),
            fu=score.get("fu"),
            yakuman=int(score.get("yakuman") or 0),
            limit=score.get("limit") or None,
            payment=MappingProxyType(dict(score.get("payment") or {})),
            total=int(score.get("total") or 0),
            chips=MappingProxyType(dict(score.get("chips") or {})),
            points=score.get("points"),
            special=score.get("special"),
            json=MappingProxyType(dict(score)),
            chip_causes=tuple(
                ChipCause(str(c["cause"]), int(c.get("count") or 0), int(c["chips"]))
                for c in score.get("chip_causes") or ()
            ),
        )

    def to_json(self) -> dict[str, Any]:
        return dict(self.json)


def _scored_yaku(entry: Mapping[str, Any]) -> ScoredYaku:
    for unit in ("yakuman", "points", "han"):
        if entry.get(unit) is not None:
            return ScoredYaku(str(entry.get("name", "")), int(entry[unit]), unit)
    return ScoredYaku(str(entry.get("name", "")), 0, "han")


@dataclass(frozen=True, slots=True)
class Win:
    """One win of a hand, in paying order: who won, from whom, who is liable, the score."""

    winner: int
    discarder: int | None
    pao: int | None
    score: WinScore

    @classmethod
    def from_json(cls, win: Mapping[str, Any]) -> Win:
        return cls(
            winner=int(win["winner"]),
            discarder=win["discarder"],
            pao=win["pao"],
            score=WinScore.from_json(win["score"]),
        )

    @property
    def tsumo(self) -> bool:
        return self.discarder is None

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "discarder": self.discarder,
            "pao": self.pao,
            "score": self.score.to_json(),
        }


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """What the engine made of one hand: the table before, the wins, the lines, the table after.

    A caller stores ``to_json()`` (the ledger's ``HandResult.result``); ``from_json`` reads it back.
    """

    index: int
    kind: str
    dealer: int
    round_wind: str
    honba: int
    sticks: int
    wins: tuple[Win, ...]
    transfers: tuple[Transfer, ...]
    deposits: tuple[Deposit, ...]
    points_delta: tuple[int, ...]
    chips_delta: tuple[int, ...]
    scores: tuple[int, ...]
    chips: tuple[int, ...]
    dealer_after: int
    honba_after: int
    sticks_after: int
    # Empty while the game goes on; else why it ended (tobi, called_game, ...).
    game_ends: tuple[str, ...] = ()

    @classmethod
    def from_json(cls, result: Mapping[str, Any]) -> HandOutcome:
        return cls(
            index=int(result.get("index", 0)),
            kind=str(result.get("kind", "")),
            dealer=int(result.get("dealer", 0)),
            round_wind=str(result.get("round_wind", "")),
            honba=int(result.get("honba", 0)),
            sticks=int(result.get("sticks", 0)),
            wins=tuple(Win.from_json(win) for win in result.get("wins") or ()),
            transfers=tuple(_transfer(line) for line in result.get("transfers") or ()),
            deposits=tuple(_deposit(item) for item in result.get("deposits") or ()),
            points_delta=_ints(result.get("points_delta")),
            chips_delta=_ints(result.get("chips_delta")),
            scores=_ints(result.get("scores")),
            chips=_ints(result.get("chips")),
            dealer_after=int(result.get("dealer_after", 0)),
            honba_after=int(result.get("honba_after", 0)),
            sticks_after=int(result.get("sticks_after", 0)),
            game_ends=tuple(str(end) for end in result.get("game_ends") or ()),
        )

    def to_json(self) -> dict[str, Any]:
        """The engine's JSON of the hand, key for key (the stored ``HandResult.result``)."""
        return {
            "index": self.index,
            "kind": self.kind,
            "dealer": self.dealer,
            "round_wind": self.round_wind,
            "honba": self.honba,
            "sticks": self.sticks,
            "wins": [win.to_json() for win in self.wins],
            "transfers": [line.to_dict() for line in self.transfers],
            "deposits": [deposit.to_dict() for deposit in self.deposits],
            "points_delta": list(self.points_delta),
            "chips_delta": list(self.chips_delta),
            "scores": list(self.scores),
            "chips": list(self.chips),
            "dealer_after": self.dealer_after,
            "honba_after": self.honba_after,
            "sticks_after": self.sticks_after,
            "game_ends": list(self.game_ends),
        }

    @property
    def deal_passed(self) -> bool:
        """The deal moved on to another seat after this hand."""
        return self.dealer_after != self.dealer

    def seat_points(self, seats: int) -> tuple[int, ...]:
        """Points each seat gains (+) or loses (-) in this hand (the pot excluded)."""
        points = [0] * seats
        for line in self.transfers:
            points[line.payer] -= line.points
            points[line.payee] += line.points
        for deposit in self.deposits:
            points[deposit.seat] += deposit.points
        return tuple(points)

    def seat_chips(self, seats: int) -> tuple[int, ...]:
        """Chips each seat gains (+) or loses (-) in this hand (0 where the game has none)."""
        return tuple(self.chips_delta[:seats]) + (0,) * (seats - len(self.chips_delta[:seats]))

    def sticks_taken(self, seat: int) -> int:
        """The riichi sticks' points ``seat`` took from the pot in this hand."""
        return sum(d.points for d in self.deposits if d.seat == seat and d.reason == STICKS)


@dataclass(frozen=True, slots=True)
class GameEnd:
    """The hand the game ended after and why (several reasons can hold at once)."""

    hand: int
    reasons: tuple[str, ...]

    @classmethod
    def from_json(cls, end: Mapping[str, Any]) -> GameEnd:
        return cls(int(end["hand"]), tuple(str(reason) for reason in end["reasons"]))

    def to_json(self) -> dict[str, Any]:
        return {"hand": self.hand, "reasons": list(self.reasons)}


@dataclass(frozen=True, slots=True)
class SeatChips:
    """A seat's final chips by kind and their ``total`` (``Settlement.chips_detail``)."""

    hands: int
    tobi: int
    called_game: int
    # The placement's chips (oka and uma in chips).
    placement: int
    total: int

    @classmethod
    def from_json(cls, chips: Mapping[str, Any]) -> SeatChips:
        return cls(
            hands=int(chips["hands"]),
            tobi=int(chips["tobi"]),
            called_game=int(chips["called_game"]),
            placement=int(chips["placement"]),
            total=int(chips["total"]),
        )

    def to_json(self) -> dict[str, int]:
        return {
            "hands": self.hands,
            "tobi": self.tobi,
            "called_game": self.called_game,
            "placement": self.placement,
            "total": self.total,
        }


@dataclass(frozen=True, slots=True)
class LeftoverSticks:
    """Riichi sticks still on the table at the end, and the seat they went to (None: house)."""

    points: int
    to: int | None

    def to_json(self) -> dict[str, Any]:
        return {"points": self.points, "to": self.to}


@dataclass(frozen=True, slots=True)
class FinalResult:
    """The game's settlement once it has ended (docs/game-format.md, ``final``)."""

    leftover_sticks: LeftoverSticks
    scores: tuple[int, ...]
    # 1-based, always distinct; ``shared_places`` shows tied seats' shared place.
    placements: tuple[int, ...]
    shared_places: tuple[int, ...]
    points_delta: tuple[int, ...]
    chips: tuple[SeatChips, ...]
    value: tuple[int, ...]

    @classmethod
    def from_json(cls, final: Mapping[str, Any]) -> FinalResult:
        leftover = final["leftover_sticks"]
        return cls(
            leftover_sticks=LeftoverSticks(int(leftover["points"]), leftover["to"]),
            scores=_ints(final["scores"]),
            placements=_ints(final["placements"]),
            shared_places=_ints(final["shared_places"]),
            points_delta=_ints(final["points_delta"]),
            chips=tuple(SeatChips.from_json(chips) for chips in final["chips"]),
            value=_ints(final["value"]),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "leftover_sticks": self.leftover_sticks.to_json(),
            "scores": list(self.scores),
            "placements": list(self.placements),
            "shared_places": list(self.shared_places),
            "points_delta": list(self.points_delta),
            "chips": [chips.to_json() for chips in self.chips],
            "value": list(self.value),
        }

    def first_seat(self) -> int:
        return self.placements.index(1)

    def last_seat(self) -> int:
        return self.placements.index(len(self.placements))


@dataclass(frozen=True, slots=True)
class SettledGame:
    """``settle_typed``'s answer for a game's hands (an ``ok`` one: a refusal raises)."""

    id: str
    ruleset: str
    players: tuple[str, ...]
    chip_value: int
    hands: tuple[HandOutcome, ...]
    finished: bool
    end: GameEnd | None
    final: FinalResult | None
    # The engine's game state after each hand, when asked for (``states``): JSON it reads back.
    states: tuple[dict[str, Any], ...] | None = None

    @classmethod
    def from_engine(cls, settled: Mapping[str, Any]) -> SettledGame:
        end, final, states = settled["end"], settled["final"], settled.get("states")
        return cls(
            id=settled["id"],
            ruleset=settled["ruleset"],
            players=tuple(settled["players"]),
            chip_value=int(settled["chip_value"]),
            hands=tuple(HandOutcome.from_json(hand) for hand in settled["hands"]),
            finished=bool(settled["finished"]),
            end=None if end is None else GameEnd.from_json(end),
            final=None if final is None else FinalResult.from_json(final),
            states=None if states is None else tuple(states),
        )

    def to_json(self) -> dict[str, Any]:
        """The engine's answer again (``ok`` included), key for key."""
        out: dict[str, Any] = {
            "id": self.id,
            "ok": True,
            "ruleset": self.ruleset,
            "players": list(self.players),
            "chip_value": self.chip_value,
            "hands": [hand.to_json() for hand in self.hands],
            "finished": self.finished,
            "end": None if self.end is None else self.end.to_json(),
            "final": None if self.final is None else self.final.to_json(),
        }
        if self.states is not None:
            out["states"] = list(self.states)
        return out

    @property
    def last(self) -> HandOutcome | None:
        """The last hand's outcome (None: a game with no hand, stopped at its start)."""
        return self.hands[-1] if self.hands else None

    def last_state(self) -> dict[str, Any]:
        """The game state after the last hand (asked for with ``states``)."""
        if not self.states:
            raise ValueError("the game was settled without its states")
        return self.states[-1]
