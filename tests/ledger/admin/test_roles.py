"""Each role on each ledger admin page and action (the admin asks parlor/policy.py).

staff records hands and penalties (chonbo, dead hand) in open sessions;
manager also corrects, closes and marks settled; player (even with staff
status) and anonymous visitors get no ledger admin: a player's lists answer
403 and a session's pages 404 (the books are not theirs to see); nobody
deletes or edits ledger rows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.forms.models import model_to_dict
from django.test import Client

from ledger.models import HandResult, Session
from tests.ledger.admin.isolation import HAND_POST
from tests.parlor.factories import ParlorFactory

MANAGER, STAFF, PLAYER, ANONYMOUS = "manager", "staff", "player", "anonymous"
ALL_ROLES = (MANAGER, STAFF, PLAYER, ANONYMOUS)
LISTS = [
    "session",
    "handresult",
    "posting",
    "ledgerentry",
    "account",
    "correction",
    "penalty",
    "settlement",
]


def client_for(role: str, client_as: Callable[[str], Client]) -> Client:
    return Client() if role == ANONYMOUS else client_as(role)


def expect(role: str, *, manager: int, staff: int, player: int = 403) -> int:
    """Anonymous visitors are sent to the login page; a player's object pages answer 404."""
    return {MANAGER: manager, STAFF: staff, PLAYER: player, ANONYMOUS: 302}[role]


@pytest.mark.parametrize("role", ALL_ROLES)
@pytest.mark.parametrize("model", LISTS)
def test_ledger_lists_are_for_staff_and_managers(
    role: str, model: str, client_as: Callable[[str], Client], open_session: Session
) -> None:
    response = client_for(role, client_as).get(f"/admin/ledger/{model}/")

    assert response.status_code == expect(role, manager=200, staff=200)


@pytest.mark.parametrize("role", ALL_ROLES)
def test_the_session_page_is_for_staff_and_managers(
    role: str, client_as: Callable[[str], Client], open_session: Session
) -> None:
    response = client_for(role, client_as).get(f"/admin/ledger/session/{open_session.pk}/change/")

    assert response.status_code == expect(role, manager=200, staff=200, player=404)


@pytest.mark.parametrize("role", ALL_ROLES)
def test_a_hand_detail_is_for_staff_and_managers(
    role: str, client_as: Callable[[str], Client], open_session: Session
) -> None:
    hand = open_session.hands.get()

    response = client_for(role, client_as).get(f"/admin/ledger/handresult/{hand.pk}/change/")

    assert response.status_code == expect(role, manager=200, staff=200, player=404)


def test_players_see_no_ledger_in_the_admin_index(
    client_as: Callable[[str], Client], open_session: Session
) -> None:
    page = client_as(PLAYER).get("/admin/").content.decode()

    assert "/admin/ledger/" not in page


def test_a_player_without_staff_status_is_sent_to_the_login_page(
    role_user: Callable[[str], Any], open_session: Session
) -> None:
    player = role_user(PLAYER)
    player.is_staff = False
    player.save()
    client = Client()
    client.force_login(player)

    response = client.get(f"/admin/ledger/session/{open_session.pk}/change/")

    assert response.status_code == 302 and "/admin/login/" in response["Location"]


@pytest.mark.parametrize("role", ALL_ROLES)
def test_opening_a_session_is_for_staff_and_managers(
    role: str, client_as: Callable[[str], Client], db: None
) -> None:
    ParlorFactory()  # a role is a role in a parlor: without one, nobody opens anything
    response = client_for(role, client_as).get("/admin/ledger/session/add/")

    assert response.status_code == expect(role, manager=200, staff=200)


