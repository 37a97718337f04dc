"""Game option ``sudden_death`` (南入 / 西入; docs/game-format.md, "Sudden death").

tenhou.net's rule, which the option follows: "Sudden death brings the game into
the next wind. As soon as someone attains 30,000 points (riichi deposits are
removed from players' scores), the game ends"; "Sudden Death in East Round only
goes until South Round Ends, in Hanchan only goes until West Round ends"
(docs/rules/tenhou.md). On by default for tenhou and tenhou-sanma.
"""

from __future__ import annotations

from tests.engine.game.games import DAISANGEN, draw, error_of, game, ron, settled, tsumo

NOTEN = draw()  # nobody tenpai: no payment, the deal moves on


def _east_only(*hands: dict, **options: object) -> dict:
    return game(*hands, ruleset="tenhou", length="east", **options)


def test_no_one_at_the_return_points_after_east_4_plays_south() -> None:
    result = settled(_east_only(*[NOTEN] * 5))

    assert not result["finished"]
    assert [hand["round_wind"] for hand in result["hands"]] == ["E"] * 4 + ["S"]


def test_the_extra_wind_ends_after_its_last_hand() -> None:
    result = settled(_east_only(*[NOTEN] * 8))

    assert result["end"] == {"hand": 7, "reasons": ["rounds_complete"]}


def test_the_first_hand_that_ends_with_someone_at_the_return_points_ends_it() -> None:
    # South 1: seat 1 wins a yakuman by tsumo: 57,000 >= 30,000.
    result = settled(_east_only(*[NOTEN] * 4, tsumo(1, DAISANGEN)))

    assert result["end"] == {"hand": 4, "reasons": ["sudden_death"]}
    assert result["hands"][-1]["round_wind"] == "S"


def test_off_the_game_ends_after_the_last_scheduled_hand() -> None:
    result = settled(_east_only(*[NOTEN] * 4, sudden_death=False))

    assert result["end"] == {"hand": 3, "reasons": ["rounds_complete"]}


def test_riichi_standard_has_it_off_by_default_and_on_by_option() -> None:
    off = settled(game(*[NOTEN] * 4, length="east"))
    on = settled(game(*[NOTEN] * 4, length="east", sudden_death=True))

    assert off["finished"] and not on["finished"]


def test_the_last_dealer_passes_only_with_the_return_points() -> None:
    # East 4's dealer (seat 3) alone tenpai: 28,000, first but below 30,000.
    error = error_of(_east_only(NOTEN, NOTEN, NOTEN, draw(3, dealer_passes=True)))
    assert "may pass only with the return points (30000)" in error["message"]

    # Seat 3 first won 2,000 (East 1), so its tenpai takes it to 30,000: tenpaiyame.
    result = settled(_east_only(ron(3, 0), NOTEN, NOTEN, draw(3, dealer_passes=True)))
    assert result["end"] == {"hand": 3, "reasons": ["tenpaiyame"]}
