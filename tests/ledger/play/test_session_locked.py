"""``session_locked``: the locked row as ``session_lock_for_update(...).get()`` gives it."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.db.transaction import TransactionManagementError
from django.forms.models import model_to_dict

from ledger.models import Session
from ledger.play.session_selectors import (
    session_lock_for_update,
    session_locked,
    session_next_hand,
)
from tests.ledger.factories import SessionFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_locked_row_is_djangos() -> None:
    session = SessionFactory()

    with transaction.atomic():
        prepared = session_locked(session_id=session.pk)
        django_s = session_lock_for_update(session_id=session.pk).get()

    assert type(prepared) is Session
    assert model_to_dict(prepared) == model_to_dict(django_s)
    assert (prepared.opened_at, prepared.state) == (django_s.opened_at, django_s.state)


def test_no_such_session_raises_does_not_exist() -> None:
    with transaction.atomic(), pytest.raises(Session.DoesNotExist):
        session_locked(session_id=987_654)
    with transaction.atomic(), pytest.raises(Session.DoesNotExist):
        session_next_hand(session_id=987_654, lock=True)


@pytest.mark.requires_postgres  # SQLite has no row locks: Django takes the query as it is
def test_a_lock_outside_a_transaction_is_refused_as_djangos_is() -> None:
    session = SessionFactory()

    with pytest.raises(TransactionManagementError):
        session_locked(session_id=session.pk)
    with pytest.raises(TransactionManagementError):
        session_next_hand(session_id=session.pk, lock=True)
    with pytest.raises(TransactionManagementError):
        session_lock_for_update(session_id=session.pk).get()
