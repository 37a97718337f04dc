"""Whole tenhou.net games settled by the engine, hand by hand and to the server's owari.

Each game (tests/engine/game/tenhou_logs/, README there for the sources) is played
with the ``tenhou`` or ``tenhou-sanma`` game rules: every hand's scores must be the
server's, and the final scores and points the owari's. These are the checks behind
the game options' defaults (docs/rules/tenhou.md, "Game"):

- sudden death: a four-player game with no one at 30,000 after South 4 goes into
  West 1 and ends there when a player reaches it;
- ``final_rounding: thousands``: the owari of games before 2021 rounds each score
  to thousands half away from zero and gives first place the remainder;
- uma: 20,000/10,000/-10,000/-20,000 in a four-player East-South game, 20,000/0/
  -20,000 in a three-player one, 10,000/5,000/-5,000/-10,000 in an East-only one
  (the tenhou game's ``east_uma``; shuffle.xml and bye.xml).
"""

from __future__ import annotations

import pytest

import engine
from engine.game import configure
from tests.engine.game.tenhou_log import RECORDS, TenhouGame, load

SOURCE_4P = "mjx-project/mjx:mjconvert/mjconvert/tests/resources/mjlog/"
SOURCE_DN = "dnovikoff/tenhou:log/test_data/"
THOUSANDS = {"final_rounding": "thousands"}

pytestmark = pytest.mark.skipif(
    not RECORDS.exists(), reason=f"the shared records are missing ({RECORDS})"
)


def _settled(log: TenhouGame) -> dict:
    settled = engine.settle_game(log.game)
    assert settled["ok"], settled.get("error")
    return settled


def _assert_matches_the_server(log: TenhouGame, settled: dict) -> None:
    scores = [hand["scores"] for hand in settled["hands"]]
    assert scores[:-1] == log.scores_after, "a hand's scores differ from the server's"
    assert settled["finished"]
    assert settled["final"]["scores"] == log.final_scores
    assert settled["final"]["points_delta"] == log.final_points


def test_a_game_that_went_into_west_ends_there_as_on_the_server() -> None:
    """2020-06-19: after South 4 everyone is below 30,000 (29,600 at most), so West 1 is
    played; its tsumo takes seat 2 to 32,500 and the game ends (sudden death)."""
    log = load("2020061922gm-00a9-0000-6183ff37.xml",
               SOURCE_4P + "2020061922gm-00a9-0000-6183ff37.mjlog", **THOUSANDS)
    settled = _settled(log)

    assert [hand["round_wind"] for hand in settled["hands"]][-1] == "W"
    assert settled["end"]["reasons"] == ["sudden_death"]
    _assert_matches_the_server(log, settled)


def test_without_sudden_death_that_game_ends_after_south_4() -> None:
    log = load("2020061922gm-00a9-0000-6183ff37.xml",
               SOURCE_4P + "2020061922gm-00a9-0000-6183ff37.mjlog", sudden_death=False)
    settled = engine.settle_game(log.game)

    assert not settled["ok"]
    assert "the game already ended after hand 13 (rounds_complete)" in settled["error"][
        "message"]


def test_final_rounding_thousands_is_the_owari_of_games_before_2021() -> None:
    """32,500 first, 25,500 second, 21,300 third, 20,700 fourth: 26 - 30 + 10 = 6,
    21 - 30 - 10 = -19, 21 - 30 - 20 = -29, and first takes minus their sum, 42 (not
    33 - 30 + 20 + 20 = 43). Unrounded the settlement differs."""
    log = load("2020061922gm-00a9-0000-6183ff37.xml",
               SOURCE_4P + "2020061922gm-00a9-0000-6183ff37.mjlog")
    assert _settled(log)["final"]["points_delta"] == [5500, -29300, 42500, -18700]
    assert load("2020061922gm-00a9-0000-6183ff37.xml",
                SOURCE_4P + "2020061922gm-00a9-0000-6183ff37.mjlog",
                **THOUSANDS).final_points == [6000, -29000, 42000, -19000]


def test_a_three_player_game_to_its_owari_with_uma_20_0_minus_20() -> None:
    """sanma2.xml: seat 2 busts at -5,500 in East 3; the owari pays it -6 - 40 - 20 =
    -66 (uma 15 would be -61), second 27 - 40 = -13, first 79."""
    log = load("sanma2.xml", SOURCE_DN + "sanma2.xml", **THOUSANDS)
    settled = _settled(log)

    assert settled["end"]["reasons"] == ["tobi"]
    _assert_matches_the_server(log, settled)
    assert configure("tenhou-sanma", {}).placement_points == (30000, -5000, -25000)


@pytest.mark.parametrize("name", ["shuffle.xml", "bye.xml"])
def test_an_east_only_game_to_its_owari(name: str) -> None:
    """The East-only games of these logs pay uma 10,000/5,000/-5,000/-10,000, the tenhou
    game's East-only default (``east_uma``): bye.xml's second place at 35,500 gets
    36 - 30 + 5 = 11 (uma 10 would give 16)."""
    log = load(name, SOURCE_DN + name, **THOUSANDS)
    settled = _settled(log)

    assert {hand["round_wind"] for hand in settled["hands"]} == {"E"}
    _assert_matches_the_server(log, settled)


def test_with_the_east_south_uma_the_east_only_game_pays_otherwise() -> None:
    log = load("bye.xml", SOURCE_DN + "bye.xml", **THOUSANDS, east_uma=[20000, 10000, -10000,
                                                                        -20000])
    assert _settled(log)["final"]["points_delta"] != log.final_points


def test_tenhou_game_defaults_are_the_servers() -> None:
    """Sudden death on for both; uma 20/10/-10/-20 (four players, checked by the West game
    above), 10/5/-5/-10 East-only (shuffle.xml, bye.xml) and 20/0/-20 (three players,
    sanma2.xml); rounding off by default."""
    four, three = configure("tenhou", {}), configure("tenhou-sanma", {})
    assert four.sudden_death and three.sudden_death
    assert four.placement_points == (35000, 5000, -15000, -25000)
    assert configure("tenhou", {"length": "east"}).placement_points == (25000, 0, -10000, -15000)
    assert configure("riichi-standard", {"length": "east"}).placement_points == (
        35000, 5000, -15000, -25000)
    assert four.final_rounding == three.final_rounding == "none"
    assert not configure("riichi-standard", {}).sudden_death
