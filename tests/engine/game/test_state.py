"""A game continued from the state after any hand settles exactly as the whole game.

``"states": true`` returns the game state after each hand; a game given one
of them as ``"start"`` and only the hands after it must give the same hands,
end and final settlement as the game played from its first hand, including
the refusal of a hand after the end, numbered as in the whole game.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from tests.engine.game.games import DAISANGEN, game, ron
from tests.engine.game.test_properties import GAME_OPTIONS, _random_game


def _continued(whole: dict[str, Any], cut: int, *, stopped: bool = False) -> dict[str, Any]:
    """The game's hands after ``cut``, from the state after the first ``cut`` hands."""
    before = engine.settle_game({**whole, "hands": whole["hands"][:cut], "states": True})
    assert before["ok"], before
    start = before["states"][-1] if cut else None
    rest = {**whole, "hands": whole["hands"][cut:], "states": True, "stopped": stopped}
    if start is not None:
        rest["start"] = start
    return engine.settle_game(rest)


@settings(max_examples=40, deadline=None)
@given(data=st.data(), ruleset_options=GAME_OPTIONS, stopped=st.booleans())
def test_a_game_continued_from_any_hand_settles_as_the_whole_game(
    data: st.DataObject, ruleset_options: tuple[str, dict[str, Any]], stopped: bool
) -> None:
    ruleset, options = ruleset_options
    whole = {**_random_game(data, ruleset, options), "states": True, "stopped": stopped}
    full = engine.settle_game(whole)
    assert full["ok"], full
    cut = data.draw(st.integers(0, len(whole["hands"])))

    continued = _continued(whole, cut, stopped=stopped)

    assert continued["ok"], continued
    assert continued["hands"] == full["hands"][cut:]
    assert continued["states"] == full["states"][cut:]
    for key in ("finished", "end", "final"):
        assert continued[key] == full[key], key


def test_the_state_counts_hands_and_carries_the_table() -> None:
    out = engine.settle_game({**game(ron(2, 3, riichi=[2])), "states": True})

    state = out["states"][0]
    assert state["hands"] == 1
    assert state["scores"] == out["hands"][0]["scores"]
    assert state["dealer"] == out["hands"][0]["dealer_after"] == 1
    assert state["ended"] is None


def test_a_hand_after_the_end_is_refused_with_its_number_in_the_whole_game() -> None:
    ended = engine.settle_game({**game(ron(0, 1, DAISANGEN)), "states": True})
    assert ended["finished"]

    more = engine.settle_game({**game(ron(2, 3)), "start": ended["states"][-1]})

    assert more["ok"] is False
    assert more["error"]["message"].startswith("hand 1: the game already ended after hand 0")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"scores": [25000] * 3}, "start.scores: must be a list of 4 integers"),
        ({"dealer": 4}, "start.dealer: seat 4 is not at the table"),
        ({"honba": -1}, "start.honba: must be an integer of at least 0"),
        ({"ended": {"hand": "x"}}, "start.ended: must be null or an object"),
        ({"extra": 1}, "unknown ['extra']"),
    ],
)
def test_a_bad_start_is_a_bad_game_naming_the_field(
    change: dict[str, Any], message: str
) -> None:
    state = engine.settle_game({**game(ron(2, 3)), "states": True})["states"][0]

    out = engine.settle_game({**game(ron(2, 3)), "start": {**state, **change}})

    assert out["ok"] is False
    assert out["error"]["code"] == "bad_game"
    assert message in out["error"]["message"]
