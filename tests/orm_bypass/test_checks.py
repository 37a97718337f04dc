"""The bypasses' system checks: silent on the Django installed, loud when it is not the one
they were verified on or no longer behaves as they assume."""

from __future__ import annotations

import django
import pytest
from django.core import checks
from django.db.models.base import ModelState

from orm_bypass import checks as bypass_checks


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
        bypass_checks, "_CALLED", [*bypass_checks._CALLED, (ModelState, "gone", "prepared")]
    )

    (message,) = _ours()
    assert message.id == "orm_bypass.E002" and "ModelState.gone (prepared)" in message.msg


def test_rows_the_relation_does_not_serve_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bypass_checks, "related_loaded", lambda *args: None)

    assert [m.id for m in _ours()] == ["orm_bypass.E003"]
