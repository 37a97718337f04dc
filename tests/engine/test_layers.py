"""The engine's own import graph: no cycles, and the arrows issue 31 asks for.

Read from the sources (``ast``), every import counted wherever it sits (a
function-level import is an arrow too), except those under ``TYPE_CHECKING``
(types only, never run). ``from engine import game`` is an arrow to the
module ``engine.game``, not to the package ``engine``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "engine"


def _modules() -> dict[str, Path]:
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    edges: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text())
        types_only = {
            id(sub)
            for node in ast.walk(tree)
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
            for sub in ast.walk(node)
        }
        for node in ast.walk(tree):
            if id(node) in types_only:
                continue
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    target = full if full in modules else node.module
                    if target in modules:
                        edges[name].add(target)
            elif isinstance(node, ast.Import):
                edges[name] |= {alias.name for alias in node.names if alias.name in modules}
    return edges


GRAPH = _graph()


def _reaches(start: str, goal: str) -> bool:
    seen, todo = set(), [start]
    while todo:
        for nxt in GRAPH[todo.pop()] - seen:
            if nxt == goal:
                return True
            seen.add(nxt)
            todo.append(nxt)
    return False


def test_the_engine_has_no_import_cycle() -> None:
    cycles = sorted(name for name in GRAPH if _reaches(name, name))
    assert not cycles, f"modules on an import cycle: {cycles}"


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if m.startswith(("engine.game",
                                                                             "engine.fast"))))
def test_the_game_and_the_fast_scorer_do_not_import_the_public_facade(module: str) -> None:
    assert not GRAPH[module] & {"engine", "engine.api"}, GRAPH[module]


def test_the_reference_path_is_below_the_fast_scorer_and_the_game() -> None:
    assert "engine.reference" in GRAPH["engine.fast.score"]
    assert "engine.reference" in GRAPH["engine.game.wins"]
    assert not _reaches("engine.reference", "engine.fast.score")
    assert not _reaches("engine.reference", "engine.game")


def test_the_option_schema_is_below_rulesets_and_games() -> None:
    below = {"engine.schema"}
    for module in below:
        assert not any(_reaches(module, top) for top in ("engine.game", "engine.rulesets"))
    assert not any(
        _reaches(module, "engine.game") for module in GRAPH if module.startswith("engine.rulesets")
    )
