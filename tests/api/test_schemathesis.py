"""Schemathesis against the OpenAPI schema: never a 500, a 4xx names the field, no partial write.

Every operation of ``/api/schema/`` gets up to ``MAX_EXAMPLES`` generated
requests (schemathesis draws them from the schema, valid and invalid), sent
in process through the WSGI application with a manager's token, the role
allowed the most. For each response:

- no 5xx (schemathesis' ``not_a_server_error``);
- a 400 names what is wrong: DRF's field-keyed errors, or the ledger's
  ``{"error": {"code", "message", "field"?}}`` with a message;
- a refused request (4xx) left every ledger table as it was.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.contrib.auth.models import User
from django.core import signals
from django.db import close_old_connections
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from config.wsgi import application
from parlor.services.roles import ROLE_MANAGER, roles_sync
from tests.api.support import ledger_row_counts, user_with_role
from tests.ledger.factories import SessionFactory

MAX_EXAMPLES = 15


@pytest.fixture
def api_schema(transactional_db: None) -> Iterator[Any]:
    raw = SchemaGenerator().get_schema(request=None, public=True)
    schema = schemathesis.openapi.from_dict(raw)
    schema.app = application
    # As Django's test client does: the WSGI handler would close the test's connection
    # (and its transaction) at the end of every request.
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield schema
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


schema = schemathesis.pytest.from_fixture("api_schema")


@pytest.fixture
def manager_token(transactional_db: None) -> str:
    roles_sync()
    user: User = user_with_role("fuzz-manager", ROLE_MANAGER)
    SessionFactory()  # something to read, close, correct
    return Token.objects.create(user=user).key


def token_client_for(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def names_what_is_wrong(body: Any) -> bool:
    if not isinstance(body, dict) or not body:
        return False
    error = body.get("error")
    if isinstance(error, dict):
        return bool(error.get("code")) and bool(error.get("message"))
    return True  # DRF: {"field": ["message"]} or {"non_field_errors": [...]}


@schema.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_api_never_fails_and_refuses_cleanly(case: Any, manager_token: str) -> None:
    before = ledger_row_counts()
    response = case.call(headers={"Authorization": f"Token {manager_token}"})

    assert response.status_code < 500, (case.method, case.formatted_path, response.text[:500])
    if response.status_code >= 400:
        assert ledger_row_counts() == before, (case.method, case.formatted_path)
    if response.status_code == 400:
        assert names_what_is_wrong(response.json()), response.text[:500]


# What the run above found, kept as plain regression tests.


def test_a_session_id_too_large_for_the_database_is_not_found(manager_token: str) -> None:
    client = token_client_for(manager_token)

    response = client.post("/api/sessions/99999999999999999999/hands/preview/", {}, format="json")

    assert response.status_code == 404


@pytest.mark.parametrize("path", ["/api/penalties/", "/api/statements/", "/api/sessions/"])
def test_a_time_offset_postgresql_cannot_store_is_still_a_valid_filter(
    path: str, manager_token: str
) -> None:
    client = token_client_for(manager_token)
    since = "since" if path != "/api/sessions/" else "opened_since"

    response = client.get(path, {since: "2000-01-01T00:00:00+16:00"})

    assert response.status_code == 200, response.content[:300]
