"""docs/hand-format.md tells the truth: each worked example is what the engine returns."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import engine
from engine import rulesets
from engine.errors import ErrorCode

DOC = (Path(__file__).resolve().parents[2] / "docs" / "hand-format.md").read_text(encoding="utf-8")
PAIR = re.compile(r"Input:\s*```json\n(.*?)\n```\s*Output:\s*```json\n(.*?)\n```", re.S)
EXAMPLES = [(json.loads(i), json.loads(o)) for i, o in PAIR.findall(DOC)]


def test_the_doc_has_examples_of_wins_and_of_every_spec_error() -> None:
    outputs = [o for _, o in EXAMPLES]
    assert sum(o["ok"] for o in outputs) >= 8
    codes = {o["error"]["code"] for o in outputs if not o["ok"]}
    spec_codes = {
        "bad_tiles",
        "too_many_copies",
        "wrong_tile_count",
        "not_a_winning_hand",
        "no_yaku",
        "bad_field",
    }
    assert codes == spec_codes


@pytest.mark.parametrize(
    "record, output", EXAMPLES, ids=[f"{i['id']}-{i['ruleset']}" for i, _ in EXAMPLES]
)
def test_worked_example_is_exact(record: dict[str, Any], output: dict[str, Any]) -> None:
    assert engine.score(record) == output


def test_every_error_code_is_in_the_error_table() -> None:
    for code in ErrorCode:
        assert f"| `{code.value}` |" in DOC


def test_every_riichi_standard_option_is_documented() -> None:
    for option in rulesets.describe("riichi-standard")["options"]:
        assert f"| `{option['name']}` |" in DOC
