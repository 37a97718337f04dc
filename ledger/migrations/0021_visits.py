"""Visits (check-in, check-out) and credit limits at the counter (issue 34, item 4)."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0020_exportjob_to_reports"),
        ("parlor", "0007_rulesetconfig_complete_options"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="CreditLimit",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "amount",
                    models.PositiveBigIntegerField(
                        help_text="Money in the currency's minor unit (yen for JPY).",
                        verbose_name="credit limit",
                    ),
                ),
                (
                    "set_at",
                    models.DateTimeField(default=django.utils.timezone.now, verbose_name="set at"),
                ),
                (
                    "player",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="credit_limit",
                        to="parlor.player",
                        verbose_name="player",
                    ),
                ),
                (
                    "set_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="set by",
                    ),
                ),
            ],
            options={
                "verbose_name": "credit limit",
                "verbose_name_plural": "credit limits",
                "ordering": ["player"],
            },
        ),
        migrations.CreateModel(
            name="Visit",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("business_day", models.DateField(verbose_name="business day")),
                (
                    "checked_in_at",
                    models.DateTimeField(
                        default=django.utils.timezone.now, verbose_name="checked in at"
                    ),
                ),
                (
                    "checked_out_at",
                    models.DateTimeField(blank=True, null=True, verbose_name="checked out at"),
                ),
                (
                    "owed_at_check_in",
                    models.BigIntegerField(default=0, verbose_name="owed at check-in"),
                ),
                (
                    "credit_limit_at_check_in",
                    models.PositiveBigIntegerField(
                        blank=True, null=True, verbose_name="credit limit at check-in"
                    ),
                ),
                (
                    "override_reason",
                    models.TextField(blank=True, verbose_name="reason for the override"),
                ),
                (
                    "checked_in_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="checked in by",
                    ),
                ),
                (
                    "checked_out_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="checked out by",
                    ),
                ),
                (
                    "override_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="limit overridden by",
                    ),
                ),
                (
                    "parlor",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="visits",
                        to="parlor.parlor",
                        verbose_name="parlor",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="visits",
                        to="parlor.player",
                        verbose_name="player",
                    ),
                ),
            ],
            options={
                "verbose_name": "visit",
                "verbose_name_plural": "visits",
                "ordering": ["-checked_in_at", "-pk"],
                "indexes": [
                    models.Index(fields=["parlor", "business_day"], name="visit_parlor_day")
                ],
                "constraints": [
                    models.UniqueConstraint(
                        condition=models.Q(("checked_out_at__isnull", True)),
                        fields=("parlor", "player"),
                        name="visit_one_open_per_player",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(
                                ("checked_out_at__isnull", True), ("checked_out_by__isnull", True)
                            ),
                            models.Q(
                                ("checked_out_at__isnull", False), ("checked_out_by__isnull", False)
                            ),
                            _connector="OR",
                        ),
                        name="visit_check_out_has_who_and_when",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("override_by__isnull", True), ("override_reason", "")),
                            models.Q(
                                ("override_by__isnull", False),
                                models.Q(("override_reason", ""), _negated=True),
                            ),
                            _connector="OR",
                        ),
                        name="visit_override_has_who_and_why",
                    ),
                ],
            },
        ),
    ]
