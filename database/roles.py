"""The database's two roles: the owner, who migrates, and the service, which owns nothing.

``DATABASE_URL`` (the ``default`` alias) is the service's login: the web
server and the workers. ``DATABASE_OWNER_URL`` (the ``owner`` alias) is the
login of the role that owns the tables: ``manage.py migrate`` runs as it, and
``service_role_ensure`` run as it creates the service role if it is missing
and grants it exactly what ``database.privileges`` lists (docs/configuration.md,
"Database roles"). Every migrate grants again, and PostgreSQL's default
privileges give a table created later ``SELECT`` and ``INSERT`` at once.

Without ``DATABASE_OWNER_URL`` (SQLite, a development install) there is one
login and none of this applies.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from psycopg import sql

from database.owner_alias import CREDENTIALS
from database.privileges import ALL, table_privileges

OWNER = "owner"

# What the service role must not be (pg_roles columns): it would pass every guard.
FORBIDDEN_ATTRIBUTES = {
    "rolsuper": "a superuser",
    "rolcreaterole": "allowed to create roles",
    "rolcreatedb": "allowed to create databases",
    "rolreplication": "a replication role",
    "rolbypassrls": "allowed to bypass row security",
}


class RoleError(Exception):
    """The service role cannot be made safe as configured; the message says why and what to do."""


def owner_configured() -> bool:
    """True when ``DATABASE_OWNER_URL`` gives the owner a login of its own."""
    return OWNER in settings.DATABASES


def service_login() -> tuple[str, str]:
    """The service role's name and password, as ``DATABASE_URL`` gives them."""
    service = settings.DATABASES[DEFAULT_DB_ALIAS]
    return str(service["USER"]), str(service.get("PASSWORD") or "")


@contextmanager
def connected_as_owner(alias: str = DEFAULT_DB_ALIAS) -> Iterator[BaseDatabaseWrapper]:
    """``alias``'s connection logs in as the owner for the block, then as itself again.

    A fresh connection on either side (the one open is closed), so it may not be
    used inside a transaction. Code that reads ``connection`` (migrations, the
    post_migrate handlers) thus runs as the owner without knowing it.
    """
    connection = connections[alias]
    if connection.in_atomic_block:
        raise RuntimeError("connected_as_owner cannot switch logins inside a transaction")
    owner: dict[str, Any] = dict(settings.DATABASES[OWNER])
    saved = connection.settings_dict
    connection.close()
    connection.settings_dict = {**saved, **{key: owner[key] for key in CREDENTIALS}}
    try:
        yield connection
    finally:
        connection.close()
        connection.settings_dict = saved


@dataclass(frozen=True)
class Granted:
    role: str
    created: bool
    tables: dict[str, tuple[str, ...]]

    def summary(self) -> str:
        changed = {
            name: [t for t, held in self.tables.items() if name in held]
            for name in ("UPDATE", "DELETE")
        }
        return (
            f"service role {self.role!r} {'created' if self.created else 'exists'}:"
            f" SELECT and INSERT on {len(self.tables)} tables (only SELECT on the migrations'),"
            f" UPDATE on {len(changed['UPDATE'])}, DELETE on {len(changed['DELETE'])};"
            " no TRUNCATE, REFERENCES or TRIGGER, owns nothing"
        )


def service_role_ensure(connection: BaseDatabaseWrapper) -> Granted:
    """As the owner on ``connection``: create the service role if missing, grant its privileges.

    Idempotent, and safe to run from several processes at once (a role created
    meanwhile by another is taken as it is). Everything else the role held on
    this schema's tables is revoked in the same transaction.
    """
    role, password = service_login()
    with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
        owner = _scalar(cursor, "SELECT current_user")
        if owner == role:
            raise RoleError(
                f"connected as {role!r}, the service role itself: database_roles and migrate"
                " run as the owner of the tables (DATABASE_OWNER_URL)"
            )
        created = _role_create(connection, cursor, role, password)
        _refuse_unsafe(cursor, role, owner)
        schema = _scalar(cursor, "SELECT current_schema()")
        _schema_closed(connection, cursor, schema, role)
        tables = table_privileges(sorted(connection.introspection.table_names(cursor)))
        for statement in _grants(schema, role, tables):
            cursor.execute(statement.as_string(cursor.connection))
    return Granted(role=role, created=created, tables=tables)


