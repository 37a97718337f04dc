"""The secret scoreboard link of each parlor (ledger.play.models)."""

import django.db.models.deletion
import django.utils.timezone
import ledger.play.models
from django.conf import settings
from django.db import migrations, models


def link_every_parlor(apps, schema_editor):
    # Each parlor already there gets its secret link (new ones: the admin's "add").
    Parlor = apps.get_model("parlor", "Parlor")
    ScoreboardLink = apps.get_model("ledger", "ScoreboardLink")
    for parlor in Parlor.objects.all():
        ScoreboardLink.objects.create(parlor=parlor, token=ledger.play.models.new_scoreboard_token())


class Migration(migrations.Migration):

    dependencies = [
        ('ledger', '0009_session_guards'),
        ('parlor', '0005_rate_point_unit'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='ScoreboardLink',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('token', models.CharField(default=ledger.play.models.new_scoreboard_token, max_length=64, unique=True, verbose_name='token')),
                ('rotated_at', models.DateTimeField(default=django.utils.timezone.now, verbose_name='made at')),
                ('parlor', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='scoreboard_link', to='parlor.parlor', verbose_name='parlor')),
                ('rotated_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='made by')),
            ],
            options={
                'verbose_name': 'scoreboard link',
                'verbose_name_plural': 'scoreboard links',
            },
        ),
        migrations.RunPython(link_every_parlor, migrations.RunPython.noop),
    ]
