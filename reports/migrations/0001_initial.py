"""The reports app's first state: ExportJob, taken over from the ledger's (ledger/0020).

State only: the table was created by the ledger (``ledger_exportjob``, migrations
0003 to 0013) and keeps its name, rows, constraints and indexes. The content type
moves with the model, so the permissions the role groups hold on exports
(``view_exportjob``, ``add_exportjob`` ...) stay theirs.
"""

import django.db.models.deletion
import django.utils.timezone
import reports.models
from django.conf import settings
from django.db import migrations, models


def _content_type_to_reports(apps, schema_editor):
    _content_type_move(apps, schema_editor, source="ledger", target="reports")


def _content_type_to_ledger(apps, schema_editor):
    _content_type_move(apps, schema_editor, source="reports", target="ledger")


def _content_type_move(apps, schema_editor, *, source, target):
    content_types = apps.get_model("contenttypes", "ContentType").objects.using(
        schema_editor.connection.alias
    )
    if not content_types.filter(app_label=target, model="exportjob").exists():
        content_types.filter(app_label=source, model="exportjob").update(app_label=target)


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("ledger", "0018_truncate_guard"),
        ("parlor", "0006_membership"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='ExportJob',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(choices=[('settlements', 'settlements'), ('ledger_entries', 'ledger entries'), ('penalties', 'penalties audit'), ('statements', 'player statements'), ('day_report', 'day report')], max_length=20, verbose_name='kind')),
                        ('scope', models.CharField(choices=[('day', 'one business day'), ('period', 'a period'), ('player', 'one player')], max_length=10, verbose_name='scope')),
                        ('format', models.CharField(choices=[('csv', 'CSV'), ('xlsx', 'XLSX'), ('pdf', 'PDF')], max_length=5, verbose_name='format')),
                        ('parlor', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='export_jobs', to='parlor.parlor', verbose_name='parlor')),
                        ('player', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='export_jobs', to='parlor.player', verbose_name='player')),
                        ('date_from', models.DateField(blank=True, null=True, verbose_name='from')),
                        ('date_to', models.DateField(blank=True, null=True, verbose_name='to')),
                        ('language', models.CharField(blank=True, choices=[('en', 'English'), ('ja', 'Japanese')], default='', max_length=10, verbose_name='language')),
                        ('state', models.CharField(choices=[('queued', 'queued'), ('running', 'running'), ('done', 'done'), ('failed', 'failed')], default='queued', max_length=10, verbose_name='state')),
                        ('progress_done', models.PositiveBigIntegerField(default=0, verbose_name='rows done')),
                        ('progress_total', models.PositiveBigIntegerField(default=0, verbose_name='rows in all')),
                        ('file', models.FileField(blank=True, max_length=255, upload_to=reports.models.export_upload_to, verbose_name='file')),
                        ('error_code', models.CharField(blank=True, max_length=40, verbose_name='error code')),
                        ('error', models.TextField(blank=True, verbose_name='error')),
                        ('found_games', models.BooleanField(blank=True, null=True, verbose_name='games found')),
                        ('days_with_games', models.JSONField(blank=True, default=list, verbose_name='business days with games')),
                        ('attempts', models.PositiveSmallIntegerField(default=0, verbose_name='attempts')),
                        ('requested_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='requested by')),
                        ('requested_at', models.DateTimeField(default=django.utils.timezone.now, verbose_name='requested at')),
                        ('started_at', models.DateTimeField(blank=True, null=True, verbose_name='started at')),
                        ('resent_at', models.DateTimeField(blank=True, null=True, verbose_name='sent again at')),
                        ('finished_at', models.DateTimeField(blank=True, null=True, verbose_name='finished at')),
                    ],
                    options={
                        'verbose_name': 'export',
                        'verbose_name_plural': 'exports',
                        'db_table': 'ledger_exportjob',
                        'ordering': ['-requested_at', '-pk'],
                        'constraints': [models.CheckConstraint(condition=models.Q(('kind__in', ['settlements', 'ledger_entries', 'penalties', 'statements', 'day_report'])), name='export_kind_valid'), models.CheckConstraint(condition=models.Q(('scope__in', ['day', 'period', 'player'])), name='export_scope_valid'), models.CheckConstraint(condition=models.Q(('format__in', ['csv', 'xlsx', 'pdf'])), name='export_format_valid'), models.CheckConstraint(condition=models.Q(('state__in', ['queued', 'running', 'done', 'failed'])), name='export_state_valid'), models.CheckConstraint(condition=models.Q(models.Q(('player__isnull', False), ('scope', 'player')), models.Q(models.Q(('scope', 'player'), _negated=True), ('player__isnull', True)), _connector='OR'), name='export_player_iff_player_scope'), models.CheckConstraint(condition=models.Q(models.Q(('scope', 'day'), _negated=True), models.Q(('date_from', models.F('date_to')), ('date_from__isnull', False)), _connector='OR'), name='export_day_is_one_date'), models.CheckConstraint(condition=models.Q(models.Q(('scope', 'period'), _negated=True), models.Q(('date_from__isnull', False), ('date_to__gte', models.F('date_from'))), _connector='OR'), name='export_period_has_dates_in_order'), models.UniqueConstraint(condition=models.Q(('kind', 'day_report')), fields=('parlor', 'date_from'), name='export_one_day_report_per_parlor_day')],
                        'indexes': [],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(_content_type_to_reports, _content_type_to_ledger),
    ]
