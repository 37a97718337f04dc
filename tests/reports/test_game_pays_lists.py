"""The settlements list and a settlement's page show only what the game pays (issue 33, item 5).

A Speed Tonpuu placement-only game pays in chips: its rows' points are a dash, not 0; a
riichi-standard game has no chips: its rows' chips are a dash. A settlement's page says in
words what its game pays. The query count of the list does not grow with the rows (the
rules' reading is cached per ruleset and options).
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ledger.models import Settlement
from tests.reports.support import closed_session, closed_speed_tonpuu
from tests.reports.test_reclose_sums import admin_client

pytestmark = pytest.mark.django_db
LIST = "/admin/ledger/settlement/"


def cells(page: str, field: str, session_pk: int) -> list[str]:
    """The ``field`` cells of the list's rows of one session (its column links it)."""
    rows = re.findall(r"<tr>(.*?)</tr>", page, re.S)
    mine = [row for row in rows if f"/admin/ledger/session/{session_pk}/change/" in row]
    return [
        cell
        for row in mine
        for cell in re.findall(rf'<td class="field-{field}[^"]*">([^<]*)</td>', row)
    ]


def test_the_list_dashes_what_a_game_cannot_pay(staff: User) -> None:
    chips_only = closed_speed_tonpuu(by=staff)
    points_only = closed_session(by=staff)
    client = admin_client()

    page = client.get(LIST).content.decode()

    assert cells(page, "points_amount", chips_only.pk) == ["—"] * 4
    assert sorted(cells(page, "chips_amount", chips_only.pk)) == sorted(["+14", "+3", "-5", "-12"])
    assert cells(page, "chips_amount", points_only.pk) == ["—"] * 4
    assert sorted(cells(page, "points_amount", points_only.pk)) == sorted(
        ["-29,900", "+38,900", "+7,000", "-16,000"]
    )
    with CaptureQueriesContext(connection) as listed:
        client.get(LIST)
    assert len(listed) < 20, len(listed)


def test_a_settlements_page_says_what_its_game_pays(staff: User) -> None:
    session = closed_speed_tonpuu(by=staff)
    row = Settlement.objects.filter(session=session).first()
    assert row is not None

    page = admin_client().get(f"{LIST}{row.pk}/change/").content.decode()

    assert "This game pays in chips only" in page
    assert re.search(r'field-points_amount">.*?<div class="readonly">—</div>', page, re.S)
