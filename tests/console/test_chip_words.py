"""Chip counts read as words in the right number: "1 chip", "3 chips", "+1 chip", in English
and in Japanese (one form), on the hand's explanation and on the console's seats."""

from __future__ import annotations

import pytest
from django.utils import translation

from console.session_page import SeatView
from engine_door.results import HandOutcome
from tests.engine.game.games import game, last, ron, settled
from words.hand_view import hand_view

NAMES = ["Aoi", "Ben", "Chie", "Dai"]
# Speed Tonpuu, tanyao ron with the red 0p: its one chip, from the discarder.
ONE_RED_FIVE = {"hand": "234m406p678s345s88s", "win_tile": "3s"}


def _win_chips(record: dict[str, object], language: str) -> str:
    game_json = game(ron(2, 3, record), ruleset="speed-tonpuu")
    out = last(settled(game_json))
    with translation.override(language):
        view = hand_view(
            payload=game_json["hands"][-1], result=HandOutcome.from_json(out), names=NAMES
        )
    return view.wins[0].chips


def test_one_chip_from_the_discarder_is_singular() -> None:
    assert _win_chips(ONE_RED_FIVE, "en") == "1 chip from the discarder"
    assert _win_chips(ONE_RED_FIVE, "ja") == "放銃者からチップ1枚"


def test_several_chips_from_the_discarder_are_plural() -> None:
    record = {**ONE_RED_FIVE, "specials": ["blue_7s"]}  # the blue 7s: two more

    assert _win_chips(record, "en") == "3 chips from the discarder"


def _seat(chips: int) -> SeatView:
    return SeatView(
        seat=0, wind="East", wind_now="East", name="Aoi", member_number="1", points=25_000,
        chips=chips, is_dealer=True,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("chips", "label"),
    [(1, "+1 chip"), (-1, "-1 chip"), (2, "+2 chips"), (-1_200, "-1,200 chips")],
)
def test_a_seats_chips_carry_their_sign_and_number(chips: int, label: str) -> None:
    with translation.override("en"):
        assert _seat(chips).chips_label == label


def test_a_seats_chips_in_japanese() -> None:
    with translation.override("ja"):
        assert _seat(1).chips_label == "チップ+1枚"
