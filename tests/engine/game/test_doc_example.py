"""The worked game of docs/game-format.md settles to exactly the output it shows."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import engine
from engine.game.cli import game_command

DOC = Path(__file__).resolve().parents[3] / "docs" / "game-format.md"


def _example(name: str) -> Any:
    text = DOC.read_text(encoding="utf-8")
    found = re.search(rf"<!-- game-example:{name} -->\s*```json\n(.*?)```", text, re.DOTALL)
    assert found, f"docs/game-format.md has no game-example:{name} block"
    return json.loads(found.group(1))


def test_doc_example_game_settles_to_the_documented_output() -> None:
    assert engine.settle_game(_example("input")) == _example("output")


def test_cli_game_command_prints_the_settlement(tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_example("input")), encoding="utf-8")
    assert game_command(str(path)) == 0
    assert json.loads(capsys.readouterr().out) == _example("output")


def test_cli_game_command_exits_1_on_a_bad_game(tmp_path: Path, capsys: Any) -> None:
    bad = {**_example("input"), "hands": [{"kind": "tie"}]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    assert game_command(str(path)) == 1
    assert json.loads(capsys.readouterr().out)["error"] == {
        "code": "bad_game", "message": "hand 0: kind: 'tie' is not one of win, draw, abort, chonbo"
    }


def test_cli_game_command_reports_bad_json(tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "game.json"
    path.write_text("{not json", encoding="utf-8")
    assert game_command(str(path)) == 1
    assert json.loads(capsys.readouterr().out)["error"]["message"].startswith("bad_json: ")


def test_cli_game_subcommand_is_wired(tmp_path: Path, capsys: Any) -> None:
    from engine.cli import main

    path = tmp_path / "game.json"
    path.write_text(json.dumps(_example("input")), encoding="utf-8")
    assert main(["game", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["final"]["placements"] == [4, 2, 3, 1]
    assert main(["game", str(tmp_path / "missing.json")]) == 2
