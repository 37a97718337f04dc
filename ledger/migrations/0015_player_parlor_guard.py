"""A player's parlor, and a seat's player, are fixed once the books hold them (docs/ledger.md).

- A player's ``parlor_id`` cannot change once a ledger account holds the
  player (an account is opened when they are first seated; postings follow):
  their money would move into another parlor's balances while the audit stays
  clean. The service (``parlor.services.players``) refuses it first, naming why.
- A seat's ``player_id`` cannot change once the session has a hand or a
  posting. On PostgreSQL migration 0009 already refuses any seat change of a
  session with hands; this adds the same for SQLite (development).

PostgreSQL gets a PL/pgSQL trigger, as the append-only tables and the session
guards do (0002, 0009); SQLite gets ``CREATE TRIGGER ... RAISE(ABORT, ...)``.
"""

from collections.abc import Callable
from typing import Any

from django.db import migrations

MESSAGE = "a player's parlor cannot change once they have postings"
SEAT_MESSAGE = "a seat's player cannot change once the session has hands or postings"


def literal(text: str) -> str:
    """``text`` inside an SQL string literal (its quotes doubled)."""
    return text.replace("'", "''")


def _tables(apps: Any) -> dict[str, str]:
    tables = {name: apps.get_model("parlor", name)._meta.db_table for name in ("player", "parlor")}
    for name in ("account", "sessionseat", "handresult", "posting"):
        tables[name] = apps.get_model("ledger", name)._meta.db_table
    return tables


def postgresql_create(tables: dict[str, str]) -> list[str]:
    player, account, parlor = tables["player"], tables["account"], tables["parlor"]
    # The trigger fires only on a move (its WHEN); the function asks the books.
    function = f"""
        CREATE OR REPLACE FUNCTION ledger_player_parlor_guard() RETURNS trigger
        LANGUAGE plpgsql AS $$
        DECLARE
            parlor_name text;
        BEGIN
            PERFORM 1 FROM {account} WHERE player_id = OLD.id;
            IF FOUND THEN
                SELECT name INTO parlor_name FROM {parlor} WHERE id = OLD.parlor_id;
                RAISE EXCEPTION 'player % has entries in the books of %; {literal(MESSAGE)}',
                    OLD.member_number, parlor_name USING ERRCODE = 'restrict_violation';
            END IF;
            RETURN NEW;
        END $$
    """
    trigger = (
        f"CREATE TRIGGER {player}_parlor_guard BEFORE UPDATE OF parlor_id ON {player} "
        "FOR EACH ROW WHEN (NEW.parlor_id IS DISTINCT FROM OLD.parlor_id) "
        "EXECUTE FUNCTION ledger_player_parlor_guard()"
    )
    return [function, trigger]


def postgresql_drop(tables: dict[str, str]) -> list[str]:
    player = tables["player"]
    return [
        f"DROP TRIGGER IF EXISTS {player}_parlor_guard ON {player};",
        "DROP FUNCTION IF EXISTS ledger_player_parlor_guard();",
    ]


def sqlite_create(tables: dict[str, str]) -> list[str]:
    player, account, seat = tables["player"], tables["account"], tables["sessionseat"]
    hand, posting = tables["handresult"], tables["posting"]
    return [
        f"""
        CREATE TRIGGER {player}_parlor_guard
            BEFORE UPDATE OF parlor_id ON {player}
            FOR EACH ROW
            WHEN NEW.parlor_id IS NOT OLD.parlor_id
                AND EXISTS (SELECT 1 FROM {account} WHERE player_id = OLD.id)
        BEGIN
            SELECT RAISE(ABORT, 'player has entries in the books of its parlor; {literal(MESSAGE)}');
        END;
        """,
        f"""
        CREATE TRIGGER {seat}_player_guard
            BEFORE UPDATE OF player_id ON {seat}
            FOR EACH ROW
            WHEN NEW.player_id IS NOT OLD.player_id AND (
                EXISTS (SELECT 1 FROM {hand} WHERE session_id = OLD.session_id)
                OR EXISTS (SELECT 1 FROM {posting} WHERE session_id = OLD.session_id))
        BEGIN
            SELECT RAISE(ABORT, '{literal(SEAT_MESSAGE)}');
        END;
        """,
    ]


def sqlite_drop(tables: dict[str, str]) -> list[str]:
    return [
        f"DROP TRIGGER IF EXISTS {tables['player']}_parlor_guard;",
        f"DROP TRIGGER IF EXISTS {tables['sessionseat']}_player_guard;",
    ]


BY_VENDOR = {
    "postgresql": (postgresql_create, postgresql_drop),
    "sqlite": (sqlite_create, sqlite_drop),
}


def run(which: int) -> Callable[[Any, Any], None]:
    def apply(apps: Any, schema_editor: Any) -> None:
        builders = BY_VENDOR.get(schema_editor.connection.vendor)
        if builders is None:
            return
        for statement in builders[which](_tables(apps)):
            # params=None: the SQL's % signs are PL/pgSQL's, not query placeholders.
            schema_editor.execute(statement, params=None)

    return apply


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0014_hand_game_state"),
        ("parlor", "0006_membership"),
    ]

    operations = [
        migrations.RunPython(run(0), run(1)),
    ]
