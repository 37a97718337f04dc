"""config/postgresql: Django's per-request connection health check (a SELECT 1) is skipped
on a connection that ran a statement within DATABASE_HEALTH_CHECK_AFTER_IDLE seconds, and
still made on one that sat idle longer (docs/configuration.md)."""

import time
from typing import Any

import pytest
from django.db import connection

pytestmark = [pytest.mark.requires_postgres, pytest.mark.django_db]


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """The health checks made from now on (each one's answer)."""
    made: list[bool] = []
    real = type(connection._connections["default"]).is_usable  # type: ignore[attr-defined]

    def is_usable(self: Any) -> bool:
        made.append(real(self))
        return made[-1]

    monkeypatch.setattr(type(connection._connections["default"]), "is_usable", is_usable)  # type: ignore[attr-defined]
    return made


def _next_request() -> None:
    """What Django does between requests (close_if_unusable_or_obsolete), then the next
    request's first statement."""
    connection.health_check_done = False
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


def test_the_backend_is_djangos_postgresql_with_health_checks_on(settings: Any) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    assert connection.vendor == "postgresql"
    assert connection.settings_dict["ENGINE"] == "config.postgresql"
    assert connection.health_check_enabled
    assert settings.DATABASE_HEALTH_CHECK_AFTER_IDLE == 1.0


def test_a_connection_used_a_moment_ago_is_not_checked_again(checks: list[bool]) -> None:
    _next_request()
    _next_request()

    assert checks == []


def test_a_connection_idle_for_longer_is_checked_before_it_is_used(
    checks: list[bool], settings: Any
) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    connection.statement_at = time.monotonic() - settings.DATABASE_HEALTH_CHECK_AFTER_IDLE - 0.1

    _next_request()

    assert checks == [True]


def test_zero_checks_before_every_request_as_django_does(
    checks: list[bool], settings: Any
) -> None:
    settings.DATABASE_HEALTH_CHECK_AFTER_IDLE = 0

    _next_request()
    _next_request()

    assert checks == [True, True]
