"""The service role owns nothing and holds only what database/privileges.py gives it (issue 30).

The suite itself runs as that role (tests/database.py): these tests check the
login, the grants the migrate made on the test database, what the role can
never do, and the settings and commands that set it up.
"""

from __future__ import annotations

from collections.abc import Iterator
from io import StringIO

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.db import DEFAULT_DB_ALIAS, ProgrammingError, connection, connections, transaction
from psycopg import sql

from database.checks import service_role_check
from database.owner_alias import database_owner
from database.privileges import table_privileges
from database.roles import (
    OWNER,
    RoleError,
    connected_as_owner,
    service_login,
    service_role_ensure,
    service_role_problems,
)
from ledger.models import LedgerEntry

postgres = pytest.mark.requires_postgres


def _scalar(query: str, params: list[object] | None = None) -> object:
    with connection.cursor() as cursor:
        cursor.execute(query, params)
        return cursor.fetchone()[0]


@postgres
@pytest.mark.django_db
def test_the_suite_runs_as_the_service_role_which_owns_nothing() -> None:
    role, _ = service_login()

    assert _scalar("SELECT current_user") == role != settings.DATABASES[OWNER]["USER"]
    attributes = "SELECT rolsuper OR rolcreaterole OR rolcreatedb OR rolbypassrls FROM pg_roles"
    assert _scalar(f"{attributes} WHERE rolname = current_user") is False
    owned = "SELECT count(*) FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner"
    assert _scalar(f"{owned} WHERE r.rolname = current_user") == 0


@postgres
@pytest.mark.django_db
def test_the_test_database_holds_the_policy_s_grants() -> None:
    assert service_role_problems(connection) == []


@postgres
@pytest.mark.django_db
def test_every_append_only_table_refuses_truncate_and_the_service_only_adds() -> None:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT c.relname, bool_or(t.tgname LIKE '%%\\_no\\_truncate')"
            " FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid"
            " WHERE NOT t.tgisinternal GROUP BY c.relname"
            " HAVING bool_or(t.tgname LIKE '%%\\_append\\_only')"
        )
        guarded = dict(cursor.fetchall())

    # The eight of docs/ledger.md, and any append-only table added since (the counter's).
    assert len(guarded) >= 8 and all(guarded.values()), guarded
    held = table_privileges(sorted(guarded))
    assert set(held.values()) == {("SELECT", "INSERT")}


