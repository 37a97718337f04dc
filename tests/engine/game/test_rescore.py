"""Re-scoring one stored hand from its settled output gives back what the game stored.

``engine.game.rescore`` rebuilds each win's record from the hand as entered
and the table stored with the settled hand (dealer, round wind, honba,
sticks), without replaying the game: on random games of every kind the
property tests draw (riichi-standard, Speed Tonpuu and three-player
Toutenkou; multiple rons, pao, dealer passes, deposited noten penalties,
...), every win re-scores to exactly the stored score.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import EngineError
from engine.game.rescore import game_header, rescore_hand
from tests.engine.game.games import DAISANGEN, PINFU_TANYAO, game, ron, settled, tsumo
from tests.engine.game.test_properties import GAME_OPTIONS, _random_game
from tests.engine.rulesets.toutenkou import test_properties as toutenkou


def _rescore_all(game_json: dict[str, Any]) -> tuple[int, list[str]]:
    result = settled(game_json)
    header = game_header(
        game_id=game_json["id"], ruleset=game_json["ruleset"],
        options=game_json.get("options"), game_options=game_json.get("game_options"),
    )  # fmt: skip
    scored, differing = 0, []
    for payload, stored in zip(game_json["hands"], result["hands"], strict=True):
        for win in rescore_hand(header, payload, stored):
            scored += 1
            if win.differs:
                differing.append(f"hand {stored['index']} win {win.win}: {win.keys()}")
    return scored, differing


@settings(max_examples=60, deadline=None)
@given(data=st.data(), ruleset_options=GAME_OPTIONS)
def test_every_win_of_a_random_game_rescores_to_its_stored_score(
    data: st.DataObject, ruleset_options: tuple[str, dict[str, Any]]
) -> None:
    ruleset, options = ruleset_options
    _, differing = _rescore_all(_random_game(data, ruleset, options))
    assert differing == []


@settings(max_examples=40, deadline=None)
@given(data=st.data(), options=toutenkou.GAME_OPTIONS)
def test_every_win_of_a_random_toutenkou_game_rescores_to_its_stored_score(
    data: st.DataObject, options: dict[str, Any]
) -> None:
    _, differing = _rescore_all(toutenkou._random_game(data, options))
    assert differing == []


def test_honba_and_sticks_come_from_the_stored_table() -> None:
    # Dealer tsumo (renchan: honba 1; it takes seat 1's stick), then a riichi ron takes the
    # honba and its own stick.
    game_json = game(
        tsumo(0, riichi=[1]),
        ron(2, 3, {**PINFU_TANYAO, "riichi": "riichi"}, riichi=[2]),
        ron(1, 0, DAISANGEN),
    )
    scored, differing = _rescore_all(game_json)
    assert (scored, differing) == (3, [])
    result = settled(game_json)
    second = result["hands"][1]["wins"][0]["score"]
    assert second["total"] == 3900 + 300 + 1000  # 3 han 30 fu ron, 1 honba, 1 stick


def test_a_changed_stored_score_is_reported_by_key() -> None:
    game_json = game(ron(1, 0, PINFU_TANYAO))
    result = settled(game_json)
    stored = result["hands"][0]
    stored["wins"][0]["score"] = {**stored["wins"][0]["score"], "total": 1}
    header = game_header(game_id=game_json["id"], ruleset="riichi-standard")
    [win] = rescore_hand(header, game_json["hands"][0], stored)
    assert win.differs and win.keys() == ["total"]


def test_a_hand_the_engine_cannot_read_raises() -> None:
    header = game_header(game_id="g", ruleset="riichi-standard")
    stored = {"index": 0, "dealer": 0, "round_wind": "E", "honba": 0, "sticks": 0, "wins": []}
    with pytest.raises(EngineError):
        rescore_hand(header, {"kind": "win", "wins": "nope"}, stored)
