"""config/middleware.py: a cookieless API call skips the browser's middleware, no other."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.sessions.middleware import SessionMiddleware
from django.test import Client
from rest_framework.test import APIClient

from tests.api.support import role_groups, token_client, user_with_role

pytestmark = pytest.mark.django_db
__all__ = ["role_groups"]  # the fixture


@pytest.fixture
def sessions_loaded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths whose request went through Django's session middleware."""
    paths: list[str] = []
    real = SessionMiddleware.process_request

    def spy(self: SessionMiddleware, request: Any) -> None:
        paths.append(request.path)
        real(self, request)

    monkeypatch.setattr(SessionMiddleware, "process_request", spy)
    return paths


def test_a_token_call_passes_the_browser_layers_and_keeps_the_rest(
    role_groups: None, sessions_loaded: list[str]
) -> None:
    """No session loaded; still the security headers, the frame refusal and the language
    of the Accept-Language header (ja)."""
    client = token_client(user_with_role("desk", "staff"))

    response = client.get("/api/me/", headers={"Accept-Language": "ja"})

    assert response.status_code == 200
    assert sessions_loaded == []
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["X-Frame-Options"] == "DENY"
    assert response["Content-Language"] == "ja"


def test_a_call_with_the_session_cookie_goes_through_every_layer(
    role_groups: None, sessions_loaded: list[str]
) -> None:
    """The browsable API and the staff pages' own calls: the session signs them in."""
    client = APIClient()
    client.force_login(user_with_role("desk", "staff"))

    response = client.get("/api/me/")

    assert response.status_code == 200
    assert response.json()["username"] == "desk"
    assert sessions_loaded == ["/api/me/"]


def test_pages_outside_the_api_load_the_session_without_a_cookie(
    sessions_loaded: list[str],
) -> None:
    assert Client().get("/admin/login/").status_code == 200
    assert sessions_loaded == ["/admin/login/"]


def test_a_cookieless_call_without_a_token_is_refused(sessions_loaded: list[str]) -> None:
    assert APIClient().get("/api/me/").status_code in (401, 403)
    assert sessions_loaded == []


def test_a_middleware_with_a_view_hook_is_not_wrapped() -> None:
    """Django calls ``process_view`` on every request: skipping only ``__call__`` would
    leave it running for the calls that skip the rest (CSRF's, say)."""
    from django.middleware.csrf import CsrfViewMiddleware

    from config.middleware import _browser_only

    with pytest.raises(TypeError, match="process_view"):
        _browser_only(CsrfViewMiddleware)
