"""TRUNCATE refused on the append-only tables, even to the owner (docs/ledger.md, "TRUNCATE").

The row triggers of 0002, 0003 and 0016 refuse UPDATE and DELETE, but
TRUNCATE fires no row trigger: ``TRUNCATE ledger_ledgerentry, ... CASCADE``
emptied the books (issue 30). Each append-only table gets a statement-level
``BEFORE TRUNCATE`` trigger that refuses, also when the table is reached by
the CASCADE of another table's TRUNCATE.

The one way through is deliberate: the transaction sets
``ledger.truncate_books`` to the name of the database it empties
(``SELECT set_config('ledger.truncate_books', current_database(), true)``).
Only the test suite's flush does (tests/database.py): Django's
transactional tests clear every table with TRUNCATE. A stray TRUNCATE, or
``manage.py flush`` run against production, sets nothing and is refused; and
the service role has no TRUNCATE privilege at all (``manage.py
database_roles``).

Other databases (SQLite in development) have no TRUNCATE and get nothing.
"""

from collections.abc import Callable
from typing import Any

from django.db import migrations

# The append-only tables of 0002 (the books, hands, corrections, penalties,
# settlements), 0003 (closes) and 0016 (standings).
APPEND_ONLY_MODELS = (
    "ledgerentry",
    "posting",
    "handresult",
    "correction",
    "penalty",
    "settlement",
    "sessionclose",
    "standing",
)

FUNCTION = """
    CREATE OR REPLACE FUNCTION ledger_refuse_truncate() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
        IF current_setting('ledger.truncate_books', true) = current_database() THEN
            RETURN NULL;
        END IF;
        RAISE EXCEPTION
            'ledger table % is append-only: TRUNCATE is refused (docs/ledger.md, "TRUNCATE")',
            TG_TABLE_NAME
            USING ERRCODE = 'restrict_violation';
    END;
    $$;
"""


def _tables(apps: Any) -> list[str]:
    return [apps.get_model("ledger", name)._meta.db_table for name in APPEND_ONLY_MODELS]


def create_sql(tables: list[str]) -> list[str]:
    return [
        FUNCTION,
        *(
            f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table}"
            " FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_truncate();"
            for table in tables
        ),
    ]


def drop_sql(tables: list[str]) -> list[str]:
    return [
        *(f"DROP TRIGGER IF EXISTS {table}_no_truncate ON {table};" for table in tables),
        "DROP FUNCTION IF EXISTS ledger_refuse_truncate();",
    ]


def on_postgresql(build: Callable[[list[str]], list[str]]) -> Callable[[Any, Any], None]:
    def run(apps: Any, schema_editor: Any) -> None:
        if schema_editor.connection.vendor != "postgresql":
            return
        for statement in build(_tables(apps)):
            # params=None: the SQL's % signs are PL/pgSQL's, not query placeholders.
            schema_editor.execute(statement, params=None)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0017_redundant_foreign_key_indexes"),
    ]

    operations = [
        migrations.RunPython(on_postgresql(create_sql), on_postgresql(drop_sql)),
    ]
