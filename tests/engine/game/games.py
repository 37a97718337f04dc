"""Games for the settlement tests, written the way staff would enter them.

``game(*hands, ruleset=..., **game_options)`` seats four (or three) players;
the hand builders (``ron``, ``tsumo``, ``draw``, ``abort``, ``chonbo``) give
the game JSON of docs/game-format.md. ``settled`` asserts the game settled
and returns the output; ``error_of`` returns the error of a bad game.

The riichi-standard hand records below have values fixed by the rules
(checked in the test that uses them, not taken from the engine's output):
``PINFU_TANYAO`` wins on 4s by ryanmen: 2 han 30 fu on ron (non-dealer
2,000, dealer 2,900), 3 han 20 fu on tsumo with menzen tsumo (non-dealer
700/1,300, dealer 1,300 all); riichi adds a han.
"""

from __future__ import annotations

from typing import Any

import engine

PLAYERS = ["Aoi", "Ben", "Chie", "Dai"]
PINFU_TANYAO = {"hand": "234m345p456s23488s", "win_tile": "4s"}
# Daisangen with haku and hatsu called: a yakuman (non-dealer ron 32,000).
DAISANGEN = {
    "hand": "777z234m55p",
    "melds": [{"kind": "pon", "tiles": "555z"}, {"kind": "pon", "tiles": "666z"}],
    "win_tile": "7z",
}


def game(
    *hands: dict[str, Any],
    ruleset: str = "riichi-standard",
    players: int = 4,
    options: dict[str, Any] | None = None,
    **game_options: Any,
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": "test-game",
        "ruleset": ruleset,
        "players": PLAYERS[:players],
        "hands": list(hands),
    }
    if game_options:
        out["game_options"] = game_options
    if options:
        out["options"] = options
    return out


def ron(
    winner: int, discarder: int, record: dict[str, Any] | None = None, **hand: Any
) -> dict[str, Any]:
    return {"kind": "win", "wins": [_win(winner, record, discarder=discarder)], **hand}


def tsumo(winner: int, record: dict[str, Any] | None = None, **hand: Any) -> dict[str, Any]:
    rec = {**(record or PINFU_TANYAO), "win": "tsumo"}
    return {"kind": "win", "wins": [_win(winner, rec)], **hand}


def multi_ron(discarder: int, *winners: int, **hand: Any) -> dict[str, Any]:
    return {
        "kind": "win",
        "wins": [_win(winner, None, discarder=discarder) for winner in winners],
        **hand,
    }


def _win(winner: int, record: dict[str, Any] | None, **fields: Any) -> dict[str, Any]:
    return {"winner": winner, **fields, "record": dict(record or PINFU_TANYAO)}


def draw(*tenpai: int, **hand: Any) -> dict[str, Any]:
    return {"kind": "draw", "tenpai": list(tenpai), **hand}


def abort(cause: str, **hand: Any) -> dict[str, Any]:
    return {"kind": "abort", "cause": cause, **hand}


def chonbo(offender: int, **hand: Any) -> dict[str, Any]:
    return {"kind": "chonbo", "offender": offender, **hand}


def settled(game_json: dict[str, Any]) -> dict[str, Any]:
    result = engine.settle_game(game_json)
    assert result["ok"], result["error"]
    return result


def error_of(game_json: dict[str, Any]) -> dict[str, str]:
    result = engine.settle_game(game_json)
    assert not result["ok"], "expected the game to be rejected"
    error: dict[str, str] = result["error"]
    return error


def last(result: dict[str, Any]) -> dict[str, Any]:
    hand: dict[str, Any] = result["hands"][-1]
    return hand


def lines(hand: dict[str, Any], reason: str | None = None) -> list[tuple[int, int, int, int]]:
    """(from, to, points, chips) of a hand's transfers, optionally of one reason."""
    return [
        (t["from"], t["to"], t["points"], t["chips"])
        for t in hand["transfers"]
        if reason is None or t["reason"] == reason
    ]
