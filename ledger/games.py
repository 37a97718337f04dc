"""The ledger's one door to the engine: a session's hands as the game JSON, settled.

The ledger never scores or settles anything itself: it builds the game JSON
of docs/game-format.md from the session (ruleset, options, seats) and the
hands' payloads, calls ``engine.settle_game``, and turns a refusal into a
``LedgerError`` that names the hand by its number in the session and the
field at fault.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import engine
from engine import game as engine_game
from engine import rulesets as engine_rulesets
from engine.errors import EngineError
from engine.game.rules import GameRules
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.models import Session

_HAND_PREFIX = re.compile(r"^hand (\d+): ")
_HAND_NUMBER = re.compile(r"\bhand (\d+)\b")
_PATH = re.compile(r"^([a-z_]+(?:\[\d+\])?(?:\.[a-z_]+(?:\[\d+\])?)*): ")


def game_json(
    *,
    session: Session,
    players: Sequence[str],
    payloads: Sequence[Mapping[str, Any]],
    stopped: bool = False,
) -> dict[str, Any]:
    """The game JSON of ``session`` with ``payloads`` as its hands, in order.

    ``stopped``: the parlor ends the game after these hands (docs/game-format.md).
    """
    game: dict[str, Any] = {
        "id": f"session-{session.pk}" if session.pk else "session",
        "ruleset": session.ruleset_slug,
        "players": list(players),
        "hands": [dict(payload) for payload in payloads],
    }
    if session.ruleset_options:
        game["options"] = dict(session.ruleset_options)
    if session.game_options:
        game["game_options"] = dict(session.game_options)
    if stopped:
        game["stopped"] = True
    return game


def game_settle(
    *,
    session: Session,
    players: Sequence[str],
    payloads: Sequence[Mapping[str, Any]],
    ordinals: Sequence[int],
    code: LedgerErrorCode,
    stopped: bool = False,
    start: Mapping[str, Any] | None = None,
    start_ordinal: int | None = None,
) -> dict[str, Any]:
    """``engine.settle_game`` of the session's game; its refusal raised as ``code``.

    ``ordinals[i]`` is the hand number staff know ``payloads[i]`` by. ``start``: the
    engine's game state after the hands before ``payloads`` (``HandResult.game_state``);
    the game continues from it (docs/game-format.md, "Continuing a game");
    ``start_ordinal`` is the number of the hand it is the state after. The result has
    the game state after each of ``payloads`` in ``states``.
    """
    game = game_json(session=session, players=players, payloads=payloads, stopped=stopped)
    game["states"] = True
    if start is not None:
        game["start"] = dict(start)
    result = engine.settle_game(game)
    if result.get("ok"):
        return result
    error = result.get("error") or {}
    numbers, first = list(ordinals), 0
    if start is not None:  # the engine names the hand before the start too ("ended after")
        numbers, first = [start_ordinal or int(start["hands"]), *numbers], int(start["hands"]) - 1
    message, field = engine_error_where(
        str(error.get("message", "")), ordinals=numbers, first=first
    )
    raise LedgerError(code, message, field=field, engine_code=error.get("code"))


def engine_error_where(
    message: str, *, ordinals: Sequence[int], first: int = 0
) -> tuple[str, str | None]:
    """The engine's message with its hands renumbered, and the field it names.

    The engine counts hands from 0 in game order; staff know them by their
    number in the session. ``"hand 2: wins[0].record: hand: cannot parse
    ..."``, hand 2 being the session's hand 5, gives ``("hand 5: wins[0].record:
    hand: cannot parse ...", "wins[0].record.hand")``: the field is relative to
    the hand when the message starts with one, else the game's field
    (``game_options.uma``). ``first``: the engine's index of ``ordinals[0]`` (a game
    continued from a stored state counts on from the hands before it).
    """

    def renumber(match: re.Match[str]) -> str:
        index = int(match.group(1)) - first
        known = 0 <= index < len(ordinals)
        return f"hand {ordinals[index] if known else index + first + 1}"

    rest = _HAND_PREFIX.sub("", message, count=1)
    path: list[str] = []
    while (segment := _PATH.match(rest)) is not None:
        path.append(segment.group(1))
        rest = rest[segment.end() :]
    return _HAND_NUMBER.sub(renumber, message), ".".join(path) or None


def ruleset_players(
    *, ruleset_slug: str, options: Mapping[str, Any], game_options: Mapping[str, Any]
) -> int:
    """How many play the configured ruleset, asking the engine; a bad configuration raises."""
    return ruleset_game_rules(
        ruleset_slug=ruleset_slug, options=options, game_options=game_options
    ).players


def ruleset_game_rules(
    *, ruleset_slug: str, options: Mapping[str, Any], game_options: Mapping[str, Any]
) -> GameRules:
    """The engine's game rules of a configuration (players, point unit, ...); raises if bad."""
    try:
        engine_rulesets.configure(ruleset_slug, dict(options))
        rules = engine_game.configure(ruleset_slug, dict(game_options))
    except EngineError as error:
        field = "game_options" if error.message.startswith("game_options") else "options"
        raise LedgerError(
            LedgerErrorCode.BAD_RULESET_CONFIG,
            f"ruleset configuration: {error.message}",
            field=field,
            engine_code=error.code.value,
        ) from None
    return rules


def starting_points(*, session: Session) -> int:
    """The points each seat starts the session's game with, per the engine's game rules."""
    rules = engine_game.configure(session.ruleset_slug, dict(session.game_options))
    return rules.starting_points


@dataclass(frozen=True, slots=True)
class TableState:
    """Where a game stands before its next hand, from the engine's output of the last one."""

    dealer: int
    round_wind: str
    # 1-based: East 1, East 2, ...; None where the winner takes the deal (no fixed order).
    round_hand: int | None
    honba: int
    sticks: int
    scores: tuple[int, ...]
    chips: tuple[int, ...]
    game_ends: tuple[str, ...]


def table_state(
    *, session: Session, last_result: Mapping[str, Any] | None, deal_passes: int
) -> TableState:
    """The table after the hand whose engine result is ``last_result`` (None: no hand yet).

    ``deal_passes``: the live hands after which the deal moved on (``dealer_after`` differs
    from ``dealer``); the engine's round is that count of dealerships over the players,
    capped at its last wind, as ``engine.game.settle`` counts it.
    """
    rules = engine_game.configure(session.ruleset_slug, dict(session.game_options))
    seats = rules.players
    if last_result is None:
        start = rules.starting_points
        return TableState(0, rules.winds[0], 1, 0, 0, (start,) * seats, (0,) * seats, ())
    by_winner = rules.dealer_rotation == "winner"
    wind = rules.winds[min(deal_passes // seats, len(rules.winds) - 1)]
    return TableState(
        dealer=int(last_result["dealer_after"]),
        round_wind="E" if by_winner else wind,
        round_hand=None if by_winner else deal_passes % seats + 1,
        honba=int(last_result["honba_after"]),
        sticks=int(last_result["sticks_after"]),
        scores=tuple(int(points) for points in last_result["scores"]),
        chips=tuple(int(chips) for chips in last_result["chips"]),
        game_ends=tuple(str(end) for end in last_result.get("game_ends", [])),
    )
