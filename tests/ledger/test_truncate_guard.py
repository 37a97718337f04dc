"""TRUNCATE of the books is refused, to the service role and to the owner (issue 30).

The service role holds no TRUNCATE privilege on any table; the owner of the
tables meets the statement-level guard of migration 0018. Each test commits
for real, as the other guard tests do (tests/ledger/test_database_invariants.py),
once as each login (``sql_role``, tests/database.py).
"""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command
from django.db import connection, transaction

from ledger.models import (
    Correction,
    HandResult,
    LedgerEntry,
    Penalty,
    Posting,
    Session,
    SessionClose,
    Settlement,
    Standing,
)
from ledger.play.hands import hand_record
from parlor.models import Parlor, Player
from parlor.services.roles import ROLE_MANAGER
from tests.database import OWNER_LOGIN, TRUNCATE_SETTING, django_flush, logged_in_as, refused
from tests.ledger.factories import SessionFactory, UserFactory, draw
from tests.parlor.factories import house_member

pytestmark = [pytest.mark.requires_postgres, pytest.mark.django_db(transaction=True)]

APPEND_ONLY = [
    LedgerEntry,
    Posting,
    HandResult,
    Correction,
    Penalty,
    Settlement,
    SessionClose,
    Standing,
]
REFUSED = "append-only: TRUNCATE is refused"


@pytest.fixture
def played() -> HandResult:
    session = SessionFactory()
    user = house_member(UserFactory(), ROLE_MANAGER)
    return hand_record(session=session, hand=draw(2), entered_by=user)


def _truncate(statement: str, *, setting: str | None = None) -> None:
    with transaction.atomic(), connection.cursor() as cursor:
        if setting is not None:
            cursor.execute("SELECT set_config(%s, %s, true)", [TRUNCATE_SETTING, setting])
        cursor.execute(statement)


@pytest.mark.parametrize("model", APPEND_ONLY, ids=lambda model: model.__name__)
def test_truncate_of_an_append_only_table_is_refused(
    played: HandResult, model: type, sql_role: str
) -> None:
    table = model._meta.db_table  # type: ignore[attr-defined]
    with refused(sql_role, trigger=f"ledger table {table} is append-only"):
        _truncate(f"TRUNCATE {table} CASCADE")

    assert LedgerEntry.objects.exists()


@pytest.mark.parametrize("model", [Session, Parlor, Player], ids=lambda model: model.__name__)
def test_truncate_reaching_the_books_by_cascade_is_refused(
    played: HandResult, model: type, sql_role: str
) -> None:
    with refused(sql_role, trigger=REFUSED):
        _truncate(f"TRUNCATE {model._meta.db_table} CASCADE")  # type: ignore[attr-defined]

    assert HandResult.objects.filter(pk=played.pk).exists()


def test_the_issue_statement_is_refused(played: HandResult, sql_role: str) -> None:
    tables = ", ".join(model._meta.db_table for model in APPEND_ONLY)  # type: ignore[attr-defined]
    with refused(sql_role, trigger=REFUSED):
        _truncate(f"TRUNCATE {tables} CASCADE")

    assert Posting.objects.count() == played.postings.count() > 0


def test_manage_py_flush_is_refused(
    played: HandResult, monkeypatch: pytest.MonkeyPatch, sql_role: str
) -> None:
    # Django's own flush, as `manage.py flush` would run it in production.
    from django.db.backends.postgresql.operations import DatabaseOperations

    monkeypatch.setattr(DatabaseOperations, "execute_sql_flush", django_flush)
    with pytest.raises(CommandError, match="couldn't be flushed") as refusal:
        call_command("flush", interactive=False, verbosity=0)

    cause = str(refusal.value.__cause__)
    assert ("permission denied" if sql_role != OWNER_LOGIN else REFUSED) in cause
    assert HandResult.objects.filter(pk=played.pk).exists()


@pytest.mark.parametrize("setting", ["another_database", ""])
def test_the_setting_must_name_this_database(
    played: HandResult, setting: str, sql_role: str
) -> None:
    with refused(sql_role, trigger=REFUSED):
        _truncate(f"TRUNCATE {LedgerEntry._meta.db_table} CASCADE", setting=setting)

    assert LedgerEntry.objects.exists()


def test_the_setting_lets_no_truncate_through_for_the_service_role(played: HandResult) -> None:
    with refused("service", trigger=REFUSED):
        _truncate(
            f"TRUNCATE {LedgerEntry._meta.db_table} CASCADE",
            setting=connection.settings_dict["NAME"],
        )

    assert LedgerEntry.objects.exists()


def test_the_owner_naming_the_database_passes_as_the_test_flush_does(played: HandResult) -> None:
    with logged_in_as(OWNER_LOGIN), transaction.atomic():
        _truncate(
            f"TRUNCATE {LedgerEntry._meta.db_table} CASCADE",
            setting=connection.settings_dict["NAME"],
        )
        assert not LedgerEntry.objects.exists()
        transaction.set_rollback(True)

    assert LedgerEntry.objects.exists()
