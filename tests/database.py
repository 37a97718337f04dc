"""The test database on PostgreSQL: the owner makes and flushes it, the service role uses it.

How a run uses the two roles (docs/configuration.md, "Tests on PostgreSQL"):

1. Before the test database exists (``django_db_modify_db_settings``), the
   run's two logins are settled: ``DATABASE_OWNER_URL``'s owner and
   ``DATABASE_URL``'s service role when both are set (CI); with
   ``DATABASE_URL`` alone its role is the owner, and the service role is one
   of the run's own, named after the test database
   (``test_<name>_service``, so runs against other databases on the same
   cluster never share it), with a random password, dropped at the end.
2. The ``default`` connection logs in as the owner while pytest-django
   creates and migrates the test database; the migrate's last post_migrate
   handler creates the service role if missing and grants it its privileges
   (``database.roles``), as every production migrate does.
3. Then ``default`` logs in as the service role: every test runs as it, with
   only the privileges the service has in production. A test that must act
   as the owner (tampering behind the guards, the migrations' own tests)
   says so with ``connected_as_owner()``, a login of its own for the block.
4. Django's transactional tests clear every table after each test with one
   ``TRUNCATE``, which the service role may not run and the append-only
   tables refuse (migration ledger/0018) unless the transaction sets
   ``ledger.truncate_books`` to the name of the database it empties: the
   flush here logs in as the owner and sets it, deliberately and only for the
   test database. Nothing outside ``tests/`` sets it, so ``manage.py flush``
   and a stray TRUNCATE are refused.
5. At the end the owner drops the test database (and the run's own role).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, nullcontext
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, ProgrammingError, connections, transaction
from django.db.backends.postgresql.operations import DatabaseOperations
from psycopg import sql

from database.roles import OWNER, connected_as_owner, owner_configured

TRUNCATE_SETTING = "ledger.truncate_books"

# Django's own flush, as production would run it (kept for the tests that show it refused).
django_flush = DatabaseOperations.execute_sql_flush


def flush_through_the_guard(operations: DatabaseOperations, sql_list: list[str]) -> None:
    """Django's ``execute_sql_flush`` as the owner, naming the database it empties to the guard."""
    connection: Any = operations.connection
    as_owner = connected_as_owner(connection.alias) if owner_configured() else nullcontext()
    with (
        as_owner,
        transaction.atomic(using=connection.alias, savepoint=connection.features.can_rollback_ddl),
        connection.cursor() as cursor,
    ):
        # set_config(..., true): for this transaction only, as SET LOCAL.
        cursor.execute("SELECT set_config(%s, current_database(), true)", [TRUNCATE_SETTING])
        for statement in sql_list:
            cursor.execute(statement)


class RunRoles:
    """Steps 1, 2, 3 and 5 above, for the session fixtures of tests/conftest.py."""

    def __init__(self) -> None:
        self.creating = ExitStack()
        self.run_role: str | None = None  # the run's own service role, when it made one

    def before_creation(self) -> None:
        service = settings.DATABASES[DEFAULT_DB_ALIAS]
        if "postgresql" not in service["ENGINE"]:
            return
        if not owner_configured():
            self._run_role(service)
        self.creating.enter_context(connected_as_owner())

    def after_creation(self) -> None:
        self.creating.close()  # default logs in as the service role from here on

    def before_destruction(self) -> None:
        if owner_configured():
            connections.close_all()
            self.creating.enter_context(connected_as_owner())

    def after_destruction(self, *, kept: bool) -> None:
        self.creating.close()
        if self.run_role is not None and not kept:
            with _maintenance_cursor() as cursor:
                drop = sql.SQL("DROP ROLE IF EXISTS {}").format(sql.Identifier(self.run_role))
                cursor.execute(drop)

    def _run_role(self, service: dict[str, Any]) -> None:
        """DATABASE_URL alone: its role owns; the service logs in as a role of the run's own."""
        owner = {**service, "TEST": {**service["TEST"], "MIRROR": DEFAULT_DB_ALIAS}}
        owner["OPTIONS"] = dict(service["OPTIONS"])
        settings.DATABASES[OWNER] = owner  # the same dict as connections.settings
        role = f"{connections[DEFAULT_DB_ALIAS].creation._get_test_db_name()}_service"[:63]
        password = secrets.token_urlsafe(24)
        with _maintenance_cursor() as cursor:
            cursor.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [role])
            verb = "ALTER" if cursor.fetchone() else "CREATE"
            cursor.execute(
                sql.SQL("{} ROLE {} LOGIN PASSWORD {}").format(
                    sql.SQL(verb), sql.Identifier(role), sql.Literal(password)
                )
            )
        connections[DEFAULT_DB_ALIAS].close()
        service.update(USER=role, PASSWORD=password)
        self.run_role = role


