"""The causes each penalty may name under a ruleset: the engine lists exactly those it takes."""

from __future__ import annotations

from typing import Any

import pytest

import engine.rulesets
from engine.errors import EngineError
from engine.game import evaluate_game
from engine.game.vocabulary import FAULT_CAUSES

RULESETS = ("riichi-standard", "tenhou", "tenhou-sanma", "speed-tonpuu", "toutenkou")


def test_speed_tonpuu_makes_a_false_ron_a_dead_hand_and_a_false_pon_a_chonbo() -> None:
    causes = engine.rulesets.penalty_causes("speed-tonpuu")

    assert "false_ron" not in causes["chonbo"] and "false_ron" in causes["dead_hand"]
    assert "false_pon" in causes["chonbo"] and "false_pon" not in causes["dead_hand"]
    assert "other" in causes["chonbo"] and "other" in causes["dead_hand"]


def _game(slug: str, hand: dict[str, Any]) -> dict[str, Any]:
    players = 3 if slug in ("tenhou-sanma", "toutenkou") else 4
    return {"ruleset": slug, "players": [f"p{i}" for i in range(players)], "hands": [hand]}


@pytest.mark.parametrize("slug", RULESETS)
@pytest.mark.parametrize("cause", FAULT_CAUSES)
def test_the_engine_takes_exactly_the_listed_causes(slug: str, cause: str) -> None:
    causes = engine.rulesets.penalty_causes(slug)
    chonbo = {"kind": "chonbo", "offender": 1, "cause": cause}
    dead = {"kind": "draw", "tenpai": [], "dead": [{"seat": 1, "cause": cause}]}

    for penalty, hand, reason in (
        ("chonbo", chonbo, "cause_is_dead_hand"),
        ("dead_hand", dead, "cause_is_chonbo"),
    ):
        if cause in causes[penalty]:
            evaluate_game(_game(slug, hand))
        else:
            with pytest.raises(EngineError) as refused:
                evaluate_game(_game(slug, hand))
            assert refused.value.reason == reason
            assert refused.value.params == {"cause": cause, "seat": 1}
            assert refused.value.location.seat == 1
