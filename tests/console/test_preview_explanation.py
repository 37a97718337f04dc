"""The explanation of a hand, per ruleset, from the engine's real output (``hand_view``).

Every line that moves points or chips is named: base, honba, sticks, chips by
cause with who pays and who receives, penalties. Whatever the ruleset, the
lines add up to what the hand moves: each seat's points change, and each
winner's chips.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from django.utils import translation

from engine_door.results import HandOutcome
from tests.engine.game.games import chonbo, draw, game, last, ron, settled, tsumo
from words.hand_view import HandView, hand_view

NAMES = ["Aoi", "Ben", "Chie", "Dai"]
POT = "table (sticks)"
# Speed Tonpuu, non-dealer ron on 3s after riichi, ippatsu: red 0p (1 chip), a blue 7s (2),
# ippatsu (1), ura indicator 1m: one 2m held (1) -- 5 chips from the discarder.
SPEED = {
    "hand": "234m406p678s345s88s",
    "win_tile": "3s",
    "ippatsu": True,
    "specials": ["blue_7s"],
    "ura_indicators": "1m",
}
SPEED_CAUSES = [("Red fives", 1), ("Blue sevens", 2), ("Ippatsu", 1), ("Ura dora", 1)]
DAISANGEN = {
    "hand": "777z234m55p",
    "melds": [{"kind": "pon", "tiles": "555z"}, {"kind": "pon", "tiles": "666z"}],
    "win_tile": "7z",
}
# Toutenkou: an open hand, chun pon and one gari set aside (1 + 1 + 2 + 8 = 12 on ron).
CHUN = {
    "hand": "123p456s789s11p",
    "melds": [{"kind": "pon", "tiles": "777z"}],
    "win_tile": "1p",
    "nuki": "4z",
}


def explained(game_json: dict[str, Any]) -> tuple[HandView, dict[str, Any]]:
    out = last(settled(game_json))
    names = NAMES[: len(out["points_delta"])]
    with translation.override("en"):
        view = hand_view(
            payload=game_json["hands"][-1], result=HandOutcome.from_json(out), names=names
        )
    return view, out


def assert_lines_add_up(view: HandView, out: dict[str, Any]) -> None:
    """Each seat's points change is the sum of its lines; each winner's chips are the sum of
    its chip lines; a win's base, honba and sticks make what it receives."""
    names = NAMES[: len(out["points_delta"])]
    points: Counter[str] = Counter()
    for move in view.moves:
        points[move.payee] += move.points
        points[move.payer] -= move.points
    assert [points[name] for name in names] == out["points_delta"]
    for win, raw in zip(view.wins, out["wins"], strict=True):
        chips_in = sum(
            t["chips"]
            for t in out["transfers"]
            if t["to"] == raw["winner"] and t["reason"] in ("ron", "tsumo", "pao")
        )
        assert sum(line.total for line in win.chip_lines) == chips_in
        paid = sum(
            m.points
            for m in view.moves
            if m.payee == win.winner and m.reason in ("Ron", "Tsumo", "Pao")
        )
        assert paid + win.honba + win.sticks == win.total


@pytest.mark.parametrize("ruleset", ["riichi-standard", "tenhou"])
def test_a_four_player_ron_shows_base_honba_and_sticks(ruleset: str) -> None:
    # The dealer tenpai alone first: the dealer stays, one honba on the ron.
    hand = ron(2, 3, {"hand": "234m345p456s23488s", "win_tile": "4s"}, riichi=[1, 2])
    view, out = explained(game(draw(0), hand, ruleset=ruleset))

    reasons = [(m.payer, m.payee, m.points, m.reason) for m in view.moves]
    # Pinfu tanyao riichi on ron: 3 han 30 fu, non-dealer 3,900; 300 for the honba.
    assert reasons[:2] == [("Dai", "Chie", 3900, "Ron"), ("Dai", "Chie", 300, "Honba")]
    assert ("Ben", POT, 1000, "Riichi stick") in reasons
    assert (POT, "Chie", 2000, "Sticks taken") in reasons
    assert view.wins[0].chip_lines == []
    assert_lines_add_up(view, out)