@postgres
@pytest.mark.django_db
@pytest.mark.parametrize(
    ("statement", "refusal"),
    [
        (f"ALTER TABLE {LedgerEntry._meta.db_table} DISABLE TRIGGER USER", "must be owner"),
        (
            f"DROP TRIGGER {LedgerEntry._meta.db_table}_append_only"
            f" ON {LedgerEntry._meta.db_table}",
            "must be owner",
        ),
        ("CREATE TABLE stray (id int)", "permission denied for schema"),
        ("CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger"
         " LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$", "permission denied for schema"),
        ("SET session_replication_role = replica", "permission denied"),
    ],
)  # fmt: skip
def test_the_service_role_cannot_switch_the_guards_off(statement: str, refusal: str) -> None:
    with (
        pytest.raises(ProgrammingError, match=refusal),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(statement)


@postgres
@pytest.mark.django_db
def test_the_service_role_cannot_become_the_owner() -> None:
    owner = settings.DATABASES[OWNER]["USER"]
    with (
        pytest.raises(ProgrammingError, match="permission denied to set role"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(sql.SQL("SET ROLE {}").format(sql.Identifier(owner)).as_string(None))


@postgres
@pytest.mark.django_db(transaction=True)
def test_connected_as_owner_logs_in_as_the_owner_for_the_block_only() -> None:
    role, _ = service_login()
    with connected_as_owner():
        assert _scalar("SELECT current_user") == settings.DATABASES[OWNER]["USER"]
    assert _scalar("SELECT current_user") == role


@postgres
@pytest.mark.django_db(transaction=True)
def test_a_table_a_later_migration_makes_is_readable_and_addable_at_once() -> None:
    role, _ = service_login()
    with connected_as_owner(), connection.cursor() as cursor:
        cursor.execute("CREATE TABLE h30_later (id bigint)")
        try:
            checks = "has_table_privilege(%s, 'h30_later', %s)"
            held = [
                (name, bool(_scalar(f"SELECT {checks}", [role, name])))
                for name in ("SELECT", "INSERT", "UPDATE", "DELETE", "TRUNCATE")
            ]
        finally:
            cursor.execute("DROP TABLE h30_later")

    assert held == [
        ("SELECT", True),
        ("INSERT", True),
        ("UPDATE", False),
        ("DELETE", False),
        ("TRUNCATE", False),
    ]


@postgres
@pytest.mark.django_db(transaction=True)
def test_granting_again_is_idempotent_and_reports_the_grants() -> None:
    with connected_as_owner():
        granted = service_role_ensure(connection)
        again = service_role_ensure(connection)

    assert granted.tables == again.tables and not again.created
    assert granted.tables["ledger_ledgerentry"] == ("SELECT", "INSERT")
    assert granted.tables["ledger_session"] == ("SELECT", "INSERT", "UPDATE")
    assert granted.tables["django_migrations"] == ("SELECT",)
    assert "no TRUNCATE, REFERENCES or TRIGGER, owns nothing" in granted.summary()


@pytest.fixture
def unsafe_role() -> Iterator[str]:
    """A role of this test database's own that may create databases (roles are cluster-wide)."""
    name = f"{connection.settings_dict['NAME']}_unsafe"[:63]
    with connected_as_owner(), connection.cursor() as cursor:
        cursor.execute(sql.SQL("CREATE ROLE {} LOGIN CREATEDB").format(sql.Identifier(name)))
    try:
        yield name
    finally:
        with connected_as_owner(), connection.cursor() as cursor:
            cursor.execute(sql.SQL("DROP ROLE {}").format(sql.Identifier(name)))


@postgres
@pytest.mark.django_db(transaction=True)
def test_a_service_role_that_could_pass_the_guards_is_refused(
    unsafe_role: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(settings.DATABASES[DEFAULT_DB_ALIAS], "USER", unsafe_role)
    with connected_as_owner(), pytest.raises(RoleError, match="allowed to create databases"):
        service_role_ensure(connection)


@postgres
@pytest.mark.django_db(transaction=True)
def test_the_owner_is_never_the_service_role(monkeypatch: pytest.MonkeyPatch) -> None:
    owner = settings.DATABASES[OWNER]["USER"]
    monkeypatch.setitem(settings.DATABASES[DEFAULT_DB_ALIAS], "USER", owner)
    with connected_as_owner(), pytest.raises(RoleError, match="the service role itself"):
        service_role_ensure(connection)


@postgres
@pytest.mark.django_db(databases=[DEFAULT_DB_ALIAS, OWNER])
def test_the_command_checks_the_grants() -> None:
    out = StringIO()
    call_command("database_roles", "--check", stdout=out)
    assert out.getvalue() == f"service role {service_login()[0]!r}: as the policy gives.\n"
    assert connections[OWNER].settings_dict["NAME"] == connection.settings_dict["NAME"]




def test_the_owner_alias_is_the_service_s_database_with_the_owner_s_login() -> None:
    service = {"ENGINE": "config.postgresql", "NAME": "ledger", "USER": "ledger_service",
               "PASSWORD": "s3cret", "HOST": "pooler", "PORT": 6432,
               "OPTIONS": {"server_side_binding": True}}  # fmt: skip

    owner = database_owner(service, "postgres://ledger_owner:pw@db.internal:5432/ledger")

    assert (owner["USER"], owner["PASSWORD"], owner["HOST"], owner["PORT"]) == (
        "ledger_owner", "pw", "db.internal", 5432
    )  # fmt: skip
    assert owner["NAME"] == "ledger" and owner["OPTIONS"] == service["OPTIONS"]
    assert owner["OPTIONS"] is not service["OPTIONS"]
    assert owner["TEST"] == {"MIRROR": "default"} and owner["CONN_MAX_AGE"] == 0


@pytest.mark.parametrize(
    ("owner_url", "complaint"),
    [
        ("postgres://ledger_owner@db.internal:5432/other", "both must name the same database"),
        ("postgres://ledger_service@db.internal:5432/ledger", "a role of its own"),
        ("sqlite:///tmp/owner.sqlite3", "not both postgres:// URLs"),
    ],
)
def test_an_owner_url_that_cannot_be_right_stops_start_up(owner_url: str, complaint: str) -> None:
    service = {"ENGINE": "config.postgresql", "NAME": "ledger", "USER": "ledger_service"}
    with pytest.raises(ImproperlyConfigured, match=complaint):
        database_owner(service, owner_url)


@postgres
@pytest.mark.django_db(transaction=True)
def test_check_deploy_warns_when_the_service_logs_in_as_the_owner() -> None:
    assert service_role_check(None, databases=[DEFAULT_DB_ALIAS]) == []

    with connected_as_owner():
        [warning] = service_role_check(None, databases=[DEFAULT_DB_ALIAS])

    assert warning.id == "database.W001"
    owner = settings.DATABASES[OWNER]["USER"]
    assert f"logs in to PostgreSQL as {owner!r}: a superuser;" in warning.msg
    assert "; the owner of " in warning.msg
    assert service_role_check(None) == []  # without --database, as Django's checks go
