"""`python -m engine score [FILE]`: JSON lines in, one result line per input line, in order.

A bad record or a line that is not JSON gets its own error line and the rest
go on; the exit status is 0 when every line scored and 1 when any did not.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.bench.corpus import generate
from tests.engine.hands import SPEC_ERROR_CODES, record

REPO = Path(__file__).resolve().parents[2]
GOOD = record("234567m345p567s88p", "2m", id="good-1")
ALSO_GOOD = record("123m11456p789s555z", "1p", id="good-2", win="tsumo")
BAD_TILE = record("123m456p789s234s8z9m", "9m", id="bad-tile")
NOT_JSON = '{"id": "broken", "hand": '


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "score", *args],
        input=stdin, capture_output=True, text=True, cwd=REPO, timeout=120, check=False,
    )


def jsonl(*lines: dict[str, Any] | str) -> str:
    return "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)


def results(proc: subprocess.CompletedProcess[str]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in proc.stdout.splitlines()]


def test_file_of_good_records_scores_each_line_and_exits_0(tmp_path: Path) -> None:
    path = tmp_path / "hands.jsonl"
    path.write_text(jsonl(GOOD, ALSO_GOOD))
    proc = run_cli(str(path))
    assert proc.returncode == 0, proc.stderr
    assert results(proc) == [engine.score(GOOD), engine.score(ALSO_GOOD)]


def test_bad_lines_get_error_lines_and_the_rest_go_on(tmp_path: Path) -> None:
    path = tmp_path / "hands.jsonl"
    path.write_text(jsonl(GOOD, BAD_TILE, NOT_JSON, ALSO_GOOD))
    proc = run_cli(str(path))
    assert proc.returncode == 1
    out = results(proc)
    assert len(out) == 4
    assert out[0] == engine.score(GOOD)
    assert out[1] == engine.score(BAD_TILE) and out[1]["error"]["code"] == "bad_tiles"
    assert out[2]["ok"] is False and out[2]["error"]["code"] in SPEC_ERROR_CODES
    assert "line 3" in out[2]["error"]["message"]
    assert out[3] == engine.score(ALSO_GOOD)


def test_no_yaku_is_an_error_line_and_exit_1(tmp_path: Path) -> None:
    path = tmp_path / "hands.jsonl"
    path.write_text(jsonl(record("123m456p789s234s99m", "9m", id="no-yaku"), GOOD))
    proc = run_cli(str(path))
    assert proc.returncode == 1
    assert [r["ok"] for r in results(proc)] == [False, True]


@pytest.mark.parametrize("args", [(), ("-",)], ids=["no_file", "dash"])
def test_stdin_is_read_when_no_file_is_given(args: tuple[str, ...]) -> None:
    proc = run_cli(*args, stdin=jsonl(GOOD, ALSO_GOOD))
    assert proc.returncode == 0, proc.stderr
    assert results(proc) == [engine.score(GOOD), engine.score(ALSO_GOOD)]


def test_stdin_with_a_bad_line_exits_1() -> None:
    proc = run_cli(stdin=jsonl(NOT_JSON, GOOD))
    assert proc.returncode == 1
    out = results(proc)
    assert [r["ok"] for r in out] == [False, True]


def test_many_lines_come_back_in_input_order() -> None:
    records = list(generate(300, seed=7))
    proc = run_cli(stdin=jsonl(*records))
    out = results(proc)
    assert [r["id"] for r in out] == [r["id"] for r in records]
    assert out == [engine.score(r) for r in records]
    assert proc.returncode == (0 if all(r["ok"] for r in out) else 1)
