"""The counter's tables are append-only like the books (docs/ledger.md, "Invariants").

Counter entries and till closes get both guards a new append-only table
gets: ``<table>_append_only`` (row triggers refusing UPDATE and DELETE, the
function of 0002) and ``<table>_no_truncate`` (the statement trigger of
0018). Their postings and entries are the books' own rows, already guarded,
and the deferred zero-sum trigger of 0002 sums every posting, the counter's
included. Other databases (SQLite in development) get nothing here.
"""

from collections.abc import Callable
from typing import Any

from django.db import migrations

COUNTER_MODELS = ("counterentry", "tillclose")


def _tables(apps: Any) -> list[str]:
    return [apps.get_model("ledger", name)._meta.db_table for name in COUNTER_MODELS]


def create_sql(tables: list[str]) -> list[str]:
    statements = []
    for table in tables:
        statements += [
            f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table}"
            " FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();",
            f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table}"
            " FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_truncate();",
        ]
    return statements


def drop_sql(tables: list[str]) -> list[str]:
    statements = []
    for table in tables:
        statements += [
            f"DROP TRIGGER IF EXISTS {table}_append_only ON {table};",
            f"DROP TRIGGER IF EXISTS {table}_no_truncate ON {table};",
        ]
    return statements


def on_postgresql(build: Callable[[list[str]], list[str]]) -> Callable[[Any, Any], None]:
    def run(apps: Any, schema_editor: Any) -> None:
        if schema_editor.connection.vendor != "postgresql":
            return
        for statement in build(_tables(apps)):
            schema_editor.execute(statement, params=None)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0024_counter"),
    ]

    operations = [
        migrations.RunPython(on_postgresql(create_sql), on_postgresql(drop_sql)),
    ]