def service_role_problems(connection: BaseDatabaseWrapper) -> list[str]:
    """Where the service role's privileges differ from ``database.privileges`` (empty: none)."""
    role, _ = service_login()
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [role])
        if cursor.fetchone() is None:
            return [f"the service role {role!r} does not exist"]
        problems = [f"the service role {role!r} is {why}" for why in _attributes(cursor, role)]
        problems += [f"the service role {role!r} owns {what}" for what in _owned(cursor, role)]
        schema = _scalar(cursor, "SELECT current_schema()")
        cursor.execute("SELECT has_schema_privilege(%s, %s, 'CREATE')", [role, schema])
        if _first(cursor):
            problems.append(f"the service role {role!r} may create tables in schema {schema}")
        expected = table_privileges(sorted(connection.introspection.table_names(cursor)))
        for table, wanted in expected.items():
            held = _held(cursor, role, table)
            if set(held) != set(wanted):
                problems.append(
                    f"{table}: the service role holds {', '.join(held) or 'nothing'},"
                    f" the policy gives {', '.join(wanted)}"
                )
    return problems


def _role_create(connection: BaseDatabaseWrapper, cursor: Any, role: str, password: str) -> bool:
    cursor.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [role])
    if cursor.fetchone() is not None:
        return False
    statement = sql.SQL(
        "CREATE ROLE {} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS"
    ).format(sql.Identifier(role))
    if password:
        statement += sql.SQL(" PASSWORD {}").format(sql.Literal(password))
    try:
        # A savepoint: another process may create the role at the same moment.
        with transaction.atomic(using=connection.alias):
            cursor.execute(statement.as_string(cursor.connection))
    except Exception as error:
        cursor.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [role])
        if cursor.fetchone() is not None:
            return False
        raise RoleError(
            f"the service role {role!r} does not exist and could not be created ({error}):"
            f" create it as a superuser (CREATE ROLE {role} LOGIN PASSWORD '...'), or give the"
            " owner CREATEROLE, then run `manage.py database_roles` again"
        ) from error
    return True


def _refuse_unsafe(cursor: Any, role: str, owner: str) -> None:
    reasons = [f"is {why}" for why in _attributes(cursor, role)]
    reasons += [f"owns {what}" for what in _owned(cursor, role)]
    cursor.execute("SELECT pg_has_role(%s, %s, 'MEMBER')", [role, owner])
    if _first(cursor):
        reasons.append(f"is a member of the owner {owner!r}, so it may act as the owner")
    if reasons:
        raise RoleError(
            f"the service role {role!r} {'; '.join(reasons)}: it would pass the books' guards."
            " Use a role of its own for DATABASE_URL (docs/configuration.md, 'Database roles')"
        )


def _schema_closed(connection: BaseDatabaseWrapper, cursor: Any, schema: str, role: str) -> None:
    """No CREATE in the schema for the service (PostgreSQL before 15 gave it to PUBLIC)."""
    cursor.execute("SELECT has_schema_privilege(%s, %s, 'CREATE')", [role, schema])
    if not _first(cursor):
        return
    revoke = sql.SQL("REVOKE CREATE ON SCHEMA {} FROM PUBLIC").format(sql.Identifier(schema))
    try:
        with transaction.atomic(using=connection.alias):
            cursor.execute(revoke.as_string(cursor.connection))
    except Exception as error:
        statement = revoke.as_string(cursor.connection)
        raise RoleError(
            f"the service role {role!r} may create tables in schema {schema} (as PUBLIC may)"
            f" and the owner cannot revoke it ({error}): run `{statement}` as the schema's"
            " owner, then `manage.py database_roles` again"
        ) from error


def _attributes(cursor: Any, role: str) -> list[str]:
    columns = ", ".join(FORBIDDEN_ATTRIBUTES)
    cursor.execute(f"SELECT {columns} FROM pg_roles WHERE rolname = %s", [role])
    row = cursor.fetchone()
    return [why for why, held in zip(FORBIDDEN_ATTRIBUTES.values(), row, strict=True) if held]


