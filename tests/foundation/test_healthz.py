"""/healthz reports the database and the broker: 200 when both answer, else 503."""

import socket
from typing import Any

import pytest
from django.db import DatabaseError, connection
from django.test import Client, override_settings

import config.health


def closed_loopback_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.mark.django_db
@override_settings(CELERY_BROKER_URL=None)
def test_healthz_reports_database_and_in_process_broker(client: Client) -> None:
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {
        "database": {"ok": True, "vendor": connection.vendor},
        "broker": {"ok": True, "url": "in-process"},
        "jobs": {"stale": 0, "status": "ok"},
        "workers": {"status": "in-process", "consuming": None, "last_seen_seconds_ago": None},
    }


@pytest.mark.django_db
def test_healthz_reports_real_redis_broker(client: Client, redis_url: str) -> None:
    with override_settings(CELERY_BROKER_URL=redis_url):
        response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json()["broker"] == {"ok": True, "url": redis_url}


@pytest.mark.django_db
@pytest.mark.requires_postgres
def test_healthz_reports_postgresql_database(client: Client) -> None:
    response = client.get("/healthz")

    assert response.json()["database"] == {"ok": True, "vendor": "postgresql"}


@pytest.mark.django_db
def test_healthz_is_503_when_broker_is_unreachable(client: Client) -> None:
    broker_url = f"redis://:hunter2@127.0.0.1:{closed_loopback_port()}/0"

    with override_settings(CELERY_BROKER_URL=broker_url):
        response = client.get("/healthz")

    assert response.status_code == 503
    report = response.json()
    assert report["database"]["ok"] is True
    assert report["broker"]["ok"] is False
    unknown = {"status": "unknown", "consuming": None, "last_seen_seconds_ago": None}
    assert report["workers"] == unknown
    assert report["broker"]["error"] == "OperationalError"
    assert "hunter2" not in response.content.decode()


class BrokenDatabase:
    vendor = "postgresql"

    def cursor(self) -> Any:
        raise DatabaseError("connection refused")


@override_settings(CELERY_BROKER_URL=None)
def test_healthz_is_503_when_database_fails(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(config.health, "connection", BrokenDatabase())

    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json()["database"] == {
        "ok": False,
        "vendor": "postgresql",
        "error": "DatabaseError",
    }
