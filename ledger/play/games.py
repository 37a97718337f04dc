"""A session's game: its hands as the game JSON, settled through the engine's door.

The ledger never scores or settles anything itself: it builds the game JSON
of docs/game-format.md from the session (ruleset, options, seats) and the
hands' payloads, calls the door's ``engine_door.games.settle`` (once), and turns a
refusal into a ``LedgerError`` that names the hand by its number in the session
and the field at fault, both read from the engine error's location (never its text).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine_door import games as door
from engine_door.errors import EngineError, EngineRefusal
from engine_door.games import GameRules
from engine_door.results import HandOutcome, SettledGame
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.models import Session


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
) -> SettledGame:
    """The engine's settlement of the session's game, typed; its refusal raised as ``code``.

    ``ordinals[i]`` is the hand number staff know ``payloads[i]`` by. ``start``: the
    engine's game state after the hands before ``payloads`` (``HandResult.game_state``);
    the game continues from it (docs/game-format.md, "Continuing a game");
    ``start_ordinal`` is the number of the hand it is the state after. The result has
    the game state after each of ``payloads`` in ``states`` (``SettledGame.states``).
    """
    game = {
        **game_json(session=session, players=players, payloads=payloads, stopped=stopped),
        "states": True,
    }
    first = 0
    if start is not None:
        game["start"] = dict(start)
        # The engine also names the hand before the start ("ended after hand N").
        ordinals, first = [start_ordinal or int(start["hands"]), *ordinals], start["hands"] - 1
    try:
        return door.settle(game)
    except EngineError as error:
        raise engine_refusal(error, code=code, ordinals=ordinals, first=first) from None


def game_replay(
    *, session: Session, players: Sequence[str], payloads: Sequence[Mapping[str, Any]]
) -> SettledGame:
    """The session's game replayed from its first hand, with the state after each hand.

    The audit's check of the stored results: a refusal is raised as the engine's own
    ``EngineError`` (the finding names its code and message, not a hand of the session).
    """
    game = {
        **game_json(session=session, players=players, payloads=payloads),
        "states": True,
    }
    return door.settle(game)


def engine_refusal(
    error: EngineError, *, code: LedgerErrorCode, ordinals: Sequence[int], first: int = 0
) -> LedgerError:
    """The engine's refusal as a ``LedgerError`` naming hands by their number in the session.

    The engine counts a game's hands from 0; staff know them by their number in
    the session (``ordinals[i]`` for hand ``first + i``: a game continued from a
    stored state counts on from the hands before it). The field is the engine's path
    inside the hand at fault (``wins[0].record.hand``), or the game's field
    (``game_options.uma``) when no hand is at fault; both come from the
    error's location, never from its message.
    """

    def number(index: int) -> int:
        known = 0 <= index - first < len(ordinals)
        return ordinals[index - first] if known else index + 1

    location = error.location
    ordinal = None if location.hand is None else number(location.hand)
    return LedgerError(
        code,
        error.render(number),
        field=location.field_text or None,
        engine_code=error.code.value,
        refusal=EngineRefusal(
            ordinal,
            location.field,
            error.detail,
            location,
            reason=error.reason,
            params=dict(error.params),
        ),
    )


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
        door.hand_rules(ruleset_slug, options)
    except EngineError as error:
        raise _bad_configuration(error, "options") from None
    try:
        return door.game_rules(ruleset_slug, game_options)
    except EngineError as error:
        raise _bad_configuration(error, "game_options") from None


def _bad_configuration(error: EngineError, field: str) -> LedgerError:
    return LedgerError(
        LedgerErrorCode.BAD_RULESET_CONFIG,
        f"ruleset configuration: {error.message}",
        field=field,
        engine_code=error.code.value,
    )


def starting_points(*, session: Session) -> int:
    """The points each seat starts the session's game with, per the engine's game rules."""
    return door.game_rules(session.ruleset_slug, session.game_options).starting_points


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
    *, session: Session, last_result: HandOutcome | None, deal_passes: int
) -> TableState:
    """The table after the hand whose engine outcome is ``last_result`` (None: no hand yet).

    ``deal_passes``: the live hands after which the deal moved on (``dealer_after`` differs
    from ``dealer``); the engine's round is that count of dealerships over the players,
    capped at its last wind, as ``engine.game.settle`` counts it.
    """
    rules = door.game_rules(session.ruleset_slug, session.game_options)
    seats = rules.players
    if last_result is None:
        start = rules.starting_points
        return TableState(0, rules.winds[0], 1, 0, 0, (start,) * seats, (0,) * seats, ())
    by_winner = rules.dealer_rotation == "winner"
    wind = rules.winds[min(deal_passes // seats, len(rules.winds) - 1)]
    return TableState(
        dealer=last_result.dealer_after,
        round_wind="E" if by_winner else wind,
        round_hand=None if by_winner else deal_passes % seats + 1,
        honba=last_result.honba_after,
        sticks=last_result.sticks_after,
        scores=last_result.scores,
        chips=last_result.chips,
        game_ends=last_result.game_ends,
    )
