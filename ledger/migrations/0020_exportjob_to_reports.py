"""ExportJob leaves the ledger's state for the reports app's (reports/migrations/0001).

State only: the table keeps its name (``ledger_exportjob``), its rows, constraints and
indexes; the reports app's first migration takes the model over in its state.
"""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("ledger", "0019_session_complete_options"),
        ("reports", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="ExportJob")],
            database_operations=[],
        ),
    ]
