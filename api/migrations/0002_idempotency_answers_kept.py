"""Stored idempotency answers kept as given (issue 30; docs/api.md, "Idempotency").

- The user's foreign key protects instead of cascading: deleting a user no
  longer deletes the answers their retries would replay.
- PostgreSQL: a row trigger refuses every UPDATE of a record (a changed
  response body would be replayed as an answer the service never gave) and
  every DELETE of a record younger than the retention period, 30 days
  (``api.models.RETENTION``; ``idempotency_records_expire`` removes the
  older ones); the books' TRUNCATE guard (``ledger_refuse_truncate``,
  migration ``ledger/0018``) refuses TRUNCATE.

Other databases (SQLite in development) get the foreign key only.
"""

from collections.abc import Callable
from typing import Any

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

# Written out here, as migrations are frozen: api.models.RETENTION (a test holds them equal).
RETENTION = "30 days"


def _table(apps: Any) -> str:
    return apps.get_model("ledger_api", "IdempotencyRecord")._meta.db_table


def create_sql(table: str) -> list[str]:
    return [
        f"""
        CREATE OR REPLACE FUNCTION ledger_api_idempotency_kept() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'DELETE' AND OLD.created_at < now() - interval '{RETENTION}' THEN
                RETURN OLD;
            END IF;
            RAISE EXCEPTION
                'idempotency record % is kept as given: % is refused (only records older'
                ' than {RETENTION} are removed, by the retention rule; docs/api.md)',
                OLD.id, TG_OP
                USING ERRCODE = 'restrict_violation';
        END;
        $$;
        """,
        f"""
        CREATE TRIGGER {table}_kept BEFORE UPDATE OR DELETE ON {table}
            FOR EACH ROW EXECUTE FUNCTION ledger_api_idempotency_kept();
        """,
        f"""
        CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table}
            FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_truncate();
        """,
    ]


def drop_sql(table: str) -> list[str]:
    return [
        f"DROP TRIGGER IF EXISTS {table}_no_truncate ON {table};",
        f"DROP TRIGGER IF EXISTS {table}_kept ON {table};",
        "DROP FUNCTION IF EXISTS ledger_api_idempotency_kept();",
    ]


def on_postgresql(build: Callable[[str], list[str]]) -> Callable[[Any, Any], None]:
    def run(apps: Any, schema_editor: Any) -> None:
        if schema_editor.connection.vendor != "postgresql":
            return
        for statement in build(_table(apps)):
            # params=None: the SQL's % signs are PL/pgSQL's, not query placeholders.
            schema_editor.execute(statement, params=None)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("ledger_api", "0001_initial"),
        ("ledger", "0018_truncate_guard"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name="idempotencyrecord",
            name="user",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
                verbose_name="user",
            ),
        ),
        migrations.RunPython(on_postgresql(create_sql), on_postgresql(drop_sql)),
    ]
