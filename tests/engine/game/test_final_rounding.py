"""Game option ``final_rounding`` (docs/game-format.md, "Final rounding").

The rule each variant rests on: tenhou.net's owari before about 2021 ("points are
rounded to the closest thousand", its half going away from zero: the server paid
-5,500 as -6, tests/engine/game/test_tenhou_games.py), and the parlors' 五捨六入,
切り捨て and 切り上げ, each applied to the score's size with its sign kept; the
first-placed player takes the remainder ("first place takes minus the others' sum").
"""

from __future__ import annotations

import pytest

from engine.game import configure, describe
from engine.game.final import rounded_score
from tests.engine.game.games import game, settled, tsumo

EXAMPLES = {
    # the issue's and docs' examples: (score, rounded)
    "thousands": [(30500, 31000), (22500, 23000), (-1500, -2000), (30400, 30000), (0, 0)],
    "gosha_rokunyuu": [(30500, 30000), (30600, 31000), (-1500, -1000), (-1600, -2000)],
    "kirisute": [(23900, 23000), (-1900, -1000), (30000, 30000)],
    "kiriage": [(23100, 24000), (-1100, -2000), (30000, 30000)],
    "none": [(23100, 23100), (-1100, -1100)],
}


@pytest.mark.parametrize(
    ("rounding", "score", "expected"),
    [(rounding, score, out) for rounding, pairs in EXAMPLES.items() for score, out in pairs],
)
def test_each_variant_rounds_as_documented(rounding: str, score: int, expected: int) -> None:
    assert rounded_score(score, rounding) == expected


@pytest.mark.parametrize("slug", ["riichi-standard", "tenhou", "tenhou-sanma", "speed-tonpuu"])
def test_every_game_with_uma_offers_it_off_by_default(slug: str) -> None:
    options = {o["name"]: o for o in describe(slug)["options"]}
    assert options["final_rounding"]["default"] == "none"
    assert options["final_rounding"]["choices"] == [
        "none", "thousands", "gosha_rokunyuu", "kirisute", "kiriage"
    ]
    assert configure(slug, {"final_rounding": "thousands"}).final_rounding == "thousands"


def test_toutenkou_has_no_uma_and_no_final_rounding() -> None:
    assert "final_rounding" not in {o["name"] for o in describe("toutenkou")["options"]}


# A non-dealer pinfu tanyao tsumo (700/1,300) and the parlor stops: 23,700 27,700 24,300
# 24,300; places 4th, 1st, 2nd (seat order breaks the tie), 3rd; uma 20/10/-10/-20,
# return 30,000, oka 20,000 to first.
@pytest.mark.parametrize(
    ("rounding", "expected"),
    [
        ("none", [-26300, 37700, 4300, -15700]),
        ("thousands", [-26000, 38000, 4000, -16000]),  # 24, 24, 24
        ("gosha_rokunyuu", [-26000, 38000, 4000, -16000]),  # 700 up, 300 down
        ("kirisute", [-27000, 39000, 4000, -16000]),  # 23, 24, 24
        ("kiriage", [-26000, 36000, 5000, -15000]),  # 24, 25, 25
    ],
)
def test_first_place_takes_minus_the_others_sum(rounding: str, expected: list[int]) -> None:
    result = settled({**game(tsumo(1), final_rounding=rounding), "stopped": True})
    final = result["final"]

    assert final["scores"] == [23700, 27700, 24300, 24300]
    assert final["points_delta"] == expected
    assert sum(final["points_delta"]) == 0
