"""``row_update``: ``save(update_fields=...)`` with a statement built once."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import DatabaseError
from django.forms.models import model_to_dict
from django.utils import timezone

from ledger.models import Session, SessionState
from orm_bypass.row_updates import row_update
from tests.ledger.factories import SessionFactory

pytestmark = pytest.mark.django_db

FIELDS = ["state", "closed_by", "closed_at", "close_error", "close_failed_at"]


def test_the_row_is_written_as_djangos_save_writes_it(manager: User) -> None:
    """The named fields only (a foreign key, a JSON object, times, a choice); the others
    stay as stored."""
    ours, djangos = SessionFactory(), SessionFactory()
    fee = ours.game_fee
    closed_at = timezone.now()
    for session in (ours, djangos):
        session.state, session.closed_by, session.closed_at = (
            SessionState.CLOSED, manager, closed_at,
        )  # fmt: skip
        session.close_error, session.close_failed_at = {"code": "x", "why": ["a", 1]}, None
        session.game_fee = fee + 999  # not among the fields

    row_update(ours, FIELDS)
    djangos.save(update_fields=FIELDS)

    def stored(session: Session) -> dict[str, object]:
        row = model_to_dict(Session.objects.get(pk=session.pk))
        return {name: row[name] for name in [*FIELDS, "game_fee"]}

    assert stored(ours) == stored(djangos)
    assert stored(ours) == {
        "state": SessionState.CLOSED, "closed_by": manager.pk, "closed_at": closed_at,
        "close_error": {"code": "x", "why": ["a", 1]}, "close_failed_at": None, "game_fee": fee,
    }  # fmt: skip


def test_a_row_that_is_gone_is_refused_as_djangos_save_refuses_it() -> None:
    session = SessionFactory()
    session.pk = 987_654  # no such row

    with pytest.raises(DatabaseError, match="no row was updated"):
        row_update(session, ["state"])
    with pytest.raises(DatabaseError):
        session.save(update_fields=["state"])
