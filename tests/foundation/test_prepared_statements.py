"""On PostgreSQL the service keeps its repeated statements prepared (config/settings.py,
DATABASE_PREPARE_THRESHOLD): what the setting promises, checked on a real connection."""

from typing import Any

import pytest
from django.conf import settings
from django.db import connection, transaction

from ledger.play.session_selectors import session_next_hand, session_with_accounts
from orm_bypass.prepared import SqlConstant
from parlor.models import Parlor
from tests.ledger.factories import SessionFactory

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


def test_the_seats_read_is_planned_once_not_on_every_call(django_user_model: Any) -> None:
    """PostgreSQL keeps planning a prepared statement for each call's values while its
    generic plan looks costlier; with the account kinds as parameters the seats' read never
    got one (the kinds' partial unique indexes need them in the text: ``SqlConstant``)."""
    session = SessionFactory()
    threshold = settings.DATABASES["default"]["OPTIONS"]["prepare_threshold"]

    with transaction.atomic():
        for _ in range(threshold + 8):
            session_next_hand(session_id=session.pk, lock=True)
            session_with_accounts(session_id=session.pk)

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT generic_plans, custom_plans FROM pg_prepared_statements"
            " WHERE statement LIKE %s",
            ['SELECT "ledger_sessionseat"."id"%'],
        )
        plans = cursor.fetchall()
    assert len(plans) == 2  # the next hand's read and the accounts' read
    # PostgreSQL plans the first five calls for their values, then chooses.
    assert all(generic > 0 for generic, _custom in plans), plans


@pytest.mark.parametrize("value", ["x'; DROP TABLE t; --", "Player", "a b", 1.5, True, None])
def test_a_constant_in_the_text_is_a_plain_word_or_an_integer(value: Any) -> None:
    with pytest.raises(ValueError, match="plain word or an integer"):
        SqlConstant(value)
