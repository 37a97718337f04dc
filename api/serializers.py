"""Serializer plumbing shared by the API's apps."""

from __future__ import annotations

import copy
from typing import Any, ClassVar

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
