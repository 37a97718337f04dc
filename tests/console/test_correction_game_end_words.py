"""The correction and seat swap pages say when the game's end moves and what comes next;
the session page says it after Confirm, until the next hand (issue 33, item 6)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from ledger.models import HandResult, Session
from ledger.play.hands import hand_record
from tests.ledger.factories import SessionFactory, ron

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    translation.activate("en")


def _correct(session: Session, ordinal: int) -> str:
    hand = HandResult.objects.get(session=session, ordinal=ordinal, superseded_by__isnull=True)
    return f"/admin/ledger/session/{session.pk}/hands/{hand.pk}/correct/"


def test_voiding_the_bust_of_a_closed_game_says_it_goes_on_and_what_next(
    client_as: Callable[[str], Client], closed_session: Session
) -> None:
    manager = client_as("manager")
    data = {"kind": "void", "reason": "wrong table"}

    page = manager.post(_correct(closed_session, 3), data).content.decode()

    assert "reopens it" in page
    assert (
        "The game ended after hand 3 (A player busted); after this correction it does not end"
        " there: it goes on." in page
    )
    assert "Next: enter hand 4 on the session page, or a manager stops the game" in page
    # Points with thousands separators: the daisangen's 32,000 leaves.
    assert "-32,000 → 0" in page and "+32,000 → 0" in page


def test_after_confirm_the_session_page_says_why_it_offers_the_next_hand(
    client_as: Callable[[str], Client], closed_session: Session, staff: User
) -> None:
    manager = client_as("manager")
    data = {"kind": "void", "reason": "wrong table"}
    digest = manager.post(_correct(closed_session, 3), data).context["digest"]
    done = manager.post(
        _correct(closed_session, 3), {**data, "_confirm": "1", "correction_digest": digest}
    )
    assert done.status_code == 302, done.content.decode()[-3000:]
    page_url = f"/admin/ledger/session/{closed_session.pk}/change/"

    page = manager.get(page_url).content.decode()

    assert 'id="corrected-end"' in page
    notice = page.split('id="corrected-end"')[1].split("</p>")[0]
    said = "The last correction (hand 3, by manager-user) moved the game&#x27;s end."
    assert said in notice, notice
    assert "Next: enter hand 4 on the session page" in page
    assert 'id="stop-and-close-link"' in page
    hand_record(session=closed_session, hand=ron(1, 2), entered_by=staff)
    assert 'id="corrected-end"' not in manager.get(page_url).content.decode()


def test_an_amendment_that_ends_the_game_says_a_manager_closes_it(
    client_as: Callable[[str], Client], staff: User
) -> None:
    session = SessionFactory()
    for hand in (ron(1, 0), ron(2, 1), ron(3, 2), ron(3, 0)):  # North keeps the deal
        hand_record(session=session, hand=hand, entered_by=staff)
    data = {
        "kind": "amend",
        "reason": "Aoi won it",
        "hand-kind": "win",
        "hand-discarder": "3",
        "win0-winner": "0",
        "win0-hand": "234m345p456s23488s",
        "win0-win_tile": "4s",
    }

    page = client_as("manager").post(_correct(session, 4), data).content.decode()

    assert (
        "The game went on; after this correction it ends after hand 4 (All rounds played)." in page
    )
    assert "Next: a manager closes the session to settle it in money; no more hands." in page


def test_the_words_in_japanese(
    client_as: Callable[[str], Client], closed_session: Session
) -> None:
    manager = client_as("manager")
    manager.cookies["django_language"] = "ja"

    page = manager.post(
        _correct(closed_session, 3), {"kind": "void", "reason": "wrong table"}
    ).content.decode()

    assert "第3局の後で終局していました" in page, page
    assert "次に：" in page
