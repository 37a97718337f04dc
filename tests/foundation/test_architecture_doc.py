"""docs/architecture.md names only files that exist and functions that are where it says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
ROOMS = "engine|ledger|reports|console|scoreboard|players|parlor|config|api"
PATHS = sorted(set(re.findall(rf"`((?:{ROOMS}|tests|docs)/[\w/.]*)`", DOC)))
MODULE = rf"`((?:{ROOMS})/[\w/]+\.py)`"
# "`name` in `path`", "(`name`, `path`)" and "`path` (`name`)": a function or class placed
# in a module.
PLACED = sorted(
    set(re.findall(rf"`(\w+)`,?\s+(?:in\s+)?{MODULE}", DOC))
    | {(name, path) for path, name in re.findall(rf"{MODULE}\s+\(`(\w+)`", DOC)}
)


def test_the_doc_names_paths() -> None:
    assert len(PATHS) >= 30
    assert len(PLACED) >= 5


@pytest.mark.parametrize("path", PATHS)
def test_each_path_the_doc_names_exists(path: str) -> None:
    assert (ROOT / path).exists(), path


@pytest.mark.parametrize(("name", "path"), PLACED)
def test_each_function_the_doc_places_is_defined_there(name: str, path: str) -> None:
    source = (ROOT / path).read_text(encoding="utf-8")
    defined = rf"^\s*(def|class) {name}\b|^{name}\b[^=\n]*= "
    assert re.search(defined, source, flags=re.M), (name, path)
