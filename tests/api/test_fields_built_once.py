"""Response serializers build their fields from the model once per class, then copy them."""

from __future__ import annotations

from unittest import mock

from rest_framework import serializers

from api.play.serializers.hands import HandResultSerializer
from api.serializers import FieldsBuiltOnce


def test_fields_are_built_once_and_each_instance_gets_its_own() -> None:
    FieldsBuiltOnce._built.pop(HandResultSerializer, None)
    build = serializers.ModelSerializer.get_fields
    with mock.patch.object(
        serializers.ModelSerializer, "get_fields", autospec=True, side_effect=build
    ) as built:
        first, second = HandResultSerializer(), HandResultSerializer()
        first_fields, second_fields = first.fields, second.fields

    assert built.call_count == 1
    assert list(first_fields) == list(second_fields)
    assert "postings" in first_fields and "result" in first_fields
    # Bound to their own serializer: nothing is shared between two responses.
    assert first_fields["postings"] is not second_fields["postings"]
    assert first_fields["postings"].parent is first
    assert second_fields["postings"].parent is second
