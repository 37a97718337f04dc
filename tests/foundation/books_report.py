"""The books of the database ``DATABASE_URL`` names, as JSON: what a restore must give back.

Run as a script (``python tests/foundation/books_report.py``) in a process of
its own, with ``DATABASE_URL`` and ``MEDIA_ROOT`` of the installation to read,
by tests/foundation/test_backup_restore.py: once on the books that were
dumped, once on the database they were restored into. It prints the ledger
audit's report, every account's and player's balance, the settlement rows,
each table's row count and sequence, the triggers on the tables with the
proof that the append-only one still refuses an UPDATE, and a SHA-256 of each
finished export as the API hands it to its requester. It writes nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from typing import Any

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from django.apps import apps  # noqa: E402  (after django.setup)
from django.conf import settings  # noqa: E402
from django.db import DatabaseError, connection, transaction  # noqa: E402
from django.test import Client  # noqa: E402

from ledger.books.audit import ledger_audit  # noqa: E402
from ledger.books.balances import account_balance, player_balance  # noqa: E402
from ledger.models import Account, LedgerEntry, Settlement  # noqa: E402
from parlor.models import Player  # noqa: E402
from reports.models import ExportJob, ExportState  # noqa: E402


def _project_models() -> list[Any]:
    """The models of this project's own apps (not Django's sessions, which a login writes)."""
    base = str(settings.BASE_DIR)
    return [
        model
        for config in apps.get_app_configs()
        if str(config.path).startswith(base) and "site-packages" not in str(config.path)
        for model in config.get_models()
        if model._meta.managed and not model._meta.proxy
    ]


def _balance(balance: Any) -> list[int]:
    return [balance.points, balance.chips, balance.money]


def _counts_and_sequences() -> dict[str, Any]:
    tables: dict[str, Any] = {}
    with connection.cursor() as cursor:
        for model in _project_models():
            table = model._meta.db_table
            cursor.execute("SELECT pg_get_serial_sequence(%s, %s)", [table, model._meta.pk.column])
            (sequence,) = cursor.fetchone()
            last = None
            if sequence is not None:
                cursor.execute(f"SELECT last_value, is_called FROM {sequence}")
                last = list(cursor.fetchone())
            tables[table] = {"rows": model._base_manager.count(), "sequence": last}
    return tables


def _triggers() -> list[list[str]]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT c.relname, t.tgname, t.tgenabled FROM pg_trigger t"
            " JOIN pg_class c ON c.oid = t.tgrelid"
            " JOIN pg_namespace n ON n.oid = c.relnamespace"
            " WHERE NOT t.tgisinternal AND n.nspname = 'public' ORDER BY 1, 2"
        )
        return [list(row) for row in cursor.fetchall()]


def _append_only_refuses() -> str:
    """An UPDATE of a ledger entry, tried and rolled back: the trigger's refusal, or ''."""
    entry = LedgerEntry.objects.order_by("pk").first()
    if entry is None:
        return "no entry"
    try:
        with transaction.atomic():
            LedgerEntry.objects.filter(pk=entry.pk).update(money=entry.money + 1)
            transaction.set_rollback(True)
    except DatabaseError as error:
        return type(error).__name__
    return ""


def _exports() -> dict[str, str]:
    """Each finished export, downloaded through the API by whoever asked for it."""
    digests = {}
    for job in ExportJob.objects.filter(state=ExportState.DONE).order_by("pk"):
        client = Client()
        client.force_login(job.requested_by)
        response = client.get(f"/api/exports/{job.pk}/download/")
        body = b"".join(response.streaming_content) if response.streaming else response.content
        digests[str(job.pk)] = f"{response.status_code} {hashlib.sha256(body).hexdigest()}"
    return digests


def books_report() -> dict[str, Any]:
    accounts = Account.objects.order_by("pk")
    return {
        "audit": ledger_audit().to_dict(),
        "accounts": {str(a.pk): _balance(account_balance(account=a)) for a in accounts},
        "players": {str(p.pk): _balance(player_balance(player=p)) for p in Player.objects.all()},
        "settlements": [
            [row.pk, row.session_id, row.player_id, row.points, row.chips, row.money, row.fee]
            for row in Settlement.objects.order_by("pk")
        ],
        "tables": _counts_and_sequences(),
        "triggers": _triggers(),
        "append_only_update": _append_only_refuses(),
        "exports": _exports(),
    }


if __name__ == "__main__":
    json.dump(books_report(), sys.stdout, sort_keys=True, default=str)
