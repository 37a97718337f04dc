"""Bad games get a clear error naming the hand index and the field, never an exception."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from tests.engine.game.games import (
    PINFU_TANYAO,
    abort,
    chonbo,
    draw,
    error_of,
    game,
    multi_ron,
    ron,
    tsumo,
)

TSUMO_WIN = {"winner": 1, "record": {**PINFU_TANYAO, "win": "tsumo"}}
RON_WIN = {"winner": 2, "discarder": 0, "record": PINFU_TANYAO}

BAD_HANDS = [
    (
        {"kind": "win", "wins": [RON_WIN, {**RON_WIN, "winner": 5}]},
        "wins[1].winner: seat 5 is not at the table (seats 0-3)",
    ),
    (
        {"kind": "win", "wins": [TSUMO_WIN, {**TSUMO_WIN, "winner": 2}]},
        "wins[0].discarder: a tsumo has one winner; several winners are only possible by ron"
        " on the same discard",
    ),
    (
        {"kind": "win", "wins": [{**RON_WIN, "discarder": 2}]},
        "wins[0].discarder: seat 2 is the winner, not the discarder",
    ),
    (
        {"kind": "win", "wins": [RON_WIN, {**RON_WIN, "winner": 3, "discarder": 1}]},
        "wins[1].discarder: every ron of a multiple ron is on the same discard (wins[0] names"
        " seat 0)",
    ),
    (
        {"kind": "win", "wins": [RON_WIN, RON_WIN]},
        "wins[1].winner: seat 2 already won this hand",
    ),
    ({"kind": "win", "wins": []}, "wins: must be a non-empty list of wins"),
    ({"kind": "win"}, "wins: missing (a win hand needs it)"),
    (
        {"kind": "win", "wins": [{**RON_WIN, "pao": 2}]},
        "wins[0].pao: seat 2 is the winner; pao is another player",
    ),
    (
        {"kind": "win", "wins": [{**RON_WIN, "special": "suukantsu"}]},
        "wins[0]: give exactly one of 'record' (a hand record) or 'special'",
    ),
    (
        {"kind": "win", "wins": [{**RON_WIN, "record": "234m"}]},
        "wins[0].record: must be an object",
    ),
    ({"kind": "win", "wins": [{**RON_WIN, "seat": 1}]}, "wins[0].seat: unknown field"),
    (
        {"kind": "win", "wins": [{**RON_WIN, "record": {**PINFU_TANYAO, "options": 1}}]},
        "wins[0].record.options: must be an object",
    ),
    ({"kind": "tie"}, "kind: 'tie' is not one of win, draw, abort, chonbo"),
    ({"tenpai": [1]}, "kind: None is not one of win, draw, abort, chonbo"),
    (draw(1, honba=2), "honba: unknown field"),
    (abort("kyuushuu_kyuuhai", tenpai=[1]), "tenpai: unknown field"),
    (abort("fire_drill"), "cause: 'fire_drill' is not one of suufon_renta"),
    (abort("suufon_renta", caller=1), "caller: only kyuushuu kyuuhai has a caller"),
    (abort("suufon_renta", kans=[0, 1, 2, 3]), "kans: only a suukaikan abort lists the kans"),
    (abort("suukaikan", kans=[0, 1]), "kans: list the seat of each of the four kans"),
    ({"kind": "chonbo"}, "offender: missing (a chonbo hand needs it)"),
    (chonbo(4), "offender: seat 4 is not at the table (seats 0-3)"),
    (chonbo(True), "offender: must be a seat number, not True"),
    (chonbo(1, cause="rudeness"), "cause: 'rudeness' is not one of false_pon"),
    (draw(1, 1), "tenpai: a seat is listed twice"),
    (draw(riichi=[0, 0]), "riichi: a seat is listed twice"),
    (draw(riichi="0"), "riichi: must be a list of seats"),
    (draw(dead=[{"seat": 1}, {"seat": 1}]), "dead: a seat is listed twice"),
    (draw(dead=[{"seat": 1, "why": "x"}]), "dead[0].why: unknown field"),
    (draw(dead=[1]), "dead[0]: must be an object with 'seat' and 'cause'"),
    (draw(dealer_passes="yes"), "dealer_passes: must be true or false, not 'yes'"),
    (draw(riichi_no_draws_left=[1]), "riichi_no_draws_left: seat 1 is not in 'riichi'"),
    ("draw", "a hand must be a JSON object"),
]


@pytest.mark.parametrize(("hand", "message"), BAD_HANDS)
def test_bad_hand_is_named_by_index_and_field(hand: Any, message: str) -> None:
    error = error_of(game(draw(), draw(), draw(), hand))
    assert error["code"] == "bad_game"
    assert error["message"].startswith(f"hand 3: {message}")


def test_issue_example_error_shape() -> None:
    bad = {"kind": "win", "wins": [RON_WIN, {**RON_WIN, "winner": 5}]}
    result = engine.settle_game(game(draw(), draw(), draw(), bad))
    assert result == {"id": "test-game", "ok": False, "error": {
        "code": "bad_game",
        "message": "hand 3: wins[1].winner: seat 5 is not at the table (seats 0-3)",
    }}


def test_hand_after_the_game_ended() -> None:
    speed = game(draw(), draw(), draw(), draw(), ron(1, 2), ruleset="speed-tonpuu")
    assert error_of(speed)["message"] == (
        "hand 4: the game already ended after hand 3 (rounds_complete)"
    )


def test_riichi_needs_a_stick_to_put_down() -> None:
    # Three reverse-mangan chonbo leave seat 2 with 1,000; a noten draw takes it to 0.
    hands = [chonbo(2), chonbo(2), chonbo(2), draw(0), draw(0, 2, riichi=[2])]
    assert error_of(game(*hands))["message"] == (
        "hand 4: riichi: seat 2 has 0 points, less than the 1000-point riichi stick"
    )


@pytest.mark.parametrize(
    ("bad_game", "code", "message"),
    [
        (None, "bad_game", "a game must be a JSON object"),
        ([], "bad_game", "a game must be a JSON object"),
        ({"ruleset": "riichi-standard", "hands": []}, "bad_game", "players: missing required"),
        ({**game(), "ruleset": 3}, "bad_game", "ruleset: must be a string, not 3"),
        ({**game(), "hands": {}}, "bad_game", "hands: must be a list"),
        ({**game(), "players": ["A", ""]}, "bad_game", "players: must be a list of player names"),
        ({**game(), "players": ["A", "B", "C"]}, "bad_game",
         "players: riichi-standard is played by 4 players, not 3"),
        ({**game(), "seats": 4}, "bad_game", "seats: unknown field"),
        ({**game(), "ruleset": "mahjong-soul"}, "bad_field",
         "ruleset: no game rules for 'mahjong-soul'"),
        (game(chip_value=5000), "bad_field",
         "game_options.chip_value: unknown game option for riichi-standard"),
        (game(ruleset="speed-tonpuu", chip_value=7000), "bad_field",
         "game_options.chip_value: 7000 is not one of 5000, 10000"),
        (game(ruleset="speed-tonpuu", chip_value=5000.0), "bad_field",
         "game_options.chip_value: 5000.0 is not one of 5000, 10000"),
        (game(uma=[20000, 10000, -10000]), "bad_field",
         "game_options.uma: needs 4 entries summing to zero"),
        (game(triple_ron="no"), "bad_field", "game_options.triple_ron: must be true or false"),
        ({**game(), "game_options": []}, "bad_game", "game_options: must be an object"),
        (game(options={"no_such_option": True}), "bad_field", "options: unknown option"),
    ],
)
def test_bad_game_level_fields(bad_game: Any, code: str, message: str) -> None:
    result = engine.settle_game(bad_game)
    assert not result["ok"]
    assert result["error"]["code"] == code
    assert result["error"]["message"].startswith(message)


def test_nagashi_can_be_switched_off() -> None:
    assert error_of(game(draw(nagashi=[1]), nagashi="off"))["message"] == (
        "hand 0: nagashi: riichi-standard plays without nagashi mangan"
    )


def test_no_yaku_record_keeps_its_code_and_names_the_hand() -> None:
    closed_no_yaku = {"hand": "123m456p789s11z234s", "win_tile": "4s"}
    error = error_of(game(draw(), ron(1, 2, closed_no_yaku)))
    assert error["code"] == "no_yaku"
    assert error["message"].startswith("hand 1: wins[0].record: ")


def test_double_ron_with_tsumo_record_is_a_contradiction() -> None:
    hand = multi_ron(0, 1, 2)
    hand["wins"][1]["record"] = {**PINFU_TANYAO, "win": "tsumo"}
    assert error_of(game(hand))["message"] == (
        "hand 0: wins[1].record.win: 'tsumo' contradicts the game: seat 0 discarded gives 'ron'"
    )


def test_tsumo_record_for_a_listed_discarder_is_refused() -> None:
    hand = tsumo(1)
    hand["wins"][0]["discarder"] = 3
    assert error_of(game(hand))["message"].startswith("hand 0: wins[0].record.win: 'tsumo'")
