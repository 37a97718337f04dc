"""Parlor B's manager, staff and player against parlor A's books, through the real admin.

Issue 19: an object of another parlor answers 404 (not 403, not 200), its
rows are not listed, nothing can be created in or moved into a parlor the
user is not in, and nothing of it changes. Each refusal has its control:
the same request by A's own member works.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.apps import apps
from django.contrib import admin
from django.core.files.base import ContentFile

from ledger.models import HandResult, Penalty, Session
from ledger.play.session_selectors import session_live_hands
from parlor import policy
from parlor.admin_scope import parlor_id_of
from parlor.models import Membership, Player
from reports.models import ExportJob
from tests.ledger.admin.isolation import (
    CHONBO_POST,
    HAND_POST,
    MANAGER,
    PLAYER,
    ROLES,
    STAFF,
    Parlors,
    form_data,
)

pytestmark = pytest.mark.django_db

CHANGELISTS = [
    "ledger.session", "ledger.handresult", "ledger.penalty", "ledger.correction",
    "ledger.settlement", "ledger.posting", "ledger.ledgerentry", "ledger.account",
    "reports.exportjob", "ledger.sessionclosing", "ledger.scoreboardlink", "parlor.parlor",
    "parlor.player", "parlor.table", "parlor.rulesetconfig", "parlor.rate", "parlor.membership",
]  # fmt: skip


@pytest.fixture
def two(db: None, settings: Any, tmp_path: Any) -> Parlors:
    settings.MEDIA_ROOT = str(tmp_path)
    return Parlors.make()


def url(label: str, pk: Any = None, page: str = "change") -> str:
    app, model = label.split(".")
    return f"/admin/{app}/{model}/" if pk is None else f"/admin/{app}/{model}/{pk}/{page}/"


def listed_parlors(response: Any, label: str) -> set[int | None]:
    model_admin = admin.site._registry[apps.get_model(label)]
    rows = response.context["cl"].result_list
    return {parlor_id_of(row, model_admin.parlor_path) for row in rows}


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("label", CHANGELISTS)
def test_another_parlors_rows_are_not_listed(two: Parlors, role: str, label: str) -> None:
    theirs = two.b.client(role).get(url(label))
    own = two.a.client(MANAGER).get(url(label))
    view_action = admin.site._registry[apps.get_model(label)].view_action

    if not policy.may_anywhere(two.b.users[role], view_action):
        assert theirs.status_code == 403
        assert role == PLAYER or label == "parlor.membership"
    else:
        assert theirs.status_code == 200
        assert two.a.parlor.pk not in listed_parlors(theirs, label)
    assert two.a.parlor.pk in listed_parlors(own, label)
    assert two.b.parlor.pk not in listed_parlors(own, label)


def a_objects(two: Parlors) -> dict[str, Any]:
    """One row of parlor A for each admin, keyed by its admin."""
    closed = two.a.closed
    return {
        "ledger.session": two.a.open,
        "ledger.handresult": two.a.open.hands.get(),
        "ledger.penalty": Penalty.objects.filter(session=closed).first(),
        "ledger.correction": closed.corrections.first(),
        "ledger.settlement": closed.settlements.first(),
        "ledger.posting": closed.postings.first(),
        "ledger.ledgerentry": closed.postings.first().entries.first(),  # type: ignore[union-attr]
        "ledger.account": two.a.player.ledger_accounts.first(),
        "reports.exportjob": two.a.export,
        "ledger.sessionclosing": two.a.open,
        "ledger.scoreboardlink": two.a.link,
        "parlor.parlor": two.a.parlor,
        "parlor.player": two.a.player,
        "parlor.table": two.a.table,
        "parlor.rulesetconfig": two.a.ruleset,
        "parlor.rate": two.a.rate,
        "parlor.membership": Membership.objects.get(user=two.a.users[STAFF]),
    }


@pytest.mark.parametrize("role", ROLES)
def test_another_parlors_pages_answer_404(two: Parlors, role: str) -> None:
    client = two.b.client(role)
    own = two.a.client(MANAGER)
    for label, obj in a_objects(two).items():
        assert obj is not None, label
        for page in ("change", "history", "delete"):
            if label == "ledger.session" and page != "change":
                continue  # the session page replaces the change form; no history or delete
            answer = client.get(url(label, obj.pk, page)).status_code
            assert answer == 404, (label, page, answer)
        assert own.get(url(label, obj.pk)).status_code == 200, label


def session_urls(two: Parlors) -> list[tuple[str, str, dict[str, Any]]]:
    a = two.a
    hand = a.open.hands.get()
    base = "/admin/ledger/session"
    void = {"kind": "void", "reason": "probe", "_confirm": "1"}
    return [
        ("GET", f"{base}/{a.open.pk}/change/", {}),
        ("POST", f"{base}/{a.open.pk}/hands/", {**HAND_POST, "_preview": "1"}),
        ("POST", f"{base}/{a.open.pk}/hands/", {**HAND_POST, "_save": "1"}),
        ("POST", f"{base}/{a.open.pk}/hands/", {**CHONBO_POST, "_preview": "1"}),
        ("POST", f"{base}/{a.open.pk}/hands/preview/", HAND_POST),
        ("GET", f"{base}/{a.open.pk}/hands/{hand.pk}/correct/", {}),
        ("POST", f"{base}/{a.open.pk}/hands/{hand.pk}/correct/", void),
        ("GET", f"{base}/{a.over.pk}/close/", {}),
        ("POST", f"{base}/{a.over.pk}/close/", {"confirm": "1"}),
        ("POST", f"{base}/{a.open.pk}/close/", {"confirm": "1", "stop": "1"}),
        ("GET", f"{base}/{a.closed.pk}/settled/", {}),
        ("POST", f"{base}/{a.closed.pk}/settled/", {"confirm": "1"}),
        ("GET", f"{base}/{a.closed.pk}/slip/", {}),
        ("GET", f"/admin/reports/exportjob/{a.export.pk}/download/", {}),
    ]


def books_of(two: Parlors) -> tuple[Any, ...]:
    """What the probes must not change: A's hands, session states, export."""
    sessions = Session.objects.filter(parlor=two.a.parlor).order_by("pk")
    return (
        HandResult.objects.filter(session__parlor=two.a.parlor).count(),
        Penalty.objects.filter(session__parlor=two.a.parlor).count(),
        [(s.state, s.close_requested_at) for s in sessions],
        ExportJob.objects.values_list("state", "attempts").get(pk=two.a.export.pk),
    )