@pytest.mark.parametrize("role", ALL_ROLES)
@pytest.mark.parametrize("action", ["_preview", "_save"])
def test_recording_a_hand_in_an_open_session_is_for_staff_and_managers(
    role: str, action: str, client_as: Callable[[str], Client], open_session: Session
) -> None:
    client = client_for(role, client_as)
    url = f"/admin/ledger/session/{open_session.pk}/hands/"

    response = client.post(url, {**HAND_POST, "_preview": "1"})
    if action == "_save" and response.status_code == 200:
        digest = response.context["digest"]
        response = client.post(url, {**HAND_POST, "_save": "1", "preview_digest": digest})

    saved = {"_preview": 200, "_save": 302}[action]
    assert response.status_code == expect(role, manager=saved, staff=saved, player=404)
    assert open_session.hands.count() == (2 if saved == 302 and role in (MANAGER, STAFF) else 1)


@pytest.mark.parametrize("role", ALL_ROLES)
def test_the_live_preview_is_for_staff_and_managers(
    role: str, client_as: Callable[[str], Client], open_session: Session
) -> None:
    url = f"/admin/ledger/session/{open_session.pk}/hands/preview/"

    response = client_for(role, client_as).post(url, HAND_POST)

    assert response.status_code == expect(role, manager=200, staff=200, player=404)


@pytest.mark.parametrize("role", [MANAGER, STAFF])
def test_a_closed_session_takes_no_new_hand_from_anyone(
    role: str, client_as: Callable[[str], Client], closed_session: Session
) -> None:
    client = client_as(role)
    page = client.get(f"/admin/ledger/session/{closed_session.pk}/change/")

    response = client.post(
        f"/admin/ledger/session/{closed_session.pk}/hands/", {**HAND_POST, "_preview": "1"}
    )

    assert page.status_code == 200 and 'id="hand-entry-form"' not in page.content.decode()
    assert response.status_code == 403


@pytest.mark.parametrize("role", ALL_ROLES)
def test_only_managers_correct_hands(
    role: str, client_as: Callable[[str], Client], open_session: Session
) -> None:
    hand = open_session.hands.get()
    url = f"/admin/ledger/session/{open_session.pk}/hands/{hand.pk}/correct/"
    client = client_for(role, client_as)

    page = client.get(url)
    data = {"kind": "void", "reason": "entered at the wrong table"}
    previewed = client.post(url, data)
    digest = previewed.context["digest"] if previewed.status_code == 200 else ""
    posted = client.post(url, {**data, "_confirm": "1", "correction_digest": digest})

    assert page.status_code == expect(role, manager=200, staff=403, player=404)
    assert posted.status_code == expect(role, manager=302, staff=403, player=404)
    assert HandResult.objects.filter(corrected_by__isnull=False).exists() == (role == MANAGER)


@pytest.mark.parametrize("role", ALL_ROLES)
def test_only_managers_close_a_session(
    role: str, client_as: Callable[[str], Client], staff: Any, db: None
) -> None:
    from ledger.play.hands import hand_record
    from tests.fixtures.clients import DAISANGEN
    from tests.ledger.factories import SessionFactory, ron

    session = SessionFactory()
    hand_record(session=session, hand=ron(3, 0, DAISANGEN), entered_by=staff)

    response = client_for(role, client_as).post(
        f"/admin/ledger/session/{session.pk}/close/", {"confirm": "1"}
    )

    session.refresh_from_db()
    assert response.status_code == expect(role, manager=302, staff=403, player=404)
    assert session.state == ("closed" if role == MANAGER else "open")


@pytest.mark.parametrize("role", ALL_ROLES)
def test_only_managers_mark_a_closed_session_settled(
    role: str, client_as: Callable[[str], Client], closed_session: Session
) -> None:
    response = client_for(role, client_as).post(
        f"/admin/ledger/session/{closed_session.pk}/settled/", {"confirm": "1"}
    )

    closed_session.refresh_from_db()
    assert response.status_code == expect(role, manager=302, staff=403, player=404)
    assert closed_session.state == ("settled" if role == MANAGER else "closed")


