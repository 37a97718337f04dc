from io import StringIO

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_migrations_are_up_to_date_with_models() -> None:
    out = StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit:
        pytest.fail(f"models changed without a migration; run makemigrations:\n{out.getvalue()}")
