"""``loaded_instance``: the instance ``Model.from_db`` gives, built without ``__init__``.

Held to ``from_db`` for every installed model, with every field and with some
deferred; the models the hot reads build must take the direct path, and a
model with a file field, or any init signal's receiver, must go through
``from_db`` itself.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.db.models import BigIntegerField, Model
from django.db.models.signals import post_init
from rest_framework.authtoken.models import Token

from ledger.models import Account, HandResult, Session, SessionSeat
from orm_bypass.loaded import _plain, loaded_instance
from orm_bypass.prepared import PreparedQuery
from parlor.models import Player
from reports.models import ExportJob
from tests.ledger.factories import SessionFactory

MODELS = apps.get_models()


def _row(model: type[Model], every: int = 1) -> tuple[list[str], list[Any]]:
    """Attribute names and distinct values for them (every ``every``-th field, the primary
    key always): from_db converts nothing, so any value tells the fields apart."""
    fields = [
        field
        for i, field in enumerate(model._meta.concrete_fields)
        if i % every == 0 or field.primary_key
    ]
    return [field.attname for field in fields], [f"{field.attname}!" for field in fields]


def _as_built(instance: Model) -> tuple[Any, ...]:
    fields = {name: value for name, value in vars(instance).items() if name != "_state"}
    state = instance._state
    return type(instance), fields, state.adding, state.db, dict(state.fields_cache)


@pytest.mark.parametrize("every", [1, 2], ids=["all fields", "some deferred"])
@pytest.mark.parametrize("model", MODELS, ids=[model._meta.label for model in MODELS])
def test_the_instance_is_from_dbs(model: type[Model], every: int) -> None:
    attnames, values = _row(model, every)

    built = loaded_instance(model, "default", attnames, values)
    djangos = model.from_db("default", attnames, values)

    assert _as_built(built) == _as_built(djangos)
    assert built.get_deferred_fields() == djangos.get_deferred_fields()


@pytest.mark.parametrize("model", [Session, SessionSeat, Account, Player, HandResult, User, Token])
def test_the_hot_reads_models_are_built_directly(model: type[Model]) -> None:
    assert _plain(model)


def test_a_model_with_a_file_is_built_by_from_db() -> None:
    assert not _plain(ExportJob)


def test_an_init_signals_receiver_is_heard() -> None:
    heard: list[Model] = []

    def receiver(sender: type[Model], instance: Model, **kwargs: Any) -> None:
        heard.append(instance)

    post_init.connect(receiver, sender=Player)
    try:
        attnames, values = _row(Player)
        built = loaded_instance(Player, "default", attnames, values)
    finally:
        post_init.disconnect(receiver, sender=Player)

    assert heard == [built]


@pytest.mark.django_db
def test_a_prepared_read_of_related_rows_gives_djangos_objects() -> None:
    session = SessionFactory()
    prepared = PreparedQuery(
        lambda session_id: (
            SessionSeat.objects.select_related("session__table", "player")
            .filter(session_id=session_id)
            .order_by("seat")
        ),
        name="test",
        session_id=BigIntegerField(),
    )

    ours = prepared.rows(session_id=session.pk)
    djangos = list(
        SessionSeat.objects.select_related("session__table", "player")
        .filter(session_id=session.pk)
        .order_by("seat")
    )

    assert [
        (_as_built(seat), _as_built(seat.session), _as_built(seat.session.table),
         _as_built(seat.player))
        for seat in ours
    ] == [
        (_as_built(seat), _as_built(seat.session), _as_built(seat.session.table),
         _as_built(seat.player))
        for seat in djangos
    ]  # fmt: skip