def test_a_settled_session_is_final_even_for_managers(
    client_as: Callable[[str], Client], closed_session: Session
) -> None:
    manager = client_as(MANAGER)
    manager.post(f"/admin/ledger/session/{closed_session.pk}/settled/", {"confirm": "1"})
    hand = closed_session.hands.order_by("ordinal").last()

    page = manager.get(f"/admin/ledger/session/{closed_session.pk}/change/").content.decode()
    correct = manager.get(f"/admin/ledger/session/{closed_session.pk}/hands/{hand.pk}/correct/")

    assert "/correct/" not in page
    assert correct.status_code == 403


@pytest.mark.parametrize("role", [MANAGER, STAFF])
@pytest.mark.parametrize("model", LISTS)
def test_nobody_deletes_ledger_rows(
    role: str, model: str, client_as: Callable[[str], Client], closed_session: Session
) -> None:
    client = client_as(role)
    changelist = client.get(f"/admin/ledger/{model}/")
    first = changelist.context["cl"].result_list[0]

    delete = client.post(f"/admin/ledger/{model}/{first.pk}/delete/", {"post": "yes"})
    bulk = client.post(
        f"/admin/ledger/{model}/",
        {"action": "delete_selected", "_selected_action": [first.pk], "post": "yes"},
    )

    assert "delete_selected" not in changelist.content.decode()
    assert delete.status_code == 403
    assert bulk.status_code in (200, 302)
    assert type(first).objects.filter(pk=first.pk).exists()


@pytest.mark.parametrize("role", [MANAGER, STAFF])
@pytest.mark.parametrize("model", [m for m in LISTS if m != "session"])
def test_nobody_adds_or_edits_ledger_rows_through_the_admin(
    role: str, model: str, client_as: Callable[[str], Client], closed_session: Session
) -> None:
    client = client_as(role)
    first = client.get(f"/admin/ledger/{model}/").context["cl"].result_list[0]
    before = model_to_dict(first)

    add = client.get(f"/admin/ledger/{model}/add/")
    view = client.get(f"/admin/ledger/{model}/{first.pk}/change/")
    change = client.post(f"/admin/ledger/{model}/{first.pk}/change/", {})

    assert add.status_code == 403
    # The detail page is read-only: no form fields, and a POST is refused.
    assert view.status_code == 200 and not view.context["adminform"].form.fields
    assert change.status_code == 403
    assert model_to_dict(type(first).objects.get(pk=first.pk)) == before


def test_staff_and_managers_record_a_chonbo(
    client_as: Callable[[str], Client], open_session: Session
) -> None:
    """The staff are the table's referees: they record penalties as they happen."""
    url = f"/admin/ledger/session/{open_session.pk}/hands/"
    chonbo = {
        "hand-kind": "chonbo",
        "hand-offender": "1",
        "hand-chonbo_cause": "false_ron",
        "_preview": "1",
    }

    staff = client_as(STAFF).post(url, chonbo)
    manager = client_as(MANAGER).post(url, chonbo)

    assert staff.status_code == 200 and staff.context["preview"] is not None
    assert manager.context["preview"] is not None


@pytest.mark.parametrize(
    ("role", "state", "change"),
    [
        (MANAGER, "open", True),
        (STAFF, "open", True),
        (PLAYER, "open", False),
        (MANAGER, "closed", False),
        (STAFF, "closed", False),
        (MANAGER, "settled", False),
    ],
)
def test_session_permissions_follow_the_role_and_the_sessions_state(
    role: str, state: str, change: bool, role_user: Callable[[str], Any], db: None
) -> None:
    from django.contrib import admin
    from django.test import RequestFactory

    from ledger.models import Session as SessionModel
    from tests.ledger.factories import SessionFactory

    session = SessionFactory()
    session.state = state
    request = RequestFactory().get("/admin/")
    request.user = role_user(role)
    model_admin = admin.site._registry[SessionModel]

    assert model_admin.has_change_permission(request, session) is change
    assert model_admin.has_delete_permission(request, session) is False
    assert model_admin.has_add_permission(request) is (role != PLAYER)
    assert model_admin.has_view_permission(request, session) is (role != PLAYER)
