"""Standings rows (``ledger.models.Standing``): one per settlement row, append-only.

- The table, its index (parlor, closed_at) for the standings and its
  append-only trigger on PostgreSQL (the function of migration 0002).
- A row for every settlement row already written: the settlement's figures,
  its session's parlor and ruleset, its posting's moment and the seat's
  penalties in the hands that were live when that close was posted (a hand
  version entered by then, neither corrected nor superseded by then; for a
  live close these are the live hands, as ``session_close`` counts them).
"""

from collections import defaultdict
from typing import Any

import django.db.models.deletion
from django.db import migrations, models


def backfill(apps: Any, schema_editor: Any) -> None:
    settlement_model = apps.get_model("ledger", "Settlement")
    standing_model = apps.get_model("ledger", "Standing")
    hand_model = apps.get_model("ledger", "HandResult")
    penalty_model = apps.get_model("ledger", "Penalty")
    correction_model = apps.get_model("ledger", "Correction")
    by_posting = defaultdict(list)
    for row in settlement_model.objects.select_related("posting", "session").order_by("pk"):
        by_posting[row.posting_id].append(row)
    for rows in by_posting.values():
        session, closed_at = rows[0].session, rows[0].posting.created_at
        hands = hand_model.objects.filter(session_id=session.pk, entered_at__lte=closed_at)
        retired = set(
            hands.filter(superseded_by__entered_at__lte=closed_at).values_list("pk", flat=True)
        )
        retired |= set(
            correction_model.objects.filter(
                session_id=session.pk, created_at__lte=closed_at
            ).values_list("hand_id", flat=True)
        )
        live = [pk for pk in hands.values_list("pk", flat=True) if pk not in retired]
        faults: dict[tuple[int, str], int] = defaultdict(int)
        for seat, kind in penalty_model.objects.filter(hand_id__in=live).values_list(
            "seat", "kind"
        ):
            faults[seat, kind] += 1
        standing_model.objects.bulk_create(
            standing_model(
                session_id=session.pk, posting_id=row.posting_id, parlor_id=session.parlor_id,
                ruleset_config_id=session.ruleset_config_id, closed_at=closed_at,
                player_id=row.player_id, seat=row.seat, placement=row.placement,
                points=row.points, chips=row.chips, money=row.money, fee=row.fee,
                chonbo=faults[row.seat, "chonbo"], dead_hands=faults[row.seat, "dead_hand"],
            )
            for row in rows
        )  # fmt: skip


def append_only(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor == "postgresql":
        table = apps.get_model("ledger", "Standing")._meta.db_table
        schema_editor.execute(
            f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table}"
            " FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();"
        )


def append_only_drop(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor == "postgresql":
        table = apps.get_model("ledger", "Standing")._meta.db_table
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_append_only ON {table};")


class Migration(migrations.Migration):
    dependencies = [
        ('ledger', '0015_player_parlor_guard'),
        ('parlor', '0006_membership'),
    ]

    operations = [
        migrations.CreateModel(
            name='Standing',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('closed_at', models.DateTimeField(verbose_name='closed at')),
                ('seat', models.PositiveSmallIntegerField(verbose_name='seat')),
                ('placement', models.PositiveSmallIntegerField(verbose_name='placement')),
                ('points', models.IntegerField(verbose_name='points')),
                ('chips', models.IntegerField(verbose_name='chips')),
                ('money', models.BigIntegerField(verbose_name='money')),
                ('fee', models.BigIntegerField(verbose_name='game fee')),
                ('chonbo', models.PositiveIntegerField(verbose_name='chonbo')),
                ('dead_hands', models.PositiveIntegerField(verbose_name='dead hands')),
                ('parlor', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='parlor.parlor', verbose_name='parlor')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='standings', to='parlor.player', verbose_name='player')),
                ('posting', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='standings', to='ledger.posting', verbose_name='posting')),
                ('ruleset_config', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='parlor.rulesetconfig', verbose_name='ruleset configuration')),
                ('session', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='standings', to='ledger.session', verbose_name='session')),
            ],
            options={
                'verbose_name': 'standing',
                'verbose_name_plural': 'standings',
                'ordering': ['session', 'posting', 'seat'],
                'indexes': [models.Index(fields=['parlor', 'closed_at'], name='standing_parlor_closed')],
                'constraints': [models.UniqueConstraint(fields=('posting', 'seat'), name='standing_seat_unique')],
            },
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop),
        migrations.RunPython(append_only, append_only_drop),
    ]
