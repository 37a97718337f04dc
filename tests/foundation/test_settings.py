"""Settings come from the environment; production refuses unsafe defaults.

Each case imports the settings in a fresh interpreter, so it sees exactly the
environment it sets (os.environ of the test run minus the settings' variables).
"""

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT_DIR = Path(__file__).resolve().parents[2]
SETTINGS_VARIABLES = (
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "DATABASE_URL",
    "DATABASE_OWNER_URL",
    "CELERY_BROKER_URL",
    "CELERY_RESULT_BACKEND",
    "TIME_ZONE",
    "DATABASE_SERVER_SIDE_BINDING",
    "DATABASE_PREPARE_THRESHOLD",
)
PRODUCTION_ENV = {"DEBUG": "0", "ALLOWED_HOSTS": "ledger.parlor.example"}

SHOW_SETTINGS = """
import json
from django.conf import settings
print(json.dumps({
    "DEBUG": settings.DEBUG,
    "ENGINE": settings.DATABASES["default"]["ENGINE"],
    "NAME": str(settings.DATABASES["default"]["NAME"]),
    "ALWAYS_EAGER": settings.CELERY_TASK_ALWAYS_EAGER,
    "BROKER": settings.CELERY_BROKER_URL,
    "RESULT_BACKEND": settings.CELERY_RESULT_BACKEND,
    "ALLOWED_HOSTS": settings.ALLOWED_HOSTS,
    "TIME_ZONE": settings.TIME_ZONE,
    "OPTIONS": settings.DATABASES["default"].get("OPTIONS", {}),
}))
"""


def run_in_fresh_python(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {key: value for key, value in os.environ.items() if key not in SETTINGS_VARIABLES}
    return subprocess.run(
        [sys.executable, *args],
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        cwd=PROJECT_DIR,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def settings_under(env: dict[str, str]) -> dict[str, object]:
    completed = run_in_fresh_python(["-c", SHOW_SETTINGS], env)
    assert completed.returncode == 0, completed.stderr
    loaded: dict[str, object] = json.loads(completed.stdout)
    return loaded


def test_embedded_default_is_sqlite_file_and_in_process_celery() -> None:
    loaded = settings_under({})

    assert loaded["DEBUG"] is True
    assert loaded["ENGINE"] == "django.db.backends.sqlite3"
    assert loaded["NAME"] == str(PROJECT_DIR / "db.sqlite3")
    assert loaded["ALWAYS_EAGER"] is True
    assert loaded["BROKER"] is None
    assert loaded["RESULT_BACKEND"] is None
    assert loaded["TIME_ZONE"] == "UTC"


def test_environment_names_database_broker_hosts_and_time_zone() -> None:
    loaded = settings_under(
        {
            "DATABASE_URL": "postgres://ledger:pw@db.internal:5432/ledger",
            "CELERY_BROKER_URL": "redis://cache.internal:6379/0",
            "ALLOWED_HOSTS": "ledger.parlor.example, admin.parlor.example",
            "TIME_ZONE": "Asia/Tokyo",
        }
    )

    assert loaded["ENGINE"] == "config.postgresql"  # Django's, health-checked when idle
    assert loaded["NAME"] == "ledger"
    assert loaded["ALWAYS_EAGER"] is False
    assert loaded["RESULT_BACKEND"] == "redis://cache.internal:6379/0"
    assert loaded["ALLOWED_HOSTS"] == ["ledger.parlor.example", "admin.parlor.example"]
    assert loaded["TIME_ZONE"] == "Asia/Tokyo"


def test_postgresql_binds_parameters_on_the_server_unless_told_not_to() -> None:
    postgres = {"DATABASE_URL": "postgres://ledger:pw@db.internal:5432/ledger"}

    assert settings_under(postgres)["OPTIONS"] == {
        "server_side_binding": True,
        "prepare_threshold": 5,
    }
    off = settings_under({**postgres, "DATABASE_SERVER_SIDE_BINDING": "0"})
    assert off["OPTIONS"] == {}  # nor prepared statements, which need server-side binding
    assert settings_under({})["OPTIONS"] == {}


def test_postgresql_prepares_repeated_statements_unless_told_not_to() -> None:
    """Django turns psycopg's prepared statements off; they halve PostgreSQL's CPU per
    hand POST (docs/performance.md), so the service turns them on, and 0 turns them off
    again (a pooler in transaction mode that cannot keep them)."""
    postgres = {"DATABASE_URL": "postgres://ledger:pw@db.internal:5432/ledger"}

    sooner = settings_under({**postgres, "DATABASE_PREPARE_THRESHOLD": "2"})
    assert sooner["OPTIONS"] == {"server_side_binding": True, "prepare_threshold": 2}
    off = settings_under({**postgres, "DATABASE_PREPARE_THRESHOLD": "0"})
    assert off["OPTIONS"] == {"server_side_binding": True}


@pytest.mark.parametrize(
    "secret_env",
    [{}, {"SECRET_KEY": ""}, {"SECRET_KEY": "django-insecure-local-development-key-do-not-deploy"}],
    ids=["unset", "empty", "built-in-development-key"],
)
def test_debug_off_refuses_to_start_on_default_secret_key(secret_env: dict[str, str]) -> None:
    completed = run_in_fresh_python(["manage.py", "check"], {**PRODUCTION_ENV, **secret_env})

    assert completed.returncode != 0
    assert "ImproperlyConfigured: SECRET_KEY is unset" in completed.stderr


def test_bad_boolean_names_the_variable() -> None:
    completed = run_in_fresh_python(["manage.py", "check"], {"DEBUG": "maybe"})

    assert completed.returncode != 0
    assert "DEBUG='maybe' is not a boolean" in completed.stderr


def test_check_deploy_is_clean_for_production_settings() -> None:
    env = {**PRODUCTION_ENV, "SECRET_KEY": secrets.token_urlsafe(50)}

    completed = run_in_fresh_python(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"], env
    )

    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "System check identified no issues" in completed.stdout
