"""On PostgreSQL the service keeps its repeated statements prepared (config/settings.py,
DATABASE_PREPARE_THRESHOLD): what the setting promises, checked on a real connection."""

import pytest
from django.conf import settings
from django.db import connection

from parlor.models import Parlor

pytestmark = [pytest.mark.requires_postgres, pytest.mark.django_db]


def _prepared_statements() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [statement for (statement,) in cursor.fetchall()]


def test_a_statement_run_often_enough_is_prepared_once_and_still_answers() -> None:
    threshold = settings.DATABASES["default"]["OPTIONS"]["prepare_threshold"]
    assert connection.connection.prepare_threshold == threshold
    Parlor.objects.create(name="Prepared")

    names = [
        Parlor.objects.filter(name="Prepared").values_list("name", flat=True).get()
        for _ in range(threshold + 2)
    ]

    assert names == ["Prepared"] * (threshold + 2)
    parlor_reads = [s for s in _prepared_statements() if 'FROM "parlor_parlor"' in s]
    assert len(parlor_reads) == 1, parlor_reads