@pytest.mark.parametrize("role", ROLES)
def test_another_parlors_session_pages_and_actions_answer_404(two: Parlors, role: str) -> None:
    client = two.b.client(role)
    before = books_of(two)

    for method, target, data in session_urls(two):
        response = client.get(target) if method == "GET" else client.post(target, data)
        assert response.status_code == 404, (method, target, response.status_code)

    assert books_of(two) == before


def test_the_own_parlors_staff_record_hands_and_penalties(two: Parlors) -> None:
    staff = two.a.client(STAFF)
    target = f"/admin/ledger/session/{two.a.open.pk}/hands/"

    for post in (HAND_POST, CHONBO_POST):
        digest = staff.post(target, {**post, "_preview": "1"}).context["digest"]
        saved = staff.post(target, {**post, "_save": "1", "preview_digest": digest})
        assert saved.status_code == 302

    assert two.a.open.hands.count() == 3
    assert Penalty.objects.filter(session=two.a.open).count() == 1


def test_the_own_parlors_manager_voids_closes_stops_and_settles(two: Parlors) -> None:
    manager = two.a.client(MANAGER)
    a = two.a
    chonbo = session_live_hands(session=a.over).get(kind="chonbo")
    correct = f"/admin/ledger/session/{a.over.pk}/hands/{chonbo.pk}/correct/"
    data = {"kind": "void", "reason": "wrong table"}
    digest = manager.post(correct, data).context["digest"]

    voided = manager.post(correct, {**data, "_confirm": "1", "correction_digest": digest})
    closed = manager.post(f"/admin/ledger/session/{a.over.pk}/close/", {"confirm": "1"})
    settled = manager.post(f"/admin/ledger/session/{a.closed.pk}/settled/", {"confirm": "1"})
    stopped = manager.post(
        f"/admin/ledger/session/{a.open.pk}/close/", {"confirm": "1", "stop": "1"}
    )

    assert [r.status_code for r in (voided, closed, settled, stopped)] == [302] * 4
    states = {s.pk: s.state for s in Session.objects.filter(parlor=a.parlor)}
    assert (states[a.over.pk], states[a.closed.pk], states[a.open.pk]) == (
        "closed",
        "settled",
        "closed",
    )


