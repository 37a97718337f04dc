"""The ledger's invariants in PostgreSQL (docs/ledger.md, "Invariants").

- A deferred constraint trigger sums the legs of every posting an entry
  touches, at commit: points, chips and money must each sum to zero.
- Row triggers refuse UPDATE and DELETE on the append-only tables.

Other databases (SQLite in development) get nothing here; the service
layer checks the sums before writing on every backend.
"""

from collections.abc import Callable
from typing import Any

from django.db import migrations

APPEND_ONLY_MODELS = (
    "ledgerentry",
    "posting",
    "handresult",
    "correction",
    "penalty",
    "settlement",
)


def _tables(apps: Any) -> dict[str, str]:
    return {name: apps.get_model("ledger", name)._meta.db_table for name in APPEND_ONLY_MODELS}


def create_sql(tables: dict[str, str]) -> list[str]:
    entry = tables["ledgerentry"]
    statements = [
        f"""
        CREATE OR REPLACE FUNCTION ledger_posting_balanced() RETURNS trigger
        LANGUAGE plpgsql AS $$
        DECLARE
            target bigint;
            total_points numeric;
            total_chips numeric;
            total_money numeric;
        BEGIN
            IF TG_OP = 'DELETE' THEN
                target := OLD.posting_id;
            ELSE
                target := NEW.posting_id;
            END IF;
            SELECT COALESCE(SUM(points), 0), COALESCE(SUM(chips), 0), COALESCE(SUM(money), 0)
              INTO total_points, total_chips, total_money
              FROM {entry} WHERE posting_id = target;
            IF total_points <> 0 OR total_chips <> 0 OR total_money <> 0 THEN
                RAISE EXCEPTION
                    'ledger posting % does not balance: points %, chips %, money %'
                    ' (each must sum to zero)',
                    target, total_points, total_chips, total_money
                    USING ERRCODE = 'check_violation';
            END IF;
            RETURN NULL;
        END;
        $$;
        """,
        f"""
        CREATE CONSTRAINT TRIGGER ledger_entry_posting_balanced
            AFTER INSERT OR UPDATE OR DELETE ON {entry}
            DEFERRABLE INITIALLY DEFERRED
            FOR EACH ROW EXECUTE FUNCTION ledger_posting_balanced();
        """,
        """
        CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
            RAISE EXCEPTION
                'ledger table % is append-only: % is refused (post a correction instead)',
                TG_TABLE_NAME, TG_OP
                USING ERRCODE = 'restrict_violation';
        END;
        $$;
        """,
    ]
    statements += [
        f"""
        CREATE TRIGGER {table}_append_only
            BEFORE UPDATE OR DELETE ON {table}
            FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
        """
        for table in tables.values()
    ]
    return statements


def drop_sql(tables: dict[str, str]) -> list[str]:
    statements = [f"DROP TRIGGER IF EXISTS {table}_append_only ON {table};" for table in tables.values()]
    return [
        *statements,
        f"DROP TRIGGER IF EXISTS ledger_entry_posting_balanced ON {tables['ledgerentry']};",
        "DROP FUNCTION IF EXISTS ledger_refuse_change();",
        "DROP FUNCTION IF EXISTS ledger_posting_balanced();",
    ]


def on_postgresql(build: Callable[[dict[str, str]], list[str]]) -> Callable[[Any, Any], None]:
    def run(apps: Any, schema_editor: Any) -> None:
        if schema_editor.connection.vendor != "postgresql":
            return
        for statement in build(_tables(apps)):
            # params=None: the SQL's % signs are PL/pgSQL's, not query placeholders.
            schema_editor.execute(statement, params=None)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(on_postgresql(create_sql), on_postgresql(drop_sql)),
    ]
