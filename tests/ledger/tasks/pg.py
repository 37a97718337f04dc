"""PostgreSQL helpers for the close races: hold a table lock, watch who waits, the test DB's URL.

A close writes its ``SessionClose`` row last, inside its transaction; a test
that holds a lock on that table stops a close there, mid-transaction, with
its postings written but not committed and the session row locked.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import quote

import psycopg
from django.conf import settings
from django.db import connection

from database.owner_alias import CREDENTIALS
from database.roles import OWNER
from ledger.models import SessionClose

SESSION_CLOSE_TABLE = SessionClose._meta.db_table


def conninfo(dbname: str | None = None, *, owner: bool = False) -> dict[str, Any]:
    """psycopg's connection arguments for the test database (or ``dbname`` on its server), as
    the service role (every test's login) or as the owner (tests/database.py)."""
    db = connection.settings_dict
    if owner and OWNER in settings.DATABASES:
        db = {**db, **{key: settings.DATABASES[OWNER][key] for key in CREDENTIALS}}
    info = {"dbname": dbname or db["NAME"], "user": db["USER"], "password": db["PASSWORD"]}
    info |= {"host": db["HOST"] or "127.0.0.1", "port": db["PORT"] or 5432}
    return {key: value for key, value in info.items() if value}


def database_url(dbname: str | None = None, *, owner: bool = False) -> str:
    """The URL of the test database (or ``dbname`` on its server), for another process."""
    info = conninfo(dbname, owner=owner)
    auth = quote(str(info["user"]), safe="")
    if "password" in info:
        auth += ":" + quote(str(info["password"]), safe="")
    return f"postgres://{auth}@{info['host']}:{info['port']}/{info['dbname']}"


def worker_database_url() -> str:
    """The URL of the test database, for a worker process (DATABASE_URL)."""
    return database_url()


@contextmanager
def table_locked(table: str = SESSION_CLOSE_TABLE) -> Iterator[None]:
    """Hold a lock that blocks inserts into ``table`` until the block ends (then roll back).

    As the owner: the lock is stronger than any the service role may take on the table."""
    with psycopg.connect(**conninfo(owner=True)) as holder:
        holder.execute(f"LOCK TABLE {table} IN SHARE ROW EXCLUSIVE MODE")
        try:
            yield
        finally:
            holder.rollback()


def waiting_backends() -> list[tuple[int, str]]:
    """(pid, query) of this database's backends waiting for a lock."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid, query FROM pg_stat_activity"
            " WHERE datname = current_database() AND wait_event_type = 'Lock'"
            " AND pid <> pg_backend_pid() ORDER BY pid"
        )
        return list(cursor.fetchall())


def backend_alive(pid: int) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", [pid])
        return bool(cursor.fetchone()[0])


def wait_until(predicate: Callable[[], Any], *, what: str, timeout: float = 60.0) -> Any:
    """Poll ``predicate`` until it returns something true; fail naming ``what`` if it never does."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out after {timeout:.0f}s waiting for {what}")


def closes_waiting_on_insert() -> list[int]:
    """Backends stopped at the close's SessionClose insert (they hold the session row)."""
    return [pid for pid, query in waiting_backends() if f'"{SESSION_CLOSE_TABLE}"' in query]
