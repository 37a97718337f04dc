"""The index the standings and period exports read closes by (benchmarks/standings.py)."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('ledger', '0007_session_point_unit'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddIndex(
            model_name='posting',
            index=models.Index(fields=['kind', 'created_at'], name='posting_kind_created'),
        ),
    ]
