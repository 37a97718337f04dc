"""TRUNCATE of the books is refused to the database's owner (migration 0018, issue 30).

These tests connect as the role that owns the tables (the owner, who runs
the migrations) and commit for real, as the other guard tests do
(tests/ledger/test_database_invariants.py).
"""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command
from django.db import IntegrityError, connection, transaction

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
from ledger.services.hands import hand_record
from parlor.models import Parlor, Player
from parlor.services.roles import ROLE_MANAGER
from tests.database import TRUNCATE_SETTING, django_flush
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
def test_truncate_of_an_append_only_table_is_refused(played: HandResult, model: type) -> None:
    table = model._meta.db_table  # type: ignore[attr-defined]
    with pytest.raises(IntegrityError, match=f"ledger table {table} is append-only"):
        _truncate(f"TRUNCATE {table} CASCADE")

    assert LedgerEntry.objects.exists()


@pytest.mark.parametrize("model", [Session, Parlor, Player], ids=lambda model: model.__name__)
def test_truncate_reaching_the_books_by_cascade_is_refused(played: HandResult, model: type) -> None:
    with pytest.raises(IntegrityError, match="append-only: TRUNCATE is refused"):
        _truncate(f"TRUNCATE {model._meta.db_table} CASCADE")  # type: ignore[attr-defined]

    assert HandResult.objects.filter(pk=played.pk).exists()


def test_the_issue_statement_is_refused(played: HandResult) -> None:
    tables = ", ".join(model._meta.db_table for model in APPEND_ONLY)  # type: ignore[attr-defined]
    with pytest.raises(IntegrityError, match="append-only"):
        _truncate(f"TRUNCATE {tables} CASCADE")

    assert Posting.objects.count() == played.postings.count() > 0


def test_manage_py_flush_is_refused(played: HandResult, monkeypatch: pytest.MonkeyPatch) -> None:
    # Django's own flush, as `manage.py flush` would run it in production.
    from django.db.backends.postgresql.operations import DatabaseOperations

    monkeypatch.setattr(DatabaseOperations, "execute_sql_flush", django_flush)
    with pytest.raises(CommandError, match="couldn't be flushed") as refused:
        call_command("flush", interactive=False, verbosity=0)

    assert "append-only: TRUNCATE is refused" in str(refused.value.__cause__)

    assert HandResult.objects.filter(pk=played.pk).exists()


def test_the_setting_must_name_this_database(played: HandResult) -> None:
    with pytest.raises(IntegrityError, match="append-only"):
        _truncate(f"TRUNCATE {LedgerEntry._meta.db_table} CASCADE", setting="another_database")
    with pytest.raises(IntegrityError, match="append-only"):
        _truncate(f"TRUNCATE {LedgerEntry._meta.db_table} CASCADE", setting="")

    assert LedgerEntry.objects.exists()


def test_the_test_flush_names_the_database_and_passes(played: HandResult) -> None:
    with transaction.atomic():
        _truncate(
            f"TRUNCATE {LedgerEntry._meta.db_table} CASCADE",
            setting=connection.settings_dict["NAME"],
        )
        assert not LedgerEntry.objects.exists()
        transaction.set_rollback(True)

    assert LedgerEntry.objects.exists()
