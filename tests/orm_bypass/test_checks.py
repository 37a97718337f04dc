"""The bypasses' system checks: silent on the Django installed, loud when it is not the one
they were verified on or no longer behaves as they assume."""

from __future__ import annotations

from typing import Any

import django
import pytest
from django.core import checks
from django.db.models.base import ModelState

from orm_bypass import checks as bypass_checks
from orm_bypass import loaded


def _ours() -> list[checks.CheckMessage]:
    return [m for m in checks.run_checks() if (m.id or "").startswith("orm_bypass.")]


def test_the_installed_django_passes_them() -> None:
    assert _ours() == []


def test_another_django_release_is_refused_until_the_tests_ran_on_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(django, "VERSION", (6, 0, 0, "final", 0))

    assert [m.id for m in _ours()] == ["orm_bypass.E001"]


def test_an_internal_that_went_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        bypass_checks, "_CALLED", [*bypass_checks._CALLED, (ModelState, "gone", "loaded")]
    )

    (message,) = _ours()
    assert message.id == "orm_bypass.E002" and "ModelState.gone (loaded)" in message.msg


def test_an_instance_built_otherwise_than_from_db_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As if Django's ``from_db`` now left something more on the instance's state."""

    class StateOfANewDjango(ModelState):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.fields_cache = {"new": True}

    monkeypatch.setattr("django.db.models.base.ModelState", StateOfANewDjango)
    monkeypatch.setattr(loaded, "ModelState", ModelState)  # the bypass still builds the old one

    messages = _ours()
    assert messages and {m.id for m in messages} == {"orm_bypass.E003"}


def test_rows_the_relation_does_not_serve_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bypass_checks, "related_loaded", lambda *args: None)

    assert [m.id for m in _ours()] == ["orm_bypass.E004"]
