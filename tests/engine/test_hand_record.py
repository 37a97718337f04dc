"""HandRecord: the spec's input object as a typed dataclass (engine/record.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.errors import EngineError, ErrorCode
from engine.record import HandRecord, Meld
from tests.engine.test_records import RECORDS_DIR, _require_records

MINIMAL = {
    "id": "h1",
    "ruleset": "riichi-standard",
    "hand": "234567m345p567s88p",
    "win_tile": "2m",
    "win": "ron",
    "seat_wind": "S",
    "round_wind": "E",
}


def test_omitted_optional_fields_take_their_defaults() -> None:
    rec = HandRecord.from_dict(MINIMAL)
    assert rec.melds == () and rec.dora_indicators == "" and rec.riichi == "none"
    assert rec.honba == 0 and rec.riichi_sticks == 0 and not rec.ippatsu
    assert rec.nuki == "" and rec.specials == () and dict(rec.options) == {}


def test_melds_become_meld_objects() -> None:
    rec = HandRecord.from_dict({**MINIMAL, "melds": [{"kind": "pon", "tiles": "555z"}]})
    assert rec.melds == (Meld("pon", "555z"),)


def test_round_trip_through_to_dict() -> None:
    data = {
        **MINIMAL,
        "melds": [{"kind": "chi", "tiles": "123s"}],
        "honba": 2,
        "options": {"kiriage": True},
    }
    rec = HandRecord.from_dict(data)
    assert HandRecord.from_dict(rec.to_dict()) == rec


def test_fields_beyond_the_spec_are_kept_for_the_ruleset_to_judge() -> None:
    rec = HandRecord.from_dict({**MINIMAL, "colour": "red"})
    assert dict(rec.extra) == {"colour": "red"}


@pytest.mark.parametrize(
    "field, value",
    [
        ("hand", 123),
        ("win", "rong"),
        ("seat_wind", "e"),
        ("riichi", True),
        ("tenhou", 1),
        ("honba", True),
        ("honba", -1),
        ("melds", {"kind": "pon"}),
        ("melds", [{"kind": "pon", "tiles": "555z", "open": True}]),
        ("specials", ["blue_7m", "blue_7m"]),
        ("specials", ["rainbow_1m"]),
        ("options", []),
    ],
)
def test_a_wrong_type_or_value_is_a_bad_field_naming_it(field: str, value: Any) -> None:
    with pytest.raises(EngineError) as caught:
        HandRecord.from_dict({**MINIMAL, field: value})
    assert caught.value.code is ErrorCode.BAD_FIELD
    assert field in caught.value.message


def test_every_shared_record_input_parses() -> None:
    # The shared records where tests/engine/test_records.py finds them ($SHARED_DIR, or
    # beside the checkout), and its rule: missing is a failure in CI, a skip elsewhere.
    records = RECORDS_DIR / "tenhou-4p.jsonl"
    if not records.exists():
        _require_records()
    with records.open(encoding="utf-8") as handle:
        for line in handle:
            data = json.loads(line)["input"]
            assert HandRecord.from_dict(data).to_dict() == data
