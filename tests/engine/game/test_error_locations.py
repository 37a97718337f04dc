"""A refused game says where, as data: the hand, the field's path, the seat, the meld, the tile.

The message keeps its words (``settle_game`` still answers ``{"code", "message"}``);
``evaluate_game`` raises the ``EngineError`` whose location a caller reads instead.
"""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.errors import EngineError, ErrorLocation


def ron(record: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "win", "wins": [{"winner": 1, "discarder": 0, "record": record}]}


def game(*hands: dict[str, Any], ruleset: str = "riichi-standard") -> dict[str, Any]:
    return {"ruleset": ruleset, "players": ["a", "b", "c", "d"], "hands": list(hands)}


DRAW = {"kind": "draw", "tenpai": []}


@pytest.mark.parametrize(
    ("hand", "location", "detail"),
    [
        pytest.param(
            ron({"hand": "234m345p456s23488x", "win_tile": "4s"}),
            ErrorLocation(hand=1, field=("wins", 0, "record", "hand")),
            "cannot parse '234m345p456s23488x': unexpected 'x'",
            id="tiles",
        ),
        pytest.param(
            ron({"hand": "234m345p456s23488s", "win_tile": "9s"}),
            ErrorLocation(hand=1, field=("wins", 0, "record", "win_tile"), tile="9s"),
            "win_tile 9s is not in hand '234m345p456s23488s'",
            id="win-tile",
        ),
        pytest.param(
            ron({"hand": "234m345p456s88s", "win_tile": "8s",
                 "melds": [{"kind": "pon", "tiles": "123s"}]}),
            ErrorLocation(hand=1, field=("wins", 0, "record", "melds", 0), meld=0),
            "melds[0] (pon 123s): a pon is three identical tiles",
            id="meld",
        ),
        pytest.param(
            ron({"hand": "234m345p456s23488s", "win_tile": "4s", "ippatsu": True}),
            ErrorLocation(hand=1, field=("wins", 0, "record", "ippatsu")),
            "flag 'ippatsu' needs riichi",
            id="flag",
        ),
        pytest.param(
            {"kind": "draw", "tenpai": [7]},
            ErrorLocation(hand=1, field=("tenpai", 0), seat=7),
            "seat 7 is not at the table (seats 0-3)",
            id="seat",
        ),
    ],
)
def test_a_refusal_carries_its_location(
    hand: dict[str, Any], location: ErrorLocation, detail: str
) -> None:
    with pytest.raises(EngineError) as refused:
        engine.evaluate_game(game(DRAW, hand))

    assert refused.value.location == location
    assert refused.value.detail == detail
    answer = engine.settle_game(game(DRAW, hand))
    assert answer["error"] == refused.value.to_dict()
    assert answer["error"]["message"].startswith("hand 1: ")


def test_a_message_naming_another_hand_is_rendered_with_the_callers_numbers() -> None:
    # Speed Tonpuu is East only: four draws end the game; a fifth hand follows its end.
    with pytest.raises(EngineError) as refused:
        engine.evaluate_game(game(DRAW, DRAW, DRAW, DRAW, DRAW, ruleset="speed-tonpuu"))

    error = refused.value
    assert error.message == "hand 4: the game already ended after hand 3 (rounds_complete)"
    assert error.render(lambda index: index + 10) == (
        "hand 14: the game already ended after hand 13 (rounds_complete)"
    )
