"""docs/architecture.md's path of a hand is the path a hand takes (issue 31, part 5).

A hand is recorded through the API and through the table console under a profiler
that notes every Python function called in the project's code. The steps the doc's
"The path of a hand" lists ("`name` in `path`") must each happen, in the doc's order;
the engine must be called once per hand, by its door; and no room but the door may
call into the engine, except to read the door's typed results.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from django.test import Client

import engine_door.results
from ledger.models import HandResult
from tests.api.support import RoleClients, api_as, post_hand, role_groups
from tests.ledger.factories import PINFU_TANYAO, SessionFactory, ron

pytestmark = pytest.mark.django_db
__all__ = ["api_as", "role_groups"]  # fixtures used below

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
PATH_SECTION = DOC[DOC.index("## The path of a hand") :]
PATH_SECTION = PATH_SECTION[: PATH_SECTION.index("\n## ")]
API_STEPS_TEXT, CONSOLE_STEPS_TEXT = PATH_SECTION.split("From the table console")
CONSOLE_STEPS_TEXT = CONSOLE_STEPS_TEXT[: CONSOLE_STEPS_TEXT.index("The other paths")]
PLACED = re.compile(r"`(\w+)`\s+in\s+`([\w/]+\.py)`")
# The door's typed results are data the rooms read (a HandOutcome's ``to_json`` ...).
RESULT_CLASSES = frozenset(engine_door.results.__all__)


def steps(text: str) -> list[tuple[str, str]]:
    """The doc's ("function", "file") pairs, in the order written, each once."""
    seen: list[tuple[str, str]] = []
    for pair in PLACED.findall(re.sub(r"\s+", " ", text)):
        if pair not in seen:
            seen.append(pair)
    return seen


@dataclass(frozen=True)
class Call:
    name: str
    qualname: str
    path: str  # relative to the repository, "" outside it
    caller: str


def _relative(filename: str) -> str:
    try:
        return Path(filename).resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return ""


@contextmanager
def traced() -> Iterator[list[Call]]:
    """Every Python call while inside, with the file of its caller."""
    calls: list[Call] = []
    paths: dict[str, str] = {}

    def relative(filename: str) -> str:
        if filename not in paths:
            paths[filename] = _relative(filename)
        return paths[filename]

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event != "call":
            return
        code = frame.f_code
        caller = frame.f_back
        calls.append(
            Call(
                code.co_name,
                code.co_qualname,
                relative(code.co_filename),
                relative(caller.f_code.co_filename) if caller else "",
            )
        )

    sys.setprofile(profile)
    try:
        yield calls
    finally:
        sys.setprofile(None)


def assert_doc_order(doc_steps: list[tuple[str, str]], calls: list[Call]) -> None:
    """Each step is called after the one before it (other calls between are fine)."""
    remaining = iter(calls)
    for number, step in enumerate(doc_steps, start=1):
        if not any((call.name, call.path) == step for call in remaining):
            taken = {(call.name, call.path) for call in calls}
            where = "after the step before it" if step in taken else "at all"
            raise AssertionError(f"step {number} of the doc, {step}, was not called {where}")


def engine_entries(calls: list[Call]) -> list[Call]:
    """Calls into engine/ from outside it (the typed results' methods aside)."""
    return [
        call
        for call in calls
        if call.path.startswith("engine/")
        and call.caller
        and not call.caller.startswith("engine/")
        and call.qualname.split(".")[0] not in RESULT_CLASSES
    ]


def assert_one_engine_call_through_the_door(calls: list[Call]) -> None:
    door_settles = [c for c in calls if (c.name, c.path) == ("settle", "engine_door/games.py")]
    assert len(door_settles) == 1, f"one engine call per hand, not {len(door_settles)}"
    entries = engine_entries(calls)
    assert entries, "the engine was not called"
    others = sorted({f"{c.caller} -> {c.path}:{c.qualname}" for c in entries
                     if not c.caller.startswith("engine_door/")})
    assert not others, f"only the door calls the engine: {others}"


def test_the_doc_lists_the_steps_of_both_paths() -> None:
    assert len(steps(API_STEPS_TEXT)) >= 10
    assert len(steps(CONSOLE_STEPS_TEXT)) >= 4


def test_a_hand_posted_to_the_api_takes_the_docs_path(api_as: RoleClients) -> None:
    session = SessionFactory()
    staff = api_as("staff")
    url = f"/api/sessions/{session.pk}/hands/"
    assert post_hand(staff, url, ron(1, 0)).status_code == 201  # warm: imports, caches

    with traced() as calls:
        response = post_hand(staff, url, ron(2, 0, riichi=[2]))

    assert response.status_code == 201, response.json()
    assert_doc_order(steps(API_STEPS_TEXT), calls)
    assert_one_engine_call_through_the_door(calls)


RON_POST = {
    "hand-kind": "win",
    "hand-riichi": ["2"],
    "hand-discarder": "3",
    "win0-winner": "2",
    "win0-hand": PINFU_TANYAO["hand"],
    "win0-win_tile": PINFU_TANYAO["win_tile"],
}


def test_a_hand_saved_at_the_console_takes_the_docs_path(
    client_as: Callable[[str], Client],
) -> None:
    session = SessionFactory()
    desk = client_as("staff")
    url = f"/admin/ledger/session/{session.pk}/hands/"
    preview = desk.post(url, {**RON_POST, "_preview": "1"})

    save = {**RON_POST, "_save": "1", "preview_digest": preview.context["digest"]}

    with traced() as calls:
        saved = desk.post(url, save)

    assert saved.status_code == 302 and HandResult.objects.filter(session=session).count() == 1
    # The preview is a step of its own request; the save takes every other step in order.
    console_steps = [step for step in steps(CONSOLE_STEPS_TEXT) if step[0] != "hand_preview"]
    assert_doc_order(console_steps + steps(API_STEPS_TEXT)[2:], calls)
    assert_one_engine_call_through_the_door(calls)


def test_the_check_catches_a_room_calling_the_engine_directly() -> None:
    # The same check on a call list where the ledger called the engine itself.
    calls = [
        Call("settle", "settle", "engine_door/games.py", "ledger/play/games.py"),
        Call("settle_typed", "settle_typed", "engine/game/settle.py", "engine_door/games.py"),
        Call("configure", "configure", "engine/rulesets/registry.py", "ledger/play/games.py"),
    ]
    with pytest.raises(AssertionError, match="only the door calls the engine"):
        assert_one_engine_call_through_the_door(calls)
