"""The admin's hand page shows the ruleset options a hand set for itself (docs/permissions.md)."""

from collections.abc import Callable

import pytest
from django.test import Client

from ledger.play.hands import hand_record
from tests.ledger.factories import PINFU_TANYAO, SessionFactory, parlor_manager, ron

pytestmark = pytest.mark.django_db

WITHOUT_REDS = ron(1, 0, {**PINFU_TANYAO, "options": {"aka": False}})


def test_the_hand_page_shows_the_options_the_hand_set_for_itself(
    client_as: Callable[[str], Client],
) -> None:
    session = SessionFactory()
    plain = hand_record(session=session, hand=ron(1, 0), entered_by=parlor_manager(session.parlor))
    own = hand_record(session=session, hand=WITHOUT_REDS, entered_by=parlor_manager(session.parlor))
    client = client_as("staff")

    shown = client.get(f"/admin/ledger/handresult/{own.pk}/change/").content.decode()
    not_shown = client.get(f"/admin/ledger/handresult/{plain.pk}/change/").content.decode()

    assert "Ruleset options of this hand" in shown
    assert "wins[0].record.options: {&quot;aka&quot;: false}" in shown
    assert "none: the session&#x27;s rules" in not_shown