def test_a_three_player_tsumo_shows_each_payer() -> None:
    hand = tsumo(1, {"hand": "234p345p456s23488s", "win_tile": "4s"})
    view, out = explained(game(hand, ruleset="tenhou-sanma", players=3))

    assert sorted(m.payer for m in view.moves if m.reason == "Tsumo") == ["Aoi", "Chie"]
    assert view.wins[0].chip_lines == []
    assert_lines_add_up(view, out)


def test_speed_tonpuu_ron_names_each_chip_cause_with_who_pays_whom() -> None:
    view, out = explained(game(ron(2, 3, SPEED, riichi=[2]), ruleset="speed-tonpuu"))

    lines = view.wins[0].chip_lines
    assert [(line.cause, line.chips) for line in lines] == SPEED_CAUSES
    assert {(line.payers, line.payee) for line in lines} == {(("Dai",), "Chie")}
    assert [line.amount for line in lines] == ["1 chip", "2 chips", "1 chip", "1 chip"]
    assert_lines_add_up(view, out)


def test_speed_tonpuu_tsumo_chips_come_from_each_payer() -> None:
    view, out = explained(game(tsumo(2, SPEED, riichi=[2]), ruleset="speed-tonpuu"))

    lines = view.wins[0].chip_lines
    assert [(line.cause, line.chips, line.total) for line in lines] == [
        (cause, chips, 3 * chips) for cause, chips in SPEED_CAUSES
    ]
    assert lines[0].payers == ("Aoi", "Ben", "Dai") and lines[0].amount == "1 chip each"
    assert_lines_add_up(view, out)


def test_speed_tonpuu_pao_pays_every_payers_yakuman_chips_on_one_line() -> None:
    # Daisangen tsumo with the third dragon fed by seat 3: pao pays 3 x 5 chips.
    record = {**DAISANGEN, "win": "tsumo"}
    hand = {"kind": "win", "wins": [{"winner": 1, "pao": 3, "record": record}]}
    view, out = explained(game(hand, ruleset="speed-tonpuu"))

    lines = view.wins[0].chip_lines
    assert [(line.cause, line.payers, line.chips) for line in lines] == [("Yakuman", ("Dai",), 15)]
    assert_lines_add_up(view, out)


def test_a_double_yakuman_names_its_count() -> None:
    suuankou_tanki = {"hand": "111m222p777p333s55z", "win_tile": "5z"}
    view, out = explained(game(ron(1, 0, suuankou_tanki), ruleset="speed-tonpuu"))

    assert [(line.cause, line.chips) for line in view.wins[0].chip_lines] == [("Yakuman ×2", 20)]
    assert_lines_add_up(view, out)


def test_a_chonbo_is_a_penalty_line_naming_its_fault() -> None:
    view, out = explained(game(chonbo(1, cause="false_riichi"), ruleset="speed-tonpuu"))

    assert {m.reason for m in view.moves} == {"Chonbo: False riichi (riichi while noten)"}
    assert all(m.penalty for m in view.moves) and {m.payer for m in view.moves} == {"Ben"}
    assert_lines_add_up(view, out)


def test_toutenkou_gari_are_points_lines_and_no_chips() -> None:
    view, out = explained(game(ron(1, 2, CHUN), ruleset="toutenkou", players=3))

    win = view.wins[0]
    # Toutenkou pays no chips: its gari, banban and ron bonus are points of the hand.
    assert win.chip_lines == []
    yaku = {line.name: line.value for line in win.yaku}
    assert yaku == {"Yakuhai: chun": "1 pt", "Gari": "1 pt", "Banban": "2 pt", "Ron": "8 pt"}
    assert [(m.payer, m.points, m.reason) for m in view.moves] == [("Chie", 12, "Ron")]
    assert_lines_add_up(view, out)


def test_chip_lines_speak_japanese() -> None:
    out = last(settled(game(tsumo(2, SPEED, riichi=[2]), ruleset="speed-tonpuu")))
    with translation.override("ja"):
        view = hand_view(payload={"kind": "win"}, result=HandOutcome.from_json(out), names=NAMES)
        lines = [(line.cause, line.amount) for line in view.wins[0].chip_lines]

    assert lines == [
        ("赤ドラ", "各自チップ1枚"),
        ("青ドラ", "各自チップ2枚"),
        ("一発", "各自チップ1枚"),
        ("裏ドラ", "各自チップ1枚"),
    ]
