"""The seat swap page: preview, then confirm; a manager's (policy CORRECT_HAND)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from ledger.models import Correction, HandResult
from ledger.play.hands import hand_record
from tests.ledger.factories import SessionFactory, ron, tsumo


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    translation.activate("en")


def swap_url(session: Any) -> str:
    return f"/admin/ledger/session/{session.pk}/swap-seats/"


POST = {"from_ordinal": "2", "seat_a": "1", "seat_b": "2", "reason": "took South for West"}


def test_a_manager_previews_then_confirms_a_swap(
    client_as: Callable[[str], Client], staff: Any, db: None
) -> None:
    session = SessionFactory()
    for hand in (ron(2, 3), ron(1, 0), tsumo(1)):
        hand_record(session=session, hand=hand, entered_by=staff)
    client = client_as("manager")
    page = client.get(f"/admin/ledger/session/{session.pk}/change/").content.decode()
    assert 'id="swap-seats-link"' in page

    preview = client.post(swap_url(session), {**POST, "_preview": "1"})

    assert preview.status_code == 200
    html = preview.content.decode()
    assert 'id="correction-hand-2"' in html and 'id="correction-hand-3"' in html
    assert 'id="correction-hand-1"' not in html
    assert Correction.objects.count() == 0
    digest = preview.context["digest"]

    done = client.post(swap_url(session), {**POST, "_confirm": "1", "correction_digest": digest})

    assert done.status_code == 302
    live = HandResult.objects.live().filter(session=session).order_by("ordinal")
    assert [h.payload["wins"][0]["winner"] for h in live] == [2, 2, 2]
    assert Correction.objects.count() == 1


def test_a_confirm_without_its_preview_only_previews(
    client_as: Callable[[str], Client], staff: Any, db: None
) -> None:
    session = SessionFactory()
    for hand in (ron(2, 3), ron(1, 0)):
        hand_record(session=session, hand=hand, entered_by=staff)

    response = client_as("manager").post(
        swap_url(session), {**POST, "_confirm": "1", "correction_digest": "stale"}
    )

    assert response.status_code == 200 and response.context["preview"] is not None
    assert Correction.objects.count() == 0


def test_staff_may_not_open_the_swap_page(
    client_as: Callable[[str], Client], staff: Any, db: None
) -> None:
    session = SessionFactory()
    hand_record(session=session, hand=ron(2, 3), entered_by=staff)
    client = client_as("staff")

    assert client.get(swap_url(session)).status_code == 403
    page = client.get(f"/admin/ledger/session/{session.pk}/change/").content.decode()
    assert 'id="swap-seats-link"' not in page


def test_nothing_to_swap_is_said_in_japanese(
    role_user: Callable[[str], Any], staff: Any, db: None
) -> None:
    from parlor.services.preferences import user_language_set

    session = SessionFactory()
    for hand in (ron(2, 3), {"kind": "draw", "tenpai": []}):
        hand_record(session=session, hand=hand, entered_by=staff)
    user = role_user("manager")
    user_language_set(user=user, language="ja")
    client = Client()
    client.force_login(user)

    response = client.post(swap_url(session), {**POST, "seat_a": "0", "_preview": "1"})

    errors = " ".join(str(e) for e in response.context["form"].errors.get("from_ordinal", []))
    assert "入れ替える" in errors and "seat" not in errors, errors
