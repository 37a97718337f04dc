"""The API's hand schema and the admin's hand form speak the engine's game vocabulary."""

from __future__ import annotations

from api.play.serializers.hands import (
    DeadHandSerializer,
    HandInputSerializer,
    HandRecordSerializer,
    WinSerializer,
)
from console.forms.hands import HandForm, WinForm
from engine import record as record_words
from engine.game import vocabulary as words


def test_the_hand_schema_names_exactly_the_engines_fields() -> None:
    assert tuple(HandInputSerializer().fields) == words.HAND_FIELDS
    assert tuple(WinSerializer().fields) == words.WIN_FIELDS
    assert tuple(DeadHandSerializer().fields) == words.DEAD_FIELDS


def test_the_record_schema_names_only_hand_record_fields() -> None:
    known = {name for name in record_words.HandRecord.__dataclass_fields__ if name != "extra"}
    assert set(HandRecordSerializer().fields) <= known


def test_the_forms_choices_are_the_engines_names() -> None:
    def values(field: object) -> list[str]:
        return [value for value, _label in field.choices]  # type: ignore[attr-defined]

    assert values(HandForm.base_fields["abort_cause"])[1:] == list(words.ABORT_CAUSES)
    assert values(HandForm.base_fields["chonbo_cause"]) == list(words.FAULT_CAUSES)
    assert values(WinForm.base_fields["specials"]) == list(record_words.SPECIALS)
