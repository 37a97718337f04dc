"""docs/rules/speed-tonpuu.md: its complete game settles to the numbers worked out there, and
every test its "Game rules" section names exists."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.engine.game.games import lines, settled

ROOT = Path(__file__).resolve().parents[3]
DOC = (ROOT / "docs" / "rules" / "speed-tonpuu.md").read_text(encoding="utf-8")


def _doc_game() -> dict:
    block = DOC.split("<!-- speed-game:input -->", 1)[1]
    return json.loads(block.split("```json", 1)[1].split("```", 1)[0])


def test_speed_tonpuu_doc_game_worked_by_hand() -> None:
    result = settled(_doc_game())
    hands = result["hands"]
    assert [h["scores"] for h in hands] == [
        [17000, 41000, 21000, 21000],
        [15500, 42500, 19500, 22500],
        [15500, 42500, 19500, 22500],
        [15500, 38500, 19500, 26500],
        [14000, 37000, 21000, 27000],
        [47000, 37000, 21000, -5000],
    ]
    assert [h["chips"] for h in hands] == [
        [-7, 21, -7, -7], [-7, 21, -7, -7], [-7, 21, -7, -7],
        [-7, 20, -7, -6], [-7, 20, -7, -6], [4, 20, -7, -17],
    ]
    assert [(h["dealer_after"], h["honba_after"], h["sticks_after"]) for h in hands[:5]] == [
        (1, 0, 0), (1, 1, 0), (1, 2, 0), (2, 0, 0), (3, 0, 1),
    ]
    # Baiman tsumo (4,000/8,000) with 7 chips from each payer.
    assert lines(hands[0]) == [(0, 1, 8000, 7), (2, 1, 4000, 7), (3, 1, 4000, 7)]
    assert lines(hands[3]) == [(1, 3, 4000, 1)]
    assert lines(hands[5]) == [(3, 0, 32000, 10), (3, 0, 0, 1)]
    assert result["end"] == {"hand": 5, "reasons": ["tobi", "rounds_complete"]}
    final = result["final"]
    assert final["placements"] == [1, 2, 3, 4]
    assert [(c["hands"], c["tobi"], c["placement"], c["total"]) for c in final["chips"]] == [
        (3, 1, 13, 17), (20, 0, 3, 23), (-7, 0, -5, -12), (-16, -1, -11, -28),
    ]
    assert final["points_delta"] == [0, 0, 0, 0]
    assert final["value"] == [85000, 115000, -60000, -140000]


def test_every_test_the_game_rules_section_names_exists() -> None:
    section = DOC.split("## Game rules", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"`(test_\w+)`", section))
    here = Path(__file__).parent
    speed = ROOT / "tests" / "engine" / "rulesets" / "speed_tonpuu"
    sources = [*here.glob("test_*.py"), *speed.glob("test_*.py")]
    defined = set(re.findall(r"^def (test_\w+)", "".join(
        f.read_text(encoding="utf-8") for f in sources), re.M))
    assert len(named) >= 40
    assert named <= defined, sorted(named - defined)