def test_an_export_downloads_only_in_its_parlor(two: Parlors) -> None:
    job = two.a.export
    job.state = "done"
    job.file.save("a.csv", ContentFile(b"player,money\n"), save=True)
    target = f"/admin/reports/exportjob/{job.pk}/download/"

    assert two.a.client(STAFF).get(target).status_code == 200
    assert two.b.client(MANAGER).get(target).status_code == 404


@pytest.mark.parametrize("role", [MANAGER, STAFF])
def test_nothing_is_exported_from_another_parlor(two: Parlors, role: str) -> None:
    form = {
        "kind": "settlements", "format": "csv", "scope": "day", "parlor": two.a.parlor.pk,
        "date_from": two.a.closed.opened_at.date().isoformat(),
    }  # fmt: skip
    count = ExportJob.objects.count()

    response = two.b.client(role).post("/admin/reports/exportjob/add/", form)
    rerun = two.b.client(role).post(
        "/admin/reports/exportjob/",
        {"action": "run_again", "_selected_action": [two.a.export.pk]},
    )

    assert response.status_code == 200 and "parlor" in response.context["form"].errors
    assert rerun.status_code in (200, 302)
    assert ExportJob.objects.count() == count
    assert ExportJob.objects.get(pk=two.a.export.pk).attempts == two.a.export.attempts


def test_nothing_is_closed_or_rotated_in_another_parlor_by_an_action(two: Parlors) -> None:
    manager = two.b.client(MANAGER)
    token = two.a.link.token

    manager.post(
        "/admin/ledger/sessionclosing/",
        {"action": "close_in_background", "_selected_action": [two.a.over.pk]},
    )
    manager.post(
        "/admin/ledger/scoreboardlink/",
        {"action": "rotate_scoreboard_link", "_selected_action": [two.a.link.pk]},
    )

    two.a.over.refresh_from_db()
    two.a.link.refresh_from_db()
    assert two.a.over.close_requested_at is None and two.a.over.state == "open"
    assert two.a.link.token == token


@pytest.mark.parametrize(
    ("label", "attr", "role"),
    [
        ("parlor.player", "player", STAFF),
        ("parlor.player", "player", MANAGER),
        ("parlor.table", "table", MANAGER),
        ("parlor.rate", "rate", MANAGER),
        ("parlor.rulesetconfig", "ruleset", MANAGER),
    ],
)
def test_another_parlors_players_tables_rates_rules_cannot_be_edited(
    two: Parlors, label: str, attr: str, role: str
) -> None:
    obj = getattr(two.a, attr)
    own = getattr(two.b, attr)
    page = two.a.client(MANAGER).get(url(label, obj.pk))
    data = {**form_data(page), "name": "renamed from B"}
    own_data = {**form_data(two.b.client(MANAGER).get(url(label, own.pk))), "name": "renamed"}

    theirs = two.b.client(role).post(url(label, obj.pk), data)
    deleted = two.b.client(role).post(url(label, obj.pk, "delete"), {"post": "yes"})
    mine = two.b.client(role).post(url(label, own.pk), own_data)

    assert (theirs.status_code, deleted.status_code) == (404, 404)
    obj.refresh_from_db()
    assert obj.name != "renamed from B"
    assert mine.status_code == 302
    own.refresh_from_db()
    assert own.name == "renamed"


