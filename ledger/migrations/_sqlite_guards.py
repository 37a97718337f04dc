"""The SQLite triggers of 0015, set aside while a later migration rebuilds the tables they name.

SQLite alters a table by copying it into ``new__<table>``, dropping the old one and
renaming the copy. The RENAME re-reads every trigger that names the table, and 0015's
triggers on ``parlor_player`` and ``ledger_sessionseat`` name ``ledger_account``,
``ledger_handresult`` and ``ledger_posting``, which are gone at that moment: the
migration fails ("no such table: main.ledger_account"). A migration that rebuilds one
of those tables drops the triggers first and creates them again last. PostgreSQL alters
tables in place and keeps its triggers: on it both operations do nothing.
"""

from importlib import import_module
from typing import Any

from django.db import migrations

_guards = import_module("ledger.migrations.0015_player_parlor_guard")


def _on_sqlite(which: str) -> Any:
    def apply(apps: Any, schema_editor: Any) -> None:
        if schema_editor.connection.vendor != "sqlite":
            return
        build = _guards.sqlite_drop if which == "drop" else _guards.sqlite_create
        for statement in build(_guards._tables(apps)):
            schema_editor.execute(statement, params=None)

    return apply


def sqlite_guards_dropped() -> migrations.RunPython:
    return migrations.RunPython(_on_sqlite("drop"), _on_sqlite("create"))


def sqlite_guards_restored() -> migrations.RunPython:
    return migrations.RunPython(_on_sqlite("create"), _on_sqlite("drop"))
