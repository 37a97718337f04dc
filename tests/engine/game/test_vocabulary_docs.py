"""docs/game-format.md speaks the engine's game vocabulary (engine.game.vocabulary).

Its field tables name exactly the fields the engine reads, its lists of causes
and faults are the engine's, and every JSON example in it and in docs/api.md
that is a game or a hand uses only those fields.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.game import vocabulary as words

DOCS = Path(__file__).resolve().parents[3] / "docs"
GAME_FORMAT = (DOCS / "game-format.md").read_text(encoding="utf-8")
INPUT = GAME_FORMAT.split("## Input", 1)[1].split("## Output", 1)[0]


def tables(text: str) -> list[list[str]]:
    """The first column of each table (``| `name` | ...``), table by table."""
    found: list[list[str]] = []
    rows: list[str] = []
    for line in text.splitlines():
        cell = re.match(r"\| `([a-z_]+)` \|", line)
        if cell:
            rows.append(cell.group(1))
        elif rows:
            found.append(rows)
            rows = []
    return found + ([rows] if rows else [])


def section(heading: str) -> str:
    return INPUT.split(heading, 1)[1].split("\n### ", 1)[0]


def test_the_input_tables_name_exactly_the_engines_fields() -> None:
    game, common, *_ = tables(INPUT.split("### ", 1)[0])
    assert tuple(game) == words.GAME_FIELDS
    assert tuple(common) == words.COMMON_FIELDS
    win_hand, win, _fill = tables(section("### `win`"))
    assert tuple(win_hand) == words.KIND_FIELDS["win"]
    assert tuple(win) == words.WIN_FIELDS
    for kind in ("draw", "abort", "chonbo"):
        (fields,) = tables(section(f"### `{kind}`"))
        assert tuple(fields) == words.KIND_FIELDS[kind], kind


def test_the_causes_and_faults_listed_are_the_engines() -> None:
    abort_causes = re.search(r"\| `cause` \| string \| (.*) \|", section("### `abort`"))
    assert abort_causes is not None
    assert tuple(re.findall(r"`([a-z_]+)`", abort_causes.group(1))) == (
        *words.ABORT_CAUSES[:3], "riichi", *words.ABORT_CAUSES[3:]
    )  # "(all four players in `riichi`)" names a field beside the causes
    faults = INPUT.split("Faults (", 1)[1].split("Each ruleset", 1)[0]
    listed = re.findall(r"`([a-z_]+)`", faults.split(":", 1)[1])
    assert tuple(listed) == words.FAULT_CAUSES


def examples() -> Iterator[Any]:
    for name in ("game-format.md", "api.md"):
        text = (DOCS / name).read_text(encoding="utf-8")
        for block in re.findall(r"```json\n(.*?)```", text, flags=re.S):
            try:
                yield json.loads(block)
            except json.JSONDecodeError:
                continue  # a sketch with "..." in it, not a whole example


def hands_in(example: Any) -> Iterator[dict[str, Any]]:
    """The input hands of an example: a hand, or a game's hands (not the engine's output)."""
    if not isinstance(example, dict) or "ok" in example or "index" in example:
        return
    if example.get("kind") in words.HAND_KINDS:
        yield example
    if "players" in example and "ruleset" in example:
        yield from (hand for hand in example.get("hands", []) if isinstance(hand, dict))


EXAMPLE_HANDS = [hand for example in examples() for hand in hands_in(example)]


def test_the_docs_have_hand_examples() -> None:
    assert len(EXAMPLE_HANDS) >= 5


@pytest.mark.parametrize("hand", EXAMPLE_HANDS)
def test_every_hand_in_the_docs_uses_the_vocabulary(hand: dict[str, Any]) -> None:
    kind = hand["kind"]
    assert set(hand) <= set(words.COMMON_FIELDS + words.KIND_FIELDS[kind])
    for win in hand.get("wins", []):
        assert set(win) <= set(words.WIN_FIELDS)
    for dead in hand.get("dead", []):
        assert set(dead) <= set(words.DEAD_FIELDS)
    if kind == "abort":
        assert hand["cause"] in words.ABORT_CAUSES
    if kind == "chonbo":
        assert hand.get("cause", "other") in words.FAULT_CAUSES
