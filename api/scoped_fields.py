"""Related fields that accept only the rows of the parlors where the user may do an action.

:func:`api.scoping.limit_to` narrows a DRF related field's queryset to those
parlors; the field then compiles its lookup (a filter on the id and the
parlors) on every request, and the serializer deep-copies the querysets
first. Opening a session validated four such fields: a third of its CPU
(docs/performance.md). These fields read the row by id with a query compiled
once per process (:class:`~orm_bypass.prepared.PreparedQuery`), then ask
the policy whether the row's parlor is one of the user's for the action: a
row of another parlor "does not exist", word for word as the narrowed field
says it (tests/api/test_scoped_fields.py holds them to DRF's answers).

Anything else that asks the field for its rows (a schema, a form's choices)
gets the narrowed queryset, as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import Model, QuerySet
from rest_framework import serializers

from api.serializers import PrimaryKeysField
from orm_bypass.prepared import PreparedQuery, UpTo
from parlor import policy
from parlor.policy import Action

# The prepared reads take up to this many ids (a table seats four); a longer list is read
# by Django's query (``PreparedQuery``'s ``UpTo``).
_IDS = 4
_READS: dict[tuple[type[Model], tuple[str, ...]], PreparedQuery[Any]] = {}


def _read(model: type[Model], related: tuple[str, ...]) -> PreparedQuery[Any]:
    """The prepared read of rows of ``model`` by id (with ``related`` joined)."""
    read = _READS.get((model, related))
    if read is None:

        def build(ids: list[int]) -> QuerySet[Any]:
            rows = model._default_manager.order_by().filter(pk__in=ids)
            return rows.select_related(*related) if related else rows

        name = f"{model._meta.label} by id" + (f" with {', '.join(related)}" if related else "")
        pk = model._meta.pk
        assert pk is not None
        read = _READS[(model, related)] = PreparedQuery(build, name=name, ids=UpTo(_IDS, pk))
    return read


def _user(field: serializers.Field[Any, Any, Any, Any]) -> Any:
    request = field.context.get("request")
    return getattr(request, "user", None)


def _admitted(rows: Sequence[Model], user: Any, action: Action) -> dict[Any, Model]:
    """``rows`` by id, those of the parlors where ``user`` may do ``action``."""
    parlors = policy.allowed_parlor_ids(user, action)
    return {row.pk: row for row in rows if parlors is None or row.parlor_id in parlors}  # type: ignore[attr-defined]


class ScopedRowField(serializers.PrimaryKeyRelatedField[Any]):
    """A row of ``queryset``'s model by id, of a parlor where the user may do ``action``.

    ``select_related``: relations read with the row (a table's parlor). The model has a
    ``parlor`` foreign key: the policy judges the row by it.
    """

    def __init__(
        self,
        *,
        queryset: QuerySet[Any],
        action: Action,
        select_related: tuple[str, ...] = (),
        **kwargs: Any,
    ) -> None:
        self.model: type[Model] = queryset.model
        self.action = action
        self.select_related = select_related
        super().__init__(queryset=queryset, **kwargs)

    def __deepcopy__(self, memo: dict[int, Any]) -> ScopedRowField:
        # DRF copies declared fields per serializer, its querysets deep: nothing here needs it.
        return self.__class__(*self._args, **self._kwargs)  # type: ignore[attr-defined]

    def get_queryset(self) -> QuerySet[Any]:
        rows: QuerySet[Any] = super().get_queryset()  # type: ignore[assignment]
        return policy.scoped_to(rows, _user(self), self.action)

    def to_internal_value(self, data: Any) -> Model:
        pk = _id(self.model, data)
        if pk is None:
            self.fail("incorrect_type", data_type=type(data).__name__)
        found = _admitted(
            _read(self.model, self.select_related).rows(ids=[pk]), _user(self), self.action
        )
        if pk not in found:
            self.fail("does_not_exist", pk_value=data)
        return found[pk]


class ScopedRowsField(PrimaryKeysField):
    """A list of ids of ``queryset``'s rows, in order, each of a parlor where the user may
    do ``action``: :class:`~api.serializers.PrimaryKeysField`'s answers, read once."""

    child: ScopedRowField

    def __init__(self, *, queryset: QuerySet[Any], action: Action, **kwargs: Any) -> None:
        self.action = action
        self._made_with = {"queryset": queryset, "action": action, **kwargs}
        serializers.ListField.__init__(
            self, child=ScopedRowField(queryset=queryset, action=action), **kwargs
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> ScopedRowsField:
        return self.__class__(**self._made_with)

    def rows_by_id(self, ids: set[Any]) -> dict[Any, Model]:
        rows = _read(self.child.model, ()).rows(ids=sorted(ids))
        return _admitted(rows, _user(self), self.action)


def _id(model: type[Model], data: Any) -> Any:
    """``data`` as ``model``'s id, or None if it cannot be one (as DRF's type error)."""
    if isinstance(data, bool):
        return None
    try:
        return model._meta.pk.to_python(data)
    except (DjangoValidationError, TypeError, ValueError):
        return None
