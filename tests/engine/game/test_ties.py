"""Ties on final points: seat order (the default) or shared places (game option ``ties``)."""

from __future__ import annotations

import pytest

from engine import game as engine_game
from engine.errors import EngineError
from engine.game.final import share_unit, shared_placement
from tests.engine.game.games import draw, game, settled

SPEED = "speed-tonpuu"
# Speed Tonpuu, no win: seat 1 tenpai in riichi at the first draw, the rest noten.
# Final scores 24,000 / 27,000 / 24,000 / 24,000: seats 0, 2 and 3 tie for second.
THREE_TIED = (draw(1, riichi=[1]), draw(), draw(), draw())
# Riichi standard, East only: seats 0 and 1 tenpai at the first draw (the dealer stays),
# then four noten draws: 26,500 / 26,500 / 23,500 / 23,500.
TWO_PAIRS = (draw(0, 1), draw(), draw(), draw(), draw())


def test_seat_order_places_tied_seats_nearest_the_first_dealer_first() -> None:
    final = settled(game(*THREE_TIED, ruleset=SPEED))["final"]
    assert final["placements"] == final["shared_places"] == [2, 1, 3, 4]
    assert [c["placement"] for c in final["chips"]] == [3, 13, -5, -11]


def test_shared_places_split_the_placement_chips_remainder_to_the_first_seat() -> None:
    final = settled(game(*THREE_TIED, ruleset=SPEED, ties="share"))["final"]
    # 3 - 5 - 11 = -13 chips among three: -5 each rounded down, the +2 left to seat 0.
    assert [c["placement"] for c in final["chips"]] == [-3, 13, -5, -5]
    assert sum(c["total"] for c in final["chips"]) == 0
    assert final["shared_places"] == [2, 1, 2, 2]
    assert final["placements"] == [2, 1, 3, 4]  # still distinct: fees and leftover sticks


def test_shared_places_split_oka_and_uma_in_points() -> None:
    seat_order = settled(game(*TWO_PAIRS, length="east"))["final"]
    shared = settled(game(*TWO_PAIRS, length="east", ties="share"))["final"]

    assert seat_order["scores"] == shared["scores"] == [26500, 26500, 23500, 23500]
    # Per place: uma 20,000/10,000/-10,000/-20,000, oka 20,000 to first, and each player's
    # 5,000 short of the 30,000 returned: 35,000 / 5,000 / -15,000 / -25,000.
    assert seat_order["points_delta"] == [1500 + 35000, 1500 + 5000, -1500 - 15000, -1500 - 25000]
    # Tied for first: (35,000 + 5,000) / 2; tied for third: (-15,000 - 25,000) / 2.
    assert shared["points_delta"] == [1500 + 20000, 1500 + 20000, -1500 - 20000, -1500 - 20000]
    assert shared["shared_places"] == [1, 1, 3, 3]
    assert sum(shared["points_delta"]) == 0


def test_a_share_is_rounded_down_to_the_unit_and_the_remainder_goes_to_the_first_tied_seat() -> (
    None
):
    places = [1, 2, 3, 4]
    amounts, shared = shared_placement(
        [30000, 20000, 20000, 20000], places, (35000, 5000, -15000, -25000), 100
    )
    # 5,000 - 15,000 - 25,000 = -35,000 among three: -11,666.7 rounds down to -11,700.
    assert amounts == {0: 35000, 1: -35000 + 2 * 11700, 2: -11700, 3: -11700}
    assert sum(amounts.values()) == 0 and shared == [1, 2, 2, 2]


def test_the_unit_is_a_tenth_of_the_point_unit() -> None:
    assert share_unit(engine_game.configure("riichi-standard", {"ties": "share"})) == 100
    assert share_unit(engine_game.configure("toutenkou", {"ties": "share"})) == 1


def test_ties_is_an_option_of_every_ruleset_and_refuses_other_values() -> None:
    for slug in engine_game.available():
        assert engine_game.configure(slug, {}).ties == "seat_order"
        assert engine_game.configure(slug, {"ties": "share"}).ties == "share"
        with pytest.raises(EngineError):
            engine_game.configure(slug, {"ties": "coin_toss"})
