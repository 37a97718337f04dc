"""The test database on PostgreSQL: its flush through the books' TRUNCATE guard.

Django's transactional tests clear every table after each test with one
``TRUNCATE``. The append-only tables refuse TRUNCATE (migration 0018) unless
the transaction has set ``ledger.truncate_books`` to the name of the
database it empties: the flush here sets it, deliberately and only for the
test database (docs/configuration.md, "Tests on PostgreSQL"). Nothing outside
``tests/`` sets it, so ``manage.py flush`` and a stray TRUNCATE are refused.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.backends.postgresql.operations import DatabaseOperations

TRUNCATE_SETTING = "ledger.truncate_books"

# Django's own flush, as production would run it (kept for the tests that show it refused).
django_flush = DatabaseOperations.execute_sql_flush


def flush_through_the_guard(operations: DatabaseOperations, sql_list: list[str]) -> None:
    """Django's ``execute_sql_flush``, naming the database it empties to the TRUNCATE guard."""
    connection: Any = operations.connection
    with (
        transaction.atomic(using=connection.alias, savepoint=connection.features.can_rollback_ddl),
        connection.cursor() as cursor,
    ):
        # set_config(..., true): for this transaction only, as SET LOCAL.
        cursor.execute("SELECT set_config(%s, current_database(), true)", [TRUNCATE_SETTING])
        for sql in sql_list:
            cursor.execute(sql)
