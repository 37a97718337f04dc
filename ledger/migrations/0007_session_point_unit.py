"""Session.point_unit, copied from the rate when it opens; money_per_1000_points renamed.

Existing sessions were all priced per 1,000 points.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0006_export_games_found"),
        ("parlor", "0005_rate_point_unit"),
    ]

    operations = [
        migrations.RenameField(
            model_name="session", old_name="money_per_1000_points", new_name="money_per_unit"
        ),
        migrations.AlterField(
            model_name="session",
            name="money_per_unit",
            field=models.PositiveIntegerField(verbose_name="money per point unit"),
        ),
        migrations.AddField(
            model_name="session",
            name="point_unit",
            field=models.PositiveIntegerField(
                choices=[(1000, "per 1,000 points"), (100, "per 100 points"), (1, "per point")],
                default=1000,
                verbose_name="points priced",
            ),
        ),
    ]
