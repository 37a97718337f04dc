"""Settlement.superseded_by, added then dropped by 0005 (settlements stay append-only).

Liveness is derived from the settlement posting's reversal instead
(``ledger.settle.settlement_selectors``); this migration is kept so databases that
applied it migrate on. It writes no row: PostgreSQL's append-only trigger
refuses updates of ledger_settlement.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0003_jobs_and_exports"),
    ]

    operations = [
        migrations.AddField(
            model_name="settlement",
            name="superseded_by",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="superseded_settlements",
                to="ledger.correction",
                verbose_name="superseded by correction",
            ),
        ),
    ]
