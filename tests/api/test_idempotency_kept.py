"""Stored idempotency answers are kept as given: removed only past their 30 days (issue 30).

The retention rule and the user's protection hold on every database; on
PostgreSQL the table refuses UPDATE, TRUNCATE and the DELETE of a younger
record even to raw SQL (migration ledger_api/0002), committed for real as the
other guard tests are, as the service role and as the owner (``sql_role``).
"""

from __future__ import annotations

import importlib
from datetime import timedelta
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection, transaction
from django.db.models import ProtectedError
from django.utils import timezone

from api.models import RETENTION, IdempotencyRecord
from api.retention import idempotency_records_expire
from api.tasks import expire_idempotency_records
from tests.database import refused
from tests.ledger.factories import UserFactory

TABLE = IdempotencyRecord._meta.db_table


def stored(user: User, key: str, *, age: timedelta) -> IdempotencyRecord:
    return IdempotencyRecord.objects.create(
        user=user,
        key=key,
        method="POST",
        path="/api/sessions/1/hands/",
        fingerprint="0" * 64,
        status_code=201,
        response_body={"id": 1},
        created_at=timezone.now() - age,
    )


@pytest.mark.django_db
def test_only_records_past_the_retention_are_removed() -> None:
    user = UserFactory()
    young = stored(user, "young", age=RETENTION - timedelta(hours=1))
    stored(user, "old", age=RETENTION + timedelta(hours=1))
    stored(user, "older", age=RETENTION * 3)

    assert idempotency_records_expire() == 2

    assert list(IdempotencyRecord.objects.values_list("pk", flat=True)) == [young.pk]


@pytest.mark.django_db
def test_the_daily_task_and_the_command_remove_the_expired_ones() -> None:
    user = UserFactory()
    stored(user, "a", age=RETENTION * 2)
    assert expire_idempotency_records.delay().get() == 1

    stored(user, "b", age=RETENTION * 2)
    out = StringIO()
    call_command("expire_idempotency_records", stdout=out)
    assert out.getvalue() == "1 idempotency record(s) older than 30 days removed.\n"
    assert not IdempotencyRecord.objects.exists()


@pytest.mark.django_db
def test_a_user_with_kept_answers_cannot_be_deleted_until_they_expire() -> None:
    user = UserFactory()
    record = stored(user, "k", age=timedelta(days=1))

    with pytest.raises(ProtectedError):
        user.delete()
    assert IdempotencyRecord.objects.filter(pk=record.pk).exists()

    old = UserFactory()
    stored(old, "k", age=RETENTION * 2)
    idempotency_records_expire()
    old.delete()
    assert not User.objects.filter(pk=old.pk).exists()


def test_the_migration_guards_the_same_retention() -> None:
    migration = importlib.import_module("api.migrations.0002_idempotency_answers_kept")
    guarded = migration.RETENTION
    assert guarded == f"{RETENTION.days} days"


def _sql(statement: str, params: list[object] | None = None) -> None:
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(statement, params)


@pytest.mark.requires_postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "statement",
    [
        f"UPDATE {TABLE} SET response_body = '{{\"id\": 999}}'",
        f"UPDATE {TABLE} SET status_code = 200",
        f"UPDATE {TABLE} SET created_at = created_at - interval '60 days'",
        f"DELETE FROM {TABLE}",
    ],
)
def test_raw_sql_cannot_change_or_remove_a_kept_answer(statement: str, sql_role: str) -> None:
    record = stored(UserFactory(), "k", age=RETENTION - timedelta(minutes=5))

    # The service role may delete (the retention job runs as it) but never update.
    with refused(sql_role, trigger="is kept as given", granted=statement.startswith("DELETE")):
        _sql(statement)

    record.refresh_from_db()
    assert (record.response_body, record.status_code) == ({"id": 1}, 201)


@pytest.mark.requires_postgres
@pytest.mark.django_db(transaction=True)
def test_raw_sql_cannot_truncate_the_answers(sql_role: str) -> None:
    stored(UserFactory(), "k", age=RETENTION * 2)

    with refused(sql_role, trigger="TRUNCATE is refused"):
        _sql(f"TRUNCATE {TABLE}")

    assert IdempotencyRecord.objects.count() == 1


@pytest.mark.requires_postgres
@pytest.mark.django_db(transaction=True)
def test_raw_sql_may_delete_an_expired_answer_and_only_that(sql_role: str) -> None:
    user = UserFactory()
    stored(user, "young", age=timedelta(days=29))
    old = stored(user, "old", age=timedelta(days=31))

    _sql(f"DELETE FROM {TABLE} WHERE id = %s", [old.pk])

    assert list(IdempotencyRecord.objects.values_list("key", flat=True)) == ["young"]
