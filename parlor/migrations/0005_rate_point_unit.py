"""Rate.point_unit: the point scale a rate prices; money_per_1000_points becomes money_per_unit.

Every existing rate priced 1,000 points (the old field's name), so the new
unit defaults to 1,000 and the figures keep their meaning.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("parlor", "0004_staffprofile"),
    ]

    operations = [
        migrations.RenameField(
            model_name="rate", old_name="money_per_1000_points", new_name="money_per_unit"
        ),
        migrations.AlterField(
            model_name="rate",
            name="money_per_unit",
            field=models.PositiveIntegerField(
                help_text="Money for each unit of points (see points priced), in the minor unit.",
                verbose_name="money per point unit",
            ),
        ),
        migrations.AddField(
            model_name="rate",
            name="point_unit",
            field=models.PositiveIntegerField(
                choices=[(1000, "per 1,000 points"), (100, "per 100 points"), (1, "per point")],
                default=1000,
                help_text=(
                    "The scale the rate prices: per 1,000 points for rulesets that score in"
                    " thousands (riichi, speed tonpuu), per point for rulesets that score in"
                    " points (Toutenkou). A session refuses a rate whose scale does not fit"
                    " its ruleset."
                ),
                verbose_name="points priced",
            ),
        ),
        migrations.AddConstraint(
            model_name="rate",
            constraint=models.CheckConstraint(
                condition=models.Q(point_unit__in=[1000, 100, 1]), name="rate_point_unit_valid"
            ),
        ),
    ]
