"""The complete games of docs/rules/toutenkou.md, settled and checked against the
numbers worked out by hand there (each hand's yaku, transfers and scores)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.game.cli import game_command
from tests.engine.game.games import lines, settled

DOC = Path(__file__).resolve().parents[4] / "docs" / "rules" / "toutenkou.md"


def doc_game(name: str) -> dict[str, Any]:
    text = DOC.read_text(encoding="utf-8")
    match = re.search(rf"<!-- toutenkou-game:{name} -->\s*```json\n(.*?)```", text, re.S)
    assert match, f"no game {name!r} in {DOC}"
    game: dict[str, Any] = json.loads(match.group(1))
    return game


def points(hand: dict[str, Any]) -> list[int]:
    return [w["score"]["points"] for w in hand["wins"]]


def test_tenhou_rules_game_worked_by_hand() -> None:
    result = settled(doc_game("tenhou"))
    h = result["hands"]
    # 0: the 12-all example by seat 1 (riichi): 12 from each, its own stick back
    assert points(h[0]) == [12]
    assert lines(h[0]) == [(0, 1, 12, 0), (2, 1, 12, 0)]
    assert h[0]["scores"] == [-12, 24, -12]
    # 1: only seat 0 tenpai: 10 from each of the others; dealer 1 noten, the deal passes
    assert lines(h[1]) == [(1, 0, 10, 0), (2, 0, 10, 0)]
    assert (h[1]["scores"], h[1]["dealer_after"], h[1]["honba_after"]) == ([8, 14, -22], 2, 1)
    # 2: dealer 2, karasu closed: haku 1 oya 1 menzen 1 honba 1 banban 2 ron 8 karasu 20
    assert points(h[2]) == [34]
    assert lines(h[2]) == [(0, 2, 34, 0)]
    assert (h[2]["scores"], h[2]["dealer_after"], h[2]["honba_after"]) == ([-26, 14, 12], 2, 2)
    # 3: seats 0 and 2 riichi and tenpai: seat 1 pays 10 to each; 2 sticks stay
    assert lines(h[3]) == [(1, 0, 10, 0), (1, 2, 10, 0)]
    assert (h[3]["scores"], h[3]["sticks_after"]) == ([-17, -6, 21], 2)
    # 4: daisangen tsumo: 20 + honba 3 + banban 2 + karasu 10 = 35 each, plus the 2 sticks
    assert points(h[4]) == [35]
    assert lines(h[4]) == [(0, 1, 35, 0), (2, 1, 35, 0)]
    assert result["end"] == {"hand": 4, "reasons": ["rounds_complete"]}
    assert result["final"]["scores"] == [-52, 66, -14]
    assert result["final"]["points_delta"] == [-52, 66, -14]


def test_parlor_rules_game_worked_by_hand() -> None:
    result = settled(doc_game("parlor"))
    h = result["hands"]
    # 0: seat 1 alone tenpai: 10 to the table, 5 from each noten seat; dealer 0 stays
    assert h[0]["deposits"] == [{"seat": 0, "points": -5, "reason": "noten"},
                                {"seat": 2, "points": -5, "reason": "noten"}]
    assert (h[0]["scores"], h[0]["sticks_after"], h[0]["dealer_after"]) == ([35, 40, 35], 10, 0)
    # 1: the minimum hand: chun 1 + honba 1 + gari 1 + banban 2 = 5, no ron bonus; + 10 deposit
    assert points(h[1]) == [5]
    assert lines(h[1]) == [(1, 2, 5, 0)]
    assert (h[1]["scores"], h[1]["dealer_after"], h[1]["honba_after"]) == ([35, 35, 50], 2, 0)
    # 2: dealer 2 tsumo: haku 1 oya 1 gari 1 banban 2 minkan 1 = 6 each; renchan
    assert lines(h[2]) == [(0, 2, 6, 0), (1, 2, 6, 0)]
    assert (h[2]["scores"], h[2]["dealer_after"], h[2]["honba_after"]) == ([29, 29, 62], 2, 1)
    # 3: seat 1 riichi ron, closed karasu 30: riichi 1 haku 1 menzen 1 honba 1 banban 2 = 36
    assert points(h[3]) == [36]
    assert (h[3]["scores"], h[3]["dealer_after"], h[3]["honba_after"]) == ([29, 65, 26], 1, 0)
    # 4: kokushi tsumo: 50 + menzen 1 + banban 2 = 53 each; seat 2 goes below zero
    assert lines(h[4]) == [(1, 0, 53, 0), (2, 0, 53, 0)]
    assert result["end"] == {"hand": 4, "reasons": ["tobi"]}
    assert result["final"]["scores"] == [135, 12, -27]
    assert result["final"]["points_delta"] == [95, -28, -67]


@pytest.mark.parametrize("name", ["tenhou", "parlor"])
def test_engine_game_command_settles_the_doc_games(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The issue: "through the same engine.settle_game and engine game as Speed Tonpuu".
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(doc_game(name)), encoding="utf-8")
    assert game_command(str(path)) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == engine.settle_game(doc_game(name))
    assert printed["final"] is not None
