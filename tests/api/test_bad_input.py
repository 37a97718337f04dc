"""Bad input answers a 4xx that names the field, and writes nothing (docs/hardening.md).

Each case was a 500 once: a body nested past Python's recursion limit, a NUL
byte or a lone surrogate that PostgreSQL's JSON refuses, dates at the ends of
the calendar, an export over the whole calendar, a body over the size limit.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import override_settings

from ledger.models import HandResult
from reports.models import ExportJob
from tests.api.support import RoleClients, post
from tests.api.world import World

pytestmark = pytest.mark.django_db

PINFU = {"hand": "234m345p456s23488s", "win_tile": "4s"}
RON = {"kind": "win", "wins": [{"winner": 1, "discarder": 0, "record": PINFU}]}


def hands_url(world: World) -> str:
    return f"/api/sessions/{world.open.pk}/hands/"


def nested(depth: int) -> str:
    return '{"kind": "win", "wins": ' + "[" * depth + "]" * depth + "}"


def assert_refused(answer: Any, *, status: int = 400) -> dict[str, Any]:
    assert answer.status_code == status, answer.content
    assert answer["Content-Type"].startswith("application/json")
    body: dict[str, Any] = answer.json()
    return body


@pytest.mark.parametrize("path", ["", "preview/"])
def test_a_body_nested_a_thousand_levels_is_a_400(
    world: World, api_as: RoleClients, path: str
) -> None:
    before = HandResult.objects.count()
    answer = api_as("manager").post(
        hands_url(world) + path,
        nested(1000),
        content_type="application/json",
        headers={"Idempotency-Key": "deep-1"},
    )
    body = assert_refused(answer)
    assert "nested" in json.dumps(body)
    assert HandResult.objects.count() == before


def test_a_moderately_nested_body_names_the_field(world: World, api_as: RoleClients) -> None:
    answer = api_as("manager").post(
        hands_url(world) + "preview/", nested(60), content_type="application/json"
    )
    body = assert_refused(answer)
    assert body["error"]["code"] == "bad_hand"
    assert body["error"]["field"].startswith("wins")


@pytest.mark.parametrize("field", ["note", "wins[0].record.hand"])
@pytest.mark.parametrize("bad", ["\x00", "\ud800"], ids=["nul", "lone-surrogate"])
@pytest.mark.parametrize("path", ["", "preview/"])
def test_nul_bytes_and_lone_surrogates_are_refused_alike_by_preview_and_record(
    world: World, api_as: RoleClients, bad: str, path: str, field: str
) -> None:
    before = HandResult.objects.count()
    hand = json.loads(json.dumps(RON))
    if field == "note":
        hand["note"] = "seat 2 asked" + bad
    else:
        hand["wins"][0]["record"]["hand"] = "234m345p" + bad + "456s23488s"
    # json.dumps escapes both as \\u0000 / \\ud800, as a client would send them.
    answer = api_as("manager").post(
        hands_url(world) + path,
        json.dumps(hand),
        content_type="application/json",
        headers={"Idempotency-Key": f"bad-char-{path}-{ord(bad)}-{field}"},
    )
    body = assert_refused(answer)
    assert body["error"]["code"] == "bad_hand"
    assert body["error"]["field"] == field
    assert HandResult.objects.count() == before


@pytest.mark.parametrize(
    ("path", "parameter", "value"),
    [
        ("/api/sessions/", "opened_since", "0001-01-01T00:00:00+01:00"),
        ("/api/penalties/", "since", "9999-12-31T23:59:59-01:00"),
        ("/api/settlements/", "since", "0001-01-01T00:00:00+14:00"),
    ],
)
def test_dates_past_the_ends_of_the_calendar_are_a_400_naming_the_filter(
    world: World, api_as: RoleClients, path: str, parameter: str, value: str
) -> None:
    answer = api_as("manager").get(path, {parameter: value})
    body = assert_refused(answer)
    assert parameter in body


@pytest.mark.parametrize(
    ("date_from", "date_to", "field", "words"),
    [
        ("0001-01-01", "9999-12-31", "date_from", "outside the books' calendar"),
        ("2020-01-01", "2026-12-31", "date_to", "at most 366"),
    ],
)
def test_an_export_over_the_whole_calendar_is_refused_up_front(
    world: World, api_as: RoleClients, date_from: str, date_to: str, field: str, words: str
) -> None:
    before = ExportJob.objects.count()
    answer = post(
        api_as("manager"),
        "/api/exports/",
        {
            "kind": "ledger_entries",
            "scope": "period",
            "format": "csv",
            "parlor": world.parlor.pk,
            "date_from": date_from,
            "date_to": date_to,
        },
    )
    body = assert_refused(answer)
    assert body["error"]["field"] == field
    assert words in body["error"]["message"]
    assert ExportJob.objects.count() == before


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=2_000)
def test_a_body_over_the_size_limit_answers_json(world: World, api_as: RoleClients) -> None:
    hand = {**RON, "note": "x" * 5_000}
    answer = api_as("manager").post(
        hands_url(world),
        json.dumps(hand),
        content_type="application/json",
        headers={"Idempotency-Key": "big-1"},
    )
    body = assert_refused(answer, status=413)
    assert body["error"]["code"] == "body_too_large"


def test_a_megabyte_note_is_refused_and_a_short_one_kept(world: World, api_as: RoleClients) -> None:
    client = api_as("manager")
    too_long = post(
        client,
        hands_url(world),
        {**RON, "note": "x" * 1_000_001},
        **{"Idempotency-Key": "note-long"},
    )
    assert too_long.status_code == 413  # past the body limit before the note limit is read
    long_note = post(
        client, hands_url(world), {**RON, "note": "x" * 1_001}, **{"Idempotency-Key": "note-1001"}
    )
    body = assert_refused(long_note)
    assert body["error"] == {
        "code": "bad_hand",
        "message": "note is 1,001 characters long; at most 1,000",
        "field": "note",
    }
    kept = post(
        client, hands_url(world), {**RON, "note": "x" * 1_000}, **{"Idempotency-Key": "note-1000"}
    )
    assert kept.status_code == 201, kept.content


def test_a_correction_reason_has_a_limit(world: World, api_as: RoleClients) -> None:
    answer = post(
        api_as("manager"),
        "/api/corrections/",
        {"hand": world.hand.pk, "kind": "void", "reason": "r" * 1_001},
    )
    body = assert_refused(answer)
    assert body["error"]["code"] == "bad_text"
    assert body["error"]["field"] == "reason"
