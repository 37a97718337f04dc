"""Serializer plumbing shared by the API's apps."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any, ClassVar

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import connection
from django.db.models import Model, QuerySet
from rest_framework import serializers

Fields = dict[str, serializers.Field[Any, Any, Any, Any]]


class FieldsBuiltOnce:
    """For a ``ModelSerializer`` whose fields never depend on the request: build them from
    the model once per class, then hand each instance a copy (as DRF does for declared
    fields). Building them (``build_field`` over the model's meta) took a quarter of a
    hand POST's CPU, on every response (docs/performance.md).

    Not for a serializer whose ``get_fields`` narrows querysets to the acting user.
    """

    _built: ClassVar[dict[type, Fields]] = {}

    def get_fields(self) -> Fields:
        built = FieldsBuiltOnce._built.get(type(self))
        if built is None:
            built = FieldsBuiltOnce._built[type(self)] = super().get_fields()  # type: ignore[misc]
        return copy.deepcopy(built)


class PrimaryKeysField(serializers.ListField):
    """A list of ids of ``queryset``'s rows, in order: DRF's ``ListField`` of
    ``PrimaryKeyRelatedField`` with its errors (by position), reading the rows with one
    query instead of one per id."""

    child: serializers.PrimaryKeyRelatedField[Any]

    def __init__(self, *, queryset: QuerySet[Any], **kwargs: Any) -> None:
        super().__init__(child=serializers.PrimaryKeyRelatedField(queryset=queryset), **kwargs)

    def run_child_validation(self, data: Sequence[Any]) -> list[Any]:
        model: type[Model] = getattr(self.child, "queryset").model  # noqa: B009  # stubs: a manager
        pk_field = model._meta.pk
        ids: list[Any] = []
        for item in data:
            try:
                ids.append(None if isinstance(item, bool) else pk_field.to_python(item))
            except DjangoValidationError:
                ids.append(None)
        # An id beyond the column's range matches nothing (as DRF's ``get(pk=...)`` finds);
        # ``pk__in`` would send it, and SQLite raises binding it.
        low, high = connection.ops.integer_field_range(pk_field.get_internal_type())
        wanted = {i for i in ids if type(i) is int and low <= i <= high}
        rows = self.rows_by_id(wanted)
        result: list[Model] = []
        errors: dict[int, Any] = {}
        for index, (item, pk) in enumerate(zip(data, ids, strict=True)):
            try:
                result.append(self._row(item, pk, rows))
            except serializers.ValidationError as error:
                errors[index] = error.detail
        if errors:
            raise serializers.ValidationError(errors)  # type: ignore[arg-type]  # as DRF's
        return result

    def rows_by_id(self, ids: set[Any]) -> dict[Any, Model]:
        """The rows of ``ids`` that the field accepts, by id."""
        queryset: QuerySet[Any] = self.child.get_queryset()  # type: ignore[assignment]
        return {row.pk: row for row in queryset.filter(pk__in=ids)}

    def _row(self, item: Any, pk: Any, rows: dict[Any, Model]) -> Model:
        # As DRF's relational fields: "" is None, which "may not be null".
        empty, value = self.child.validate_empty_values(None if item == "" else item)
        if empty:
            return value  # type: ignore[no-any-return]
        if pk is None:
            self.child.fail("incorrect_type", data_type=type(item).__name__)
        if pk not in rows:
            self.child.fail("does_not_exist", pk_value=item)
        return rows[pk]
