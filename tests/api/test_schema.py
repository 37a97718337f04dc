"""The OpenAPI schema: generated without a warning, every operation documented."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from django.core.management import call_command

pytestmark = pytest.mark.django_db

METHODS = ("get", "post", "put", "patch", "delete")
# Actions whose request has no body by design.
NO_BODY = {
    ("post", "/api/sessions/{id}/close/"),
    ("post", "/api/sessions/{id}/mark-settled/"),
    ("post", "/api/counter/visits/{id}/check-out/"),
    ("post", "/api/floor/waiting/{id}/leave/"),
    ("post", "/api/floor/shifts/{id}/clock-out/"),
    ("post", "/api/floor/draws/{id}/open/"),
}


@pytest.fixture(scope="module")
def schema(tmp_path_factory: pytest.TempPathFactory, django_db_blocker: Any) -> dict[str, Any]:
    path = Path(tmp_path_factory.mktemp("schema")) / "openapi.yaml"
    with django_db_blocker.unblock():
        # --fail-on-warn: a warning (an undocumented type, a name collision) fails the test.
        call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(path))
    loaded: dict[str, Any] = yaml.safe_load(path.read_text())
    return loaded


def operations(schema: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (method, path, item[method])
        for path, item in schema["paths"].items()
        for method in METHODS
        if method in item
    ]


def test_every_endpoint_is_in_the_schema(schema: dict[str, Any]) -> None:
    paths = set(schema["paths"])

    assert {
        "/api/players/",
        "/api/tables/",
        "/api/ruleset-configs/",
        "/api/rates/",
        "/api/sessions/",
        "/api/sessions/{id}/close/",
        "/api/sessions/{id}/balances/",
        "/api/sessions/{session_pk}/hands/",
        "/api/sessions/{session_pk}/hands/preview/",
        "/api/corrections/",
        "/api/penalties/",
        "/api/balances/",
        "/api/statements/",
        "/api/settlements/",
        "/api/me/",
        "/api/auth/token/",
    } <= paths


def test_every_operation_documents_its_success_response(schema: dict[str, Any]) -> None:
    undocumented = []
    for method, path, operation in operations(schema):
        success = {code: r for code, r in operation["responses"].items() if code.startswith("2")}
        if method == "delete":
            ok = "204" in success
        else:
            ok = any("content" in response for response in success.values())
        if not ok:
            undocumented.append(f"{method.upper()} {path}")

    assert undocumented == []


def test_every_write_documents_its_request_body(schema: dict[str, Any]) -> None:
    missing = [
        f"{method.upper()} {path}"
        for method, path, operation in operations(schema)
        if method in {"post", "put", "patch"}
        and (method, path) not in NO_BODY
        and "requestBody" not in operation
    ]

    assert missing == []


def test_writes_document_the_idempotency_key_and_the_error_shape(schema: dict[str, Any]) -> None:
    hand = schema["paths"]["/api/sessions/{session_pk}/hands/"]["post"]

    assert "Idempotency-Key" in {p["name"] for p in hand["parameters"]}
    assert hand["responses"]["400"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Error"
    }


@pytest.mark.parametrize("path", ["/api/sessions/{session_pk}/hands/", "/api/penalties/"])
def test_posts_recording_a_hand_document_both_retry_guards_and_the_428(
    path: str, schema: dict[str, Any]
) -> None:
    record = schema["paths"][path]["post"]
    headers = {p["name"]: p for p in record["parameters"] if p["in"] == "header"}

    assert {"Idempotency-Key", "Expected-Hand-Number"} <= set(headers)
    assert headers["Expected-Hand-Number"]["schema"]["type"] == "integer"
    assert "428" in record["responses"] and "409" in record["responses"]