@contextmanager
def _maintenance_cursor() -> Iterator[psycopg.Cursor[Any]]:
    """A cursor as the owner on the cluster's ``postgres`` database (roles are cluster-wide)."""
    owner = settings.DATABASES[OWNER]
    info = {
        "dbname": "postgres",
        "user": owner["USER"],
        "password": owner["PASSWORD"],
        "host": owner["HOST"],
        "port": owner["PORT"],
    }
    with psycopg.connect(**{k: v for k, v in info.items() if v}, autocommit=True) as raw:
        yield raw.cursor()


SERVICE = "service"
OWNER_LOGIN = "owner"


@contextmanager
def as_the_owner() -> Iterator[None]:
    """The block's ``default`` connection logs in as the owner (SQLite: one login, no switch)."""
    if connections[DEFAULT_DB_ALIAS].vendor != "postgresql":
        yield
        return
    with connected_as_owner():
        yield


@contextmanager
def logged_in_as(role: str) -> Iterator[str]:
    """The test's ``default`` connection as ``role``: the service (as every test) or the owner."""
    if role == SERVICE:
        yield role
        return
    if connections[DEFAULT_DB_ALIAS].vendor != "postgresql":
        pytest.skip("one login on SQLite: the service's run is the owner's")
    with connected_as_owner():
        yield role


def refused(role: str, *, trigger: str, granted: bool = False) -> Any:
    """``pytest.raises`` for a raw write the books refuse, as ``role`` makes it.

    The service role is refused by its missing privilege ("permission denied")
    unless ``granted`` (it may write that table, so the table's trigger answers);
    the owner, and every login on SQLite, by the trigger whose message
    matches ``trigger``.
    """
    on_postgresql = connections[DEFAULT_DB_ALIAS].vendor == "postgresql"
    if role == SERVICE and on_postgresql and not granted:
        return pytest.raises(ProgrammingError, match="permission denied for table")
    return pytest.raises(DatabaseError, match=trigger)


# A test that tampers with the books commits (see ``tampering``).
tampers = pytest.mark.django_db(transaction=True)


@contextmanager
def tampering(*models: Any) -> Iterator[None]:
    """Writes behind the ledger's triggers, as only the owner of the tables can make them.

    PostgreSQL: the block is a transaction of its own, logged in as the owner,
    with the tables' user triggers off, committed at its end; so a test that
    tampers commits (mark it ``@tampers``) and its audit, as every
    test, reads as the service role. SQLite has one login and no switch: its
    triggers on these tables are dropped and made again afterwards, inside the
    test's transaction (SQLite's DDL is transactional).
    """
    connection = connections[DEFAULT_DB_ALIAS]
    tables = [model._meta.db_table for model in models]
    if connection.vendor == "postgresql":
        if connection.in_atomic_block:
            raise RuntimeError("a test that tampers as the owner commits: mark it @tampers")
        with connected_as_owner(), transaction.atomic(), connection.cursor() as cursor:
            # Foreign keys checked per statement: ALTER TABLE refuses pending trigger events.
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            for table in tables:
                cursor.execute(f"ALTER TABLE {table} DISABLE TRIGGER USER")
            yield
            for table in tables:
                cursor.execute(f"ALTER TABLE {table} ENABLE TRIGGER USER")
        return
    with connection.cursor() as cursor:
        marks = ", ".join("%s" for _ in tables)
        cursor.execute(
            f"SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ({marks})",
            tables,
        )
        triggers = list(cursor.fetchall())
        for name, _sql in triggers:
            cursor.execute(f'DROP TRIGGER "{name}"')
    yield
    with connection.cursor() as cursor:
        for _name, trigger_sql in triggers:
            cursor.execute(trigger_sql)


def owner_admin_url() -> str:
    """The cluster's ``postgres`` database as the owner: for tools that create databases."""
    url = os.environ.get("DATABASE_OWNER_URL") or os.environ["DATABASE_URL"]
    return urlunsplit(urlsplit(url)._replace(path="/postgres"))


def environment_with(**variables: str) -> dict[str, str]:
    """This process's environment for a child that is given its own database: ``variables``
    over it, and no ``DATABASE_OWNER_URL`` (of this run's database) to contradict them."""
    inherited = {key: value for key, value in os.environ.items() if key != "DATABASE_OWNER_URL"}
    return {**inherited, **variables}
