"""Drop two foreign keys' own indexes that a wider index already starts with.

``LedgerEntry.account``: ``entry_account_posting`` (account, posting);
``HandResult.session``: ``hand_version_unique`` (session, ordinal, version).
Every hand wrote both needlessly (docs/performance.md). Only the indexes are
dropped: Django's own ``AlterField`` would drop the foreign key constraints and
add them back, checking every row of the ledger again under lock.
"""

import django.db.models.deletion
from django.db import migrations, models

# Django's names for the two indexes (the same on PostgreSQL and SQLite).
ENTRY_ACCOUNT = "ledger_ledgerentry_account_id_6e45a426"
HAND_SESSION = "ledger_handresult_session_id_9252af6a"


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0016_standing"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.RunSQL(
                    f'DROP INDEX IF EXISTS "{HAND_SESSION}"',
                    reverse_sql=f'CREATE INDEX "{HAND_SESSION}" ON "ledger_handresult" ("session_id")',
                ),
                migrations.RunSQL(
                    f'DROP INDEX IF EXISTS "{ENTRY_ACCOUNT}"',
                    reverse_sql=f'CREATE INDEX "{ENTRY_ACCOUNT}" ON "ledger_ledgerentry" ("account_id")',
                ),
            ],
            state_operations=[
                migrations.AlterField(
                    model_name="handresult",
                    name="session",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="hands",
                        to="ledger.session",
                        verbose_name="session",
                    ),
                ),
                migrations.AlterField(
                    model_name="ledgerentry",
                    name="account",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="entries",
                        to="ledger.account",
                        verbose_name="account",
                    ),
                ),
            ],
        ),
    ]