@pytest.mark.parametrize(
    ("label", "attr", "role"),
    [
        ("parlor.player", "spare", STAFF),
        ("parlor.table", "table", MANAGER),
        ("parlor.rate", "rate", MANAGER),
        ("parlor.rulesetconfig", "ruleset", MANAGER),
    ],
)
def test_nothing_is_created_in_or_moved_into_another_parlor(
    two: Parlors, label: str, attr: str, role: str
) -> None:
    client = two.b.client(role)
    own = getattr(two.b, attr)
    model = type(own)
    data = form_data(client.get(url(label, own.pk)))
    count = model.objects.count()

    moved = client.post(url(label, own.pk), {**data, "parlor": two.a.parlor.pk})
    created = client.post(
        f"{url(label)}add/", {**data, "name": "new in A", "parlor": two.a.parlor.pk}
    )

    for response in (moved, created):
        assert response.status_code == 200
        assert "parlor" in response.context["adminform"].form.errors
    own.refresh_from_db()
    assert own.parlor_id == two.b.parlor.pk
    assert model.objects.count() == count


def test_a_session_is_not_opened_at_another_parlors_table(two: Parlors) -> None:
    a = two.a
    seats = {f"seat_{n}": p.pk for n, p in enumerate(Player.objects.filter(parlor=a.parlor)[:4])}
    form = {"table": a.table.pk, "ruleset_config": a.ruleset.pk, "rate": a.rate.pk, **seats}
    count = Session.objects.count()

    theirs = two.b.client(STAFF).post("/admin/ledger/session/add/", form)

    assert theirs.status_code == 200
    assert {"table", "ruleset_config", "rate", "seat_0"} <= set(theirs.context["form"].errors)
    assert Session.objects.count() == count


def test_managers_manage_memberships_of_their_own_parlor_only(two: Parlors) -> None:
    manager = two.b.client(MANAGER)
    newcomer = Membership.objects.get(user=two.b.users[PLAYER]).user
    a_staff = Membership.objects.get(user=two.a.users[STAFF])

    into_a = manager.post(
        "/admin/parlor/membership/add/",
        {"user": newcomer.pk, "parlor": two.a.parlor.pk, "role": "manager"},
    )
    change_a = manager.post(
        url("parlor.membership", a_staff.pk),
        {"user": a_staff.user_id, "parlor": two.a.parlor.pk, "role": "manager"},
    )
    promoted = Membership.objects.get(user=newcomer)
    in_b = manager.post(
        url("parlor.membership", promoted.pk),
        {"user": newcomer.pk, "parlor": two.b.parlor.pk, "role": "staff"},
    )

    assert into_a.status_code == 200 and "parlor" in into_a.context["adminform"].form.errors
    assert change_a.status_code == 404
    assert in_b.status_code == 302
    assert not Membership.objects.filter(user=newcomer, parlor=two.a.parlor).exists()
    assert Membership.objects.get(pk=a_staff.pk).role == "staff"
    assert Membership.objects.get(pk=promoted.pk).role == "staff"
    assert two.b.client(STAFF).get("/admin/parlor/membership/").status_code == 403


@pytest.mark.parametrize(("role", "page"), [(MANAGER, "membership"), (MANAGER, "player")])
def test_the_account_choices_are_not_another_parlors_accounts(
    two: Parlors, role: str, page: str
) -> None:
    form = two.b.client(role).get(f"/admin/parlor/{page}/add/").context["adminform"].form

    users = set(form.fields["user"].queryset)

    assert two.b.users[PLAYER] in users
    assert not users & set(two.a.users.values())


def test_the_desk_sees_a_players_login_but_only_managers_link_one(two: Parlors) -> None:
    # The login decides whose statements an account reads: policy LINK_LOGIN (managers).
    staff_form = two.b.client(STAFF).get("/admin/parlor/player/add/").context["adminform"].form
    manager_form = two.b.client(MANAGER).get("/admin/parlor/player/add/").context["adminform"].form

    assert "user" not in staff_form.fields
    assert "user" in manager_form.fields


def test_a_services_policy_refusal_shows_as_its_message(two: Parlors, monkeypatch: Any) -> None:
    """Were the admin to offer what the policy refuses, the service's refusal is said, not coded."""
    monkeypatch.setattr("console.session_actions.may_close", lambda request, session: True)
    staff = two.a.client(STAFF)

    response = staff.post(
        f"/admin/ledger/session/{two.a.over.pk}/close/", {"confirm": "1"}, follow=True
    )

    said = [str(message) for message in response.context["messages"]]
    assert said == ["Your role (staff) may not close a finished game."]
    two.a.over.refresh_from_db()
    assert two.a.over.state == "open"
