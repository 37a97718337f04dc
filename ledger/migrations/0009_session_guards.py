"""The session row guarded by PostgreSQL, as the append-only tables are (docs/ledger.md).

- State moves only along the documented transitions: open -> closed,
  closed -> settled, closed -> open (a correction reopens). A settled session
  is immutable, and no session is deleted once it has a hand.
- Once a hand is recorded, the session's rules (ruleset, options), its rate
  and the rate's copied figures, its parlor and table never change, nor do
  its seats (no seat added, changed or removed).

Other databases (SQLite in development) get nothing here; the services only
write the allowed changes on every backend.
"""

from collections.abc import Callable
from typing import Any

from django.db import migrations

# The columns fixed once the session has a hand.
FIXED_COLUMNS = (
    "parlor_id",
    "table_id",
    "ruleset_config_id",
    "ruleset_slug",
    "ruleset_options",
    "game_options",
    "rate_id",
    "point_unit",
    "money_per_unit",
    "money_per_chip",
    "game_fee",
    "game_fee_payer",
    "opened_by_id",
)


def _tables(apps: Any) -> dict[str, str]:
    names = ("session", "sessionseat", "handresult")
    return {name: apps.get_model("ledger", name)._meta.db_table for name in names}


def create_sql(tables: dict[str, str]) -> list[str]:
    session, seat, hand = tables["session"], tables["sessionseat"], tables["handresult"]
    changed = " OR ".join(f"NEW.{column} IS DISTINCT FROM OLD.{column}" for column in FIXED_COLUMNS)
    return [
        f"""
        CREATE OR REPLACE FUNCTION ledger_session_guard() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'DELETE' THEN
                IF OLD.state <> 'open' OR EXISTS (SELECT 1 FROM {hand} WHERE session_id = OLD.id) THEN
                    RAISE EXCEPTION 'session % is % or has hands: it cannot be deleted',
                        OLD.id, OLD.state USING ERRCODE = 'restrict_violation';
                END IF;
                RETURN OLD;
            END IF;
            IF OLD.state = 'settled' THEN
                RAISE EXCEPTION 'session % is settled: it is final and cannot change', OLD.id
                    USING ERRCODE = 'restrict_violation';
            END IF;
            IF NEW.state IS DISTINCT FROM OLD.state AND NOT (
                (OLD.state = 'open' AND NEW.state = 'closed')
                OR (OLD.state = 'closed' AND NEW.state IN ('settled', 'open'))
            ) THEN
                RAISE EXCEPTION 'session %: state % -> % is not an allowed transition',
                    OLD.id, OLD.state, NEW.state USING ERRCODE = 'restrict_violation';
            END IF;
            IF ({changed}) AND EXISTS (SELECT 1 FROM {hand} WHERE session_id = OLD.id) THEN
                RAISE EXCEPTION
                    'session % has hands: its parlor, table, rules and rate cannot change', OLD.id
                    USING ERRCODE = 'restrict_violation';
            END IF;
            RETURN NEW;
        END;
        $$;
        """,
        f"""
        CREATE TRIGGER {session}_guard
            BEFORE UPDATE OR DELETE ON {session}
            FOR EACH ROW EXECUTE FUNCTION ledger_session_guard();
        """,
        f"""
        CREATE OR REPLACE FUNCTION ledger_seat_guard() RETURNS trigger
        LANGUAGE plpgsql AS $$
        DECLARE
            target bigint;
        BEGIN
            IF TG_OP = 'INSERT' THEN
                target := NEW.session_id;
            ELSE
                target := OLD.session_id;
            END IF;
            IF TG_OP = 'UPDATE' AND NEW.session_id IS DISTINCT FROM OLD.session_id THEN
                RAISE EXCEPTION 'a seat cannot move to another session'
                    USING ERRCODE = 'restrict_violation';
            END IF;
            IF EXISTS (SELECT 1 FROM {hand} WHERE session_id = target)
               OR EXISTS (SELECT 1 FROM {session} WHERE id = target AND state <> 'open') THEN
                RAISE EXCEPTION 'session % has hands or is not open: its seats cannot change', target
                    USING ERRCODE = 'restrict_violation';
            END IF;
            IF TG_OP = 'DELETE' THEN
                RETURN OLD;
            END IF;
            RETURN NEW;
        END;
        $$;
        """,
        f"""
        CREATE TRIGGER {seat}_guard
            BEFORE INSERT OR UPDATE OR DELETE ON {seat}
            FOR EACH ROW EXECUTE FUNCTION ledger_seat_guard();
        """,
    ]


def drop_sql(tables: dict[str, str]) -> list[str]:
    return [
        f"DROP TRIGGER IF EXISTS {tables['session']}_guard ON {tables['session']};",
        f"DROP TRIGGER IF EXISTS {tables['sessionseat']}_guard ON {tables['sessionseat']};",
        "DROP FUNCTION IF EXISTS ledger_session_guard();",
        "DROP FUNCTION IF EXISTS ledger_seat_guard();",
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
        ("ledger", "0008_posting_kind_created"),
    ]

    operations = [
        migrations.RunPython(on_postgresql(create_sql), on_postgresql(drop_sql)),
    ]
