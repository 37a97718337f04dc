"""Shuugi chips by cause (``chip_causes``): one entry per cause, adding up to ``chips``.

Expected counts are worked out from the rules text: "besides the special tiles,
each of ippatsu and ura is worth 1 chip"; red fives 1, blue 2, gold 1, pocchi 1
(docs/hand-format.md); "Yakuman shuugi is 10 chips if ron, and 5 chips each if tsumo".
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from tests.engine.game.games import draw, game, settled
from tests.engine.rulesets.speed_tonpuu.speed import speed_ok
from tests.engine.rulesets.speed_tonpuu.test_speed_properties import speed_hand

PINFU_TANYAO_3S = ("234m456p678s345s88s", "3s")


def _causes(result: dict[str, Any]) -> list[tuple[str, int, int]]:
    return [(c["cause"], c["count"], c["chips"]) for c in result["chip_causes"]]


def test_a_hand_without_chips_has_no_cause() -> None:
    assert speed_ok(*PINFU_TANYAO_3S)["chip_causes"] == []


def test_each_cause_is_its_own_entry_in_the_documented_order() -> None:
    # Red 0p (1), a blue 7s (2), ippatsu (1), ura indicator 1m: one 2m, one chip.
    result = speed_ok("234m406p678s345s88s", "3s", win="tsumo", riichi="riichi", ippatsu=True,
                      specials=["blue_7s"], ura_indicators="1m")
    assert _causes(result) == [("aka", 1, 1), ("blue", 1, 2), ("ippatsu", 1, 1), ("ura", 1, 1)]
    assert result["chips"] == {"tsumo_each": 5}


def test_yakuman_chips_count_the_yakuman() -> None:
    double = speed_ok("111m222p777p333s55z", "5z")  # suuankou tanki on ron: double
    assert _causes(double) == [("yakuman", 2, 20)]
    tsumo = speed_ok("111m222p777p333s55z", "3s", win="tsumo")
    assert _causes(tsumo) == [("yakuman", 1, 5)]


def test_an_option_at_zero_drops_its_cause() -> None:
    result = speed_ok(*PINFU_TANYAO_3S, riichi="riichi", ippatsu=True, specials=["blue_7s"],
                      options={"blue_chips": 3, "ippatsu_chips": 0})
    assert _causes(result) == [("blue", 1, 3)]


def test_a_nagashi_yakuman_of_the_game_names_no_cause_without_chips() -> None:
    out = settled(game(draw(nagashi=[2]), ruleset="speed-tonpuu"))["hands"][0]
    (win,) = out["wins"]
    assert win["score"]["chips"] == {"tsumo_each": 0}
    assert win["score"]["chip_causes"] == []


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_the_causes_add_up_to_the_chips_each_payer_pays(seed: int) -> None:
    rng = random.Random(seed)
    rec = speed_hand(seed)
    if rec.get("riichi", "none") != "none":
        rec["ippatsu"] = rng.random() < 0.5
        rec["ura_indicators"] = rng.choice(["", "1m", "7s", "1m7s", "4z"])
    result = engine.score(rec)
    if not result["ok"]:
        return
    (paid,) = result["chips"].values()
    assert sum(c["chips"] for c in result["chip_causes"]) == paid
    assert all(c["count"] > 0 and c["chips"] > 0 for c in result["chip_causes"])
    causes = [c["cause"] for c in result["chip_causes"]]
    assert len(set(causes)) == len(causes)