# PostgreSQL's own schemas, whose objects the bootstrap superuser owns in every database.
SYSTEM_SCHEMAS = "n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')"


def _owned(cursor: Any, role: str) -> list[str]:
    """Relations, schemas and functions of this database, outside PostgreSQL's, ``role`` owns."""
    cursor.execute(
        "SELECT 'table ' || c.relname FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner"
        f" JOIN pg_namespace n ON n.oid = c.relnamespace WHERE r.rolname = %s AND {SYSTEM_SCHEMAS}"
        " AND c.relkind IN ('r', 'p', 'v', 'm', 'f')"
        " UNION ALL SELECT 'schema ' || n.nspname FROM pg_namespace n"
        f" JOIN pg_roles r ON r.oid = n.nspowner WHERE r.rolname = %s AND {SYSTEM_SCHEMAS}"
        " AND n.nspname NOT LIKE 'pg\\_%%'"
        " UNION ALL SELECT 'function ' || p.proname FROM pg_proc p"
        " JOIN pg_namespace n ON n.oid = p.pronamespace"
        f" JOIN pg_roles r ON r.oid = p.proowner WHERE r.rolname = %s AND {SYSTEM_SCHEMAS}"
        " ORDER BY 1",
        [role, role, role],
    )
    return [row[0] for row in cursor.fetchall()]


def _held(cursor: Any, role: str, table: str) -> list[str]:
    checks = ", ".join(f"has_table_privilege(%s, %s, '{name}')" for name in ALL)
    cursor.execute(f"SELECT {checks}", [value for _ in ALL for value in (role, table)])
    return [name for name, held in zip(ALL, cursor.fetchone(), strict=True) if held]


def _grants(schema: str, role: str, tables: dict[str, tuple[str, ...]]) -> list[sql.Composed]:
    to = sql.Identifier(role)
    namespace = sql.Identifier(schema)
    statements = [
        sql.SQL("REVOKE ALL ON ALL TABLES IN SCHEMA {} FROM {}").format(namespace, to),
        sql.SQL("REVOKE ALL ON ALL SEQUENCES IN SCHEMA {} FROM {}").format(namespace, to),
        sql.SQL("REVOKE CREATE ON SCHEMA {} FROM {}").format(namespace, to),
        # A table a later migration creates: SELECT and INSERT at once (then this grant again).
        sql.SQL(
            "ALTER DEFAULT PRIVILEGES IN SCHEMA {} GRANT SELECT, INSERT ON TABLES TO {}"
        ).format(namespace, to),
    ]
    statements += [
        sql.SQL("GRANT {} ON {}.{} TO {}").format(
            sql.SQL(", ").join(sql.SQL(name) for name in privileges),
            namespace,
            sql.Identifier(table),
            to,
        )
        for table, privileges in tables.items()
    ]
    return statements


def _scalar(cursor: Any, query: str) -> str:
    cursor.execute(query)
    return str(cursor.fetchone()[0])


def _first(cursor: Any) -> Any:
    return cursor.fetchone()[0]


def service_role_grant_after_migrate(using: str) -> Granted | None:
    """After a migrate run as the owner, grant again (``post_migrate``; None when not the owner).

    The service's own post_migrate signal (Django's test flush sends one) is not
    the owner's: it grants nothing.
    """
    if not owner_configured():
        return None
    connection = connections[using]
    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        if _scalar(cursor, "SELECT current_user") == service_login()[0]:
            return None
    return service_role_ensure(connection)


def login_too_strong(connection: BaseDatabaseWrapper) -> str | None:
    """What makes ``connection``'s login too strong for the service (None: nothing)."""
    with connection.cursor() as cursor:
        role = _scalar(cursor, "SELECT current_user")
        reasons = _attributes(cursor, role)
        owned = [what for what in _owned(cursor, role) if what.startswith("table ")]
    if owned:
        named = ", ".join(what.removeprefix("table ") for what in owned[:3])
        reasons.append(f"the owner of {len(owned)} tables ({named}{', ...' * (len(owned) > 3)})")
    return f"{role!r}: {'; '.join(reasons)}" if reasons else None
