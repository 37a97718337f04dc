"""Security of the web surface: login throttling, CSRF, every API operation per role, no secrets.

The per-role tables of the ledger endpoints are in tests/api/test_permissions.py
and tests/ledger/admin/test_roles.py; here every operation the OpenAPI schema lists is
walked, so an endpoint added later without a permission check fails this file.
``manage.py check --deploy`` is tested in tests/foundation/test_settings.py.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from rest_framework.test import APIClient

from parlor.services.roles import roles_sync
from tests.api.support import (
    ANONYMOUS,
    NO_ROLE,
    RoleClients,
    post,
    post_hand,
    user_with_role,
)
from tests.ledger.factories import SessionFactory, draw

pytestmark = pytest.mark.django_db

PASSWORD = "secret-for-tests"
ADMIN_LOGIN = "/admin/login/"
TOKEN = "/api/auth/token/"
WRITES = ("post", "put", "patch", "delete")
# Reached without a login: the token endpoint is how one logs in; a scoreboard's
# secret link is its own key (an unknown link is 404, tests/api/test_scoreboard.py).
TOKEN_LOGIN = ("post", TOKEN)
SCOREBOARD = ("get", "/api/scoreboard/{token}/")
PUBLIC = {TOKEN_LOGIN, SCOREBOARD}
# What a caller without a login gets from each public operation given nothing valid.
PUBLIC_REFUSAL = {TOKEN_LOGIN: 400, SCOREBOARD: 404}
# A player may ask for an export of their own statement (tests/api cover the scope).
PLAYER_WRITES = {("post", "/api/exports/")}


def admin_login(client: Client, username: str, password: str, *, ip: str = "10.0.0.1") -> Any:
    return client.post(ADMIN_LOGIN, {"username": username, "password": password}, REMOTE_ADDR=ip)


@pytest.fixture
def api_as(db: None) -> RoleClients:
    roles_sync()
    return RoleClients()


@pytest.fixture
def desk(db: None) -> Any:
    roles_sync()
    user = user_with_role("desk", "staff")
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    return user


def test_admin_login_locks_the_username_at_that_address_after_five_failures(
    client: Client, desk: Any
) -> None:
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert admin_login(client, "desk", "wrong").status_code == 200  # the form again
    assert admin_login(client, "desk", "wrong").status_code == 429  # the fifth locks

    assert admin_login(client, "desk", PASSWORD).status_code == 429
    assert "_auth_user_id" not in client.session
    # Another address, or another username at this address, is not locked.
    assert admin_login(Client(), "desk", PASSWORD, ip="10.0.0.2").status_code == 302


def test_a_successful_login_clears_the_failure_count(client: Client, desk: Any) -> None:
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        admin_login(client, "desk", "wrong")
    assert admin_login(client, "desk", PASSWORD).status_code == 302
    client.logout()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        admin_login(client, "desk", "wrong")

    assert admin_login(client, "desk", PASSWORD).status_code == 302


def test_token_endpoint_is_throttled_too(desk: Any) -> None:
    client = APIClient(REMOTE_ADDR="10.0.0.3")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        assert post(client, TOKEN, {"username": "desk", "password": "x"}).status_code == 400

    refused = post(client, TOKEN, {"username": "desk", "password": PASSWORD})

    assert refused.status_code == 429
    assert b"token" not in refused.content
    fresh = APIClient(REMOTE_ADDR="10.0.0.4")
    assert "token" in post(fresh, TOKEN, {"username": "desk", "password": PASSWORD}).json()


def test_admin_login_needs_the_csrf_token(desk: Any) -> None:
    client = Client(enforce_csrf_checks=True)

    assert admin_login(client, "desk", PASSWORD).status_code == 403


def test_api_writes_with_a_session_cookie_need_the_csrf_token(desk: Any) -> None:
    session = SessionFactory()
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(desk)

    response = post_hand(client, f"/api/sessions/{session.pk}/hands/", draw())

    assert response.status_code == 403
    assert "CSRF" in str(response.json())
    assert session.hands.count() == 0


def test_api_writes_with_a_token_need_no_csrf_token(api_as: RoleClients) -> None:
    session = SessionFactory()
    client = api_as("staff")
    client.enforce_csrf_checks = True

    assert post_hand(client, f"/api/sessions/{session.pk}/hands/", draw()).status_code == 201


def _operations() -> list[tuple[str, str]]:
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    return [
        (method, path)
        for path, operations in schema["paths"].items()
        for method in operations
        if method in ("get", *WRITES)
    ]


OPERATIONS = _operations()


def _call(client: APIClient, method: str, path: str) -> int:
    concrete = re.sub(r"\{[a-z_]+\}", "1", path)
    response = getattr(client, method)(concrete, {}, format="json")
    return int(response.status_code)


@pytest.mark.parametrize(("method", "path"), OPERATIONS)
def test_every_operation_refuses_anonymous_callers(
    method: str, path: str, api_as: RoleClients
) -> None:
    status = _call(api_as(ANONYMOUS), method, path)

    assert status == PUBLIC_REFUSAL.get((method, path), 401)


@pytest.mark.parametrize(("method", "path"), OPERATIONS)
def test_a_login_without_a_role_reaches_nothing_but_me(
    method: str, path: str, api_as: RoleClients
) -> None:
    status = _call(api_as(NO_ROLE), method, path)

    if path == "/api/me/" or (method, path) in PUBLIC:
        assert status < 500
    else:
        assert status == 403


@pytest.mark.parametrize(
    ("method", "path"),
    [op for op in OPERATIONS if op[0] in WRITES and op not in PUBLIC | PLAYER_WRITES],
)
def test_a_player_writes_nothing(method: str, path: str, api_as: RoleClients) -> None:
    assert _call(api_as("player"), method, path) == 403


# Patterns of credentials that must never be committed.
SECRET_PATTERNS = {
    "private key": re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----"),
    "AWS access key": re.compile(r"\bAKIA[0-9A-Z]{16}\b"),
    "GitHub token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36}\b"),
    "Slack token": re.compile(r"\bxox[abpr]-[A-Za-z0-9-]{10,}"),
    "password in a URL": re.compile(r"[a-z]+://[^/\s:@]+:(?!password@|pw@)[^@\s/]{6,}@"),
    "assigned SECRET_KEY": re.compile(r"SECRET_KEY\s*=\s*['\"](?!django-insecure-)[^'\"]{20,}"),
}
ROOT = Path(__file__).resolve().parents[2]


def _repository_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return [ROOT / name for name in listed if (ROOT / name).is_file()]


def test_no_secret_is_committed() -> None:
    files = _repository_files()
    found = []
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue  # binary files (images, compiled messages)
        for what, pattern in SECRET_PATTERNS.items():
            if match := pattern.search(text):
                found.append(f"{path.relative_to(ROOT)}: {what}: {match.group(0)[:40]}")

    assert len(files) > 50
    assert found == []
