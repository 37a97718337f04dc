"""Furiten cases a hand record cannot show, recorded as a dead hand with the cause ``furiten``
(issue #13, item 5; docs/game-format.md, "Furiten").

toutenkou-ja.txt: "フリテンリーチは掛けてもよいが、リーチ後の見逃しはできない" (furiten riichi
may be declared, but a riichi player may not pass up a win). speed-tonpuu-shuugi.txt: "a
discarded 6z pocchi counts only against 6z furiten"; "Dead hand penalty applies to the
following scenarios: false ron and tsumo calls". Neither a hand record nor the engine sees
discards or passed-up wins, so staff name the fault: the seat is listed in the hand's ``dead``
with ``"cause": "furiten"``; it can no longer win and is noten at a draw, riichi or not.
"""

from __future__ import annotations

from typing import Any

from tests.engine.game.games import chonbo, draw, error_of, game, last, lines, ron, settled

FURITEN_SEAT_1 = [{"seat": 1, "cause": "furiten"}]
CHUN = {"hand": "123p456s789s11p", "melds": [{"kind": "pon", "tiles": "777z"}],
        "win_tile": "1p", "nuki": "4z"}


def toutenkou(*hands: dict[str, Any]) -> dict[str, Any]:
    return game(*hands, ruleset="toutenkou", players=3)


def test_toutenkou_riichi_player_who_passed_a_win_has_a_dead_hand() -> None:
    """ "リーチ後の見逃しはできない": seat 1, in riichi, passed up a win; staff list it as a dead
    hand for furiten. At the draw it is noten although in riichi: the 20-point penalty goes
    10 + 10 to seat 0, the one tenpai player (seat 1 pays 10, seat 2 pays 10)."""
    out = settled(toutenkou(draw(0, riichi=[1], dead=FURITEN_SEAT_1)))
    assert lines(last(out), "noten") == [(1, 0, 10, 0), (2, 0, 10, 0)]


def test_toutenkou_furiten_dead_hand_cannot_win_and_is_not_a_chonbo() -> None:
    """The dead seat's later win is refused, naming the winner; Toutenkou makes furiten a dead
    hand, so a chonbo hand for furiten is refused too."""
    win = ron(1, 2, CHUN, dead=FURITEN_SEAT_1)
    assert "has a dead hand" in error_of(toutenkou(win))["message"]
    refused = error_of(toutenkou(chonbo(1, cause="furiten")))
    assert "furiten is a dead hand under toutenkou" in refused["message"]


def test_speed_tonpuu_ron_against_furiten_is_a_dead_hand() -> None:
    """ "a discarded 6z pocchi counts only against 6z furiten": seat 1 called ron on 6z after
    discarding the 6z pocchi, a false ron ("Dead hand penalty applies to ... false ron");
    staff list it dead for furiten, and another player's win is settled as usual."""
    out = settled(game(ron(2, 3, dead=FURITEN_SEAT_1), ruleset="speed-tonpuu"))
    assert lines(last(out), "ron") == [(3, 2, 2000, 0)]
    listed = last(out)
    assert listed["points_delta"][1] == 0
    refused = error_of(game(chonbo(1, cause="furiten"), ruleset="speed-tonpuu"))
    assert "furiten is a dead hand under speed-tonpuu" in refused["message"]


def test_furiten_is_a_named_fault_everywhere() -> None:
    """Rules that do not name the penalty (riichi-standard) take furiten either way, as they
    take ``other``."""
    assert settled(game(draw(0, dead=FURITEN_SEAT_1)))["ok"]
    assert settled(game(chonbo(1, cause="furiten")))["ok"]
    assert "dead[0].cause" in error_of(game(draw(0, dead=[{"seat": 1, "cause": "furiten_ron"}])))[
        "message"]
