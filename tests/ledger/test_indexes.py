"""Migration 0017: the foreign keys whose own index a wider index already starts with keep
their constraint, and lose only that index (one index less to write per hand and entry)."""

from __future__ import annotations

import pytest
from django.db import connection

from ledger.models import HandResult, LedgerEntry

pytestmark = pytest.mark.django_db

CASES = [
    (LedgerEntry, "account_id", "entry_account_posting"),
    (HandResult, "session_id", "hand_version_unique"),
]


@pytest.mark.parametrize(("model", "column", "wider"), CASES, ids=["entry account", "hand session"])
def test_the_foreign_key_is_served_by_the_wider_index_alone(
    model: type, column: str, wider: str
) -> None:
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, model._meta.db_table)

    own = [
        name for name, info in constraints.items() if info["index"] and info["columns"] == [column]
    ]

    assert own == []
    assert constraints[wider]["columns"][0] == column
    # The constraint itself stays.
    assert any(info["columns"] == [column] and info["foreign_key"] for info in constraints.values())
