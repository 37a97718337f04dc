"""Suite-wide test set-up: real-service requirements, and Celery in process.

Tests that need PostgreSQL or Redis say so with a marker (`requires_postgres`,
`requires_redis`) or by using the `redis_url` fixture. Without the service
they are skipped and the end of the run lists them; with REQUIRE_SERVICES=1
(as CI sets) they fail instead, so a run cannot pass by skipping them.
"""

import functools
import os
import shutil
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import redis
from kombu.utils.url import maybe_sanitize_url

from config.celery import app as celery_app
from tests.database import OWNER_LOGIN, SERVICE, RunRoles, flush_through_the_guard, logged_in_as

# Fixtures the tests of several rooms share (users, sessions, signed-in clients).
pytest_plugins = ["tests.fixtures.sessions", "tests.fixtures.clients"]

REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES", "").lower() in {"1", "true", "yes", "on"}
LOCAL_TEST_REDIS_URL = "redis://127.0.0.1:6379/15"

POSTGRES = "PostgreSQL"
REDIS = "Redis"
# Tests that stop and start a Redis of their own (tests/ledger/tasks/own_redis.py).
REDIS_SERVER = "redis-server"
SERVICE_MARKERS = {
    "requires_postgres": POSTGRES,
    "requires_redis": REDIS,
    "requires_redis_server": REDIS_SERVER,
}

_skipped_for_lack_of: dict[str, list[str]] = {}
_why_missing: dict[str, str] = {}


def redis_url_for_tests() -> str:
    """CELERY_BROKER_URL when it is Redis, else a local Redis's database 15."""
    broker_url = os.environ.get("CELERY_BROKER_URL", "")
    return broker_url if broker_url.startswith("redis") else LOCAL_TEST_REDIS_URL


@functools.cache
def _redis_missing() -> str | None:
    url = redis_url_for_tests()
    try:
        redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=2).ping()
    except redis.RedisError as error:
        return f"no Redis at {maybe_sanitize_url(url)} ({error}); set CELERY_BROKER_URL=redis://..."
    return None


def _postgres_missing() -> str | None:
    from django.db import connection

    if connection.vendor == "postgresql":
        return None
    return f"the test database is {connection.vendor}; set DATABASE_URL=postgres://..."


def _redis_server_missing() -> str | None:
    if shutil.which("redis-server"):
        return None
    return "no redis-server on PATH (Debian: apt-get install redis-server)"


_MISSING: dict[str, Callable[[], str | None]] = {
    POSTGRES: _postgres_missing,
    REDIS: _redis_missing,
    REDIS_SERVER: _redis_server_missing,
}


def require_service(service: str, *, nodeid: str) -> None:
    """Skip the current test if `service` is missing; fail it when REQUIRE_SERVICES is set."""
    missing = _MISSING[service]()
    if missing is None:
        return
    if REQUIRE_SERVICES:
        pytest.fail(f"REQUIRE_SERVICES=1 but {service} is missing: {missing}", pytrace=False)
    _skipped_for_lack_of.setdefault(service, []).append(nodeid)
    _why_missing[service] = missing
    pytest.skip(f"needs {service}: {missing}")


def pytest_runtest_setup(item: pytest.Item) -> None:
    for marker, service in SERVICE_MARKERS.items():
        if item.get_closest_marker(marker):
            require_service(service, nodeid=item.nodeid)


@pytest.fixture
def redis_url(request: pytest.FixtureRequest) -> str:
    require_service(REDIS, nodeid=request.node.nodeid)
    return redis_url_for_tests()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not _skipped_for_lack_of:
        return
    terminalreporter.section("skipped for lack of services", yellow=True)
    for service, nodeids in sorted(_skipped_for_lack_of.items()):
        terminalreporter.write_line(
            f"{len(nodeids)} test(s) need {service}: {_why_missing[service]}"
        )
        for nodeid in nodeids:
            terminalreporter.write_line(f"    {nodeid}")
    terminalreporter.write_line(
        "Everything else ran. Set REQUIRE_SERVICES=1 (as .ci/run does) to make these fail."
    )


@pytest.fixture(autouse=True)
def _no_house_members() -> Iterator[None]:
    """Each test starts with no member of every parlor (tests/parlor/factories.py)."""
    from tests.parlor.factories import HOUSE_MEMBERS  # needs Django set up: not at import

    HOUSE_MEMBERS.clear()
    yield
    HOUSE_MEMBERS.clear()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: Any) -> None:
    # The production hasher is slow on purpose; tests only need passwords to match.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _celery_tasks_in_process() -> Iterator[None]:
    """Tasks run in the test process whatever broker is configured.

    Only tests/foundation/test_celery_worker.py sends a task to a real worker.
    """
    # A test's client app (Celery(...)) must not leave shared tasks bound to itself.
    celery_app.set_current()
    conf = celery_app.conf
    saved = conf.task_always_eager, conf.task_eager_propagates
    conf.task_always_eager, conf.task_eager_propagates = True, True
    yield
    conf.task_always_eager, conf.task_eager_propagates = saved


_ROLES = RunRoles()


@pytest.fixture(scope="session")
def django_db_modify_db_settings(
    django_db_modify_db_settings_parallel_suffix: None, django_db_keepdb: bool
) -> Iterator[None]:
    """PostgreSQL: the owner creates and migrates the test database (tests/database.py)."""
    _ROLES.before_creation()
    yield
    _ROLES.after_destruction(kept=django_db_keepdb)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None) -> Iterator[None]:
    """pytest-django's set-up, then every test runs as the service role (tests/database.py)."""
    _ROLES.after_creation()
    yield
    _ROLES.before_destruction()


@pytest.fixture(scope="session", autouse=True)
def _flush_through_the_truncate_guard() -> Iterator[None]:
    """Transactional tests' flush passes the books' TRUNCATE guard (tests/database.py)."""
    from django.db.backends.postgresql.operations import DatabaseOperations

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(DatabaseOperations, "execute_sql_flush", flush_through_the_guard)
        yield


@pytest.fixture(params=[SERVICE, OWNER_LOGIN])
def sql_role(request: pytest.FixtureRequest) -> Iterator[str]:
    """A transactional test's raw SQL as the service role, then again as the owner."""
    with logged_in_as(request.param) as role:
        yield role
