"""The floor (issue 36): the waiting list, staff shifts, seat draws, floor options."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0021_visits"),
        ("parlor", "0007_rulesetconfig_complete_options"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="FloorOptions",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "scoreboard_waiting_names",
                    models.BooleanField(
                        default=False,
                        help_text="Off: the scoreboard shows only how many wait for each game.",
                        verbose_name="show waiting players' names on the scoreboard",
                    ),
                ),
                (
                    "parlor",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="floor_options",
                        to="parlor.parlor",
                        verbose_name="parlor",
                    ),
                ),
            ],
            options={
                "verbose_name": "floor options",
                "verbose_name_plural": "floor options",
            },
        ),
        migrations.CreateModel(
            name="StaffShift",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "clocked_in_at",
                    models.DateTimeField(
                        default=django.utils.timezone.now, verbose_name="clocked in at"
                    ),
                ),
                (
                    "clocked_out_at",
                    models.DateTimeField(blank=True, null=True, verbose_name="clocked out at"),
                ),
                (
                    "clocked_in_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="clocked in by",
                    ),
                ),
                (
                    "clocked_out_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="clocked out by",
                    ),
                ),
                (
                    "parlor",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="staff_shifts",
                        to="parlor.parlor",
                        verbose_name="parlor",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        help_text="The player record the staff member sits at a table as.",
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="staff_shifts",
                        to="parlor.player",
                        verbose_name="plays as",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="staff_shifts",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="staff member",
                    ),
                ),
            ],
            options={
                "verbose_name": "staff shift",
                "verbose_name_plural": "staff shifts",
                "ordering": ["clocked_in_at", "pk"],
            },
        ),
        migrations.CreateModel(
            name="SeatDraw",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("candidates", models.JSONField(verbose_name="players drawn")),
                ("seats", models.JSONField(verbose_name="seats drawn")),
                ("entries", models.JSONField(default=list, verbose_name="waiting entries")),
                (
                    "drawn_at",
                    models.DateTimeField(
                        default=django.utils.timezone.now, verbose_name="drawn at"
                    ),
                ),
                ("reason", models.TextField(blank=True, verbose_name="why drawn again")),
                (
                    "drawn_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="drawn by",
                    ),
                ),
                (
                    "parlor",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="seat_draws",
                        to="parlor.parlor",
                        verbose_name="parlor",
                    ),
                ),
                (
                    "rate",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="seat_draws",
                        to="parlor.rate",
                        verbose_name="rate",
                    ),
                ),
                (
                    "redraw_of",
                    models.OneToOneField(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="redrawn_as",
                        to="ledger.seatdraw",
                        verbose_name="re-draw of",
                    ),
                ),
                (
                    "ruleset_config",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="seat_draws",
                        to="parlor.rulesetconfig",
                        verbose_name="ruleset configuration",
                    ),
                ),
                (
                    "session",
                    models.OneToOneField(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="seat_draw",
                        to="ledger.session",
                        verbose_name="session",
                    ),
                ),
                (
                    "table",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="seat_draws",
                        to="parlor.table",
                        verbose_name="table",
                    ),
                ),
                (
                    "staff_shift",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="seat_draws",
                        to="ledger.staffshift",
                        verbose_name="staff filling in",
                    ),
                ),
            ],
            options={
                "verbose_name": "seat draw",
                "verbose_name_plural": "seat draws",
                "ordering": ["-drawn_at", "-pk"],
            },
        ),
        migrations.CreateModel(
            name="WaitingEntry",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "joined_at",
                    models.DateTimeField(
                        default=django.utils.timezone.now, verbose_name="joined at"
                    ),
                ),
                ("left_at", models.DateTimeField(blank=True, null=True, verbose_name="left at")),
                (
                    "left_because",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("left", "left the queue"),
                            ("seated", "seated"),
                            ("checked_out", "checked out"),
                        ],
                        max_length=20,
                        verbose_name="left because",
                    ),
                ),
                (
                    "added_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="added by",
                    ),
                ),
                (
                    "left_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="removed by",
                    ),
                ),
                (
                    "parlor",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="waiting_entries",
                        to="parlor.parlor",
                        verbose_name="parlor",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="waiting_entries",
                        to="parlor.player",
                        verbose_name="player",
                    ),
                ),
                (
                    "rate",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="waiting_entries",
                        to="parlor.rate",
                        verbose_name="rate",
                    ),
                ),
                (
                    "ruleset_config",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="waiting_entries",
                        to="parlor.rulesetconfig",
                        verbose_name="ruleset configuration",
                    ),
                ),
                (
                    "session",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="waiting_entries",
                        to="ledger.session",
                        verbose_name="seated in",
                    ),
                ),
                (
                    "visit",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="waiting_entries",
                        to="ledger.visit",
                        verbose_name="visit",
                    ),
                ),
            ],
            options={
                "verbose_name": "waiting player",
                "verbose_name_plural": "waiting list",
                "ordering": ["joined_at", "pk"],
            },
        ),
        migrations.AddConstraint(
            model_name="staffshift",
            constraint=models.UniqueConstraint(
                condition=models.Q(("clocked_out_at__isnull", True)),
                fields=("parlor", "user"),
                name="shift_one_open_per_staff",
            ),
        ),
        migrations.AddConstraint(
            model_name="seatdraw",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("reason", ""), ("redraw_of__isnull", True)),
                    models.Q(("redraw_of__isnull", False), models.Q(("reason", ""), _negated=True)),
                    _connector="OR",
                ),
                name="seat_draw_redraw_has_why",
            ),
        ),
        migrations.AddIndex(
            model_name="waitingentry",
            index=models.Index(
                condition=models.Q(("left_at__isnull", True)),
                fields=["parlor", "ruleset_config", "rate", "joined_at"],
                name="waiting_queue_order",
            ),
        ),
        migrations.AddConstraint(
            model_name="waitingentry",
            constraint=models.UniqueConstraint(
                condition=models.Q(("left_at__isnull", True)),
                fields=("player", "ruleset_config", "rate"),
                name="waiting_once_per_game",
            ),
        ),
        migrations.AddConstraint(
            model_name="waitingentry",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("left_at__isnull", True), ("left_because", "")),
                    models.Q(
                        ("left_at__isnull", False), models.Q(("left_because", ""), _negated=True)
                    ),
                    _connector="OR",
                ),
                name="waiting_left_has_when_and_why",
            ),
        ),
    ]
