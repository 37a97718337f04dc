"""Every final or money-moving action asks first: close, stop-and-close, mark settled, correct.

Nothing is written until the confirmation's POST; a repeated confirmation
writes nothing twice, and a finished session refuses them.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client

from ledger.models import Correction, HandResult, Session, SessionState, Settlement

pytestmark = pytest.mark.django_db


def url(session: Session, action: str) -> str:
    return f"/admin/ledger/session/{session.pk}/{action}/"


def test_an_unfinished_game_offers_stop_and_close_on_its_page(
    client_as: Callable[[str], Client], open_session: Session
) -> None:
    page = client_as("manager").get(url(open_session, "change")).content.decode()

    assert 'id="stop-and-close-link"' in page and f"{url(open_session, 'close')}?stop=1" in page
    assert 'id="close-link"' not in page  # the game goes on: a plain close would be refused


def test_stop_and_close_asks_then_ends_the_game_where_it_stands(
    client_as: Callable[[str], Client], open_session: Session
) -> None:
    manager = client_as("manager")

    asked = manager.get(url(open_session, "close") + "?stop=1")
    unconfirmed = manager.post(url(open_session, "close"), {"stop": "1"})
    open_session.refresh_from_db()
    assert asked.status_code == unconfirmed.status_code == 200
    assert "Stop the game and close the session?" in asked.content.decode()
    assert open_session.state == SessionState.OPEN and not Settlement.objects.exists()

    done = manager.post(url(open_session, "close"), {"stop": "1", "confirm": "1"}, follow=True)
    again = manager.post(url(open_session, "close"), {"stop": "1", "confirm": "1"})

    open_session.refresh_from_db()
    assert open_session.state == SessionState.CLOSED
    assert Settlement.objects.filter(session=open_session).count() == 4  # once, not twice
    assert "stopped where it stands" in str(list(done.context["messages"])[0])
    assert again.status_code == 403  # closed: no more closing


def test_mark_settled_asks_first_and_a_settled_session_refuses_everything(
    client_as: Callable[[str], Client], closed_session: Session
) -> None:
    manager = client_as("manager")

    asked = manager.get(url(closed_session, "settled"))
    manager.post(url(closed_session, "settled"))
    closed_session.refresh_from_db()
    assert "Mark the session settled?" in asked.content.decode()
    assert closed_session.state == SessionState.CLOSED

    manager.post(url(closed_session, "settled"), {"confirm": "1"})
    closed_session.refresh_from_db()
    assert closed_session.state == SessionState.SETTLED
    hand = closed_session.hands.filter(superseded_by__isnull=True).last()
    assert hand is not None
    for action in ("close", "settled", f"hands/{hand.pk}/correct"):
        assert manager.post(url(closed_session, action), {"confirm": "1"}).status_code == 403
    assert manager.post(url(closed_session, "hands"), {}).status_code == 403


def test_a_correction_is_previewed_with_every_hand_it_moves_then_confirmed(
    client_as: Callable[[str], Client], closed_session: Session
) -> None:
    manager = client_as("manager")
    hand = HandResult.objects.get(session=closed_session, ordinal=3, superseded_by__isnull=True)
    correct = url(closed_session, f"hands/{hand.pk}/correct")
    data = {"kind": "void", "reason": "wrong table"}

    previewed = manager.post(correct, data)
    preview = previewed.context["preview"]
    page = previewed.content.decode()
    assert Correction.objects.count() == 1  # the fixture's; the preview wrote nothing
    assert preview.reopens_session and "reopens it" in page
    assert [row.ordinal for row in preview.changed] == [3]
    assert preview.changed[0].after is None
    # Hand 2's chonbo (seat 1 pays 8,000) stays; the daisangen's 32,000 goes.
    assert preview.totals_before == (4000 - 32000, -8000, 2000, 2000 + 32000)
    assert preview.totals_after == (4000, -8000, 2000, 2000)
    assert 'id="confirm-correction"' in page

    stale = manager.post(correct, {**data, "_confirm": "1", "correction_digest": "other"})
    assert stale.status_code == 200 and Correction.objects.count() == 1

    posted = manager.post(
        correct, {**data, "_confirm": "1", "correction_digest": previewed.context["digest"]}
    )
    closed_session.refresh_from_db()
    assert posted.status_code == 302 and Correction.objects.count() == 2
    assert closed_session.state == SessionState.OPEN
