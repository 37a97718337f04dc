"""The admin's scoreboard links: managers add and rotate them; staff see them; the old one dies."""

from __future__ import annotations

import pytest
from django.test import Client

from ledger.models import ScoreboardLink
from parlor.services.roles import ROLE_MANAGER, ROLE_STAFF, roles_sync
from tests.ledger.factories import UserFactory
from tests.parlor.factories import ParlorFactory, house_member

pytestmark = pytest.mark.django_db
CHANGELIST = "/admin/ledger/scoreboardlink/"


def signed_in(role: str) -> Client:
    user = house_member(UserFactory(username=f"links-{role}", is_staff=True), role)
    user.groups.set([roles_sync()[role]])
    client = Client()
    client.force_login(user)
    return client


def test_a_manager_adds_a_link_and_rotates_it() -> None:
    parlor = ParlorFactory()
    client = signed_in(ROLE_MANAGER)

    added = client.post(f"{CHANGELIST}add/", {"parlor": parlor.pk})
    assert added.status_code == 302
    link = ScoreboardLink.objects.get(parlor=parlor)
    old = link.token
    assert client.get(f"/scoreboard/{old}/").status_code == 200
    listed = client.get(CHANGELIST)
    assert f"/scoreboard/{old}/" in listed.content.decode()

    rotated = client.post(
        CHANGELIST,
        {"action": "rotate_scoreboard_link", "_selected_action": [link.pk]},
        follow=True,
    )

    link.refresh_from_db()
    assert link.token != old and link.rotated_by is not None
    assert f"/scoreboard/{link.token}/" in rotated.content.decode()
    assert Client().get(f"/scoreboard/{old}/").status_code == 404
    assert Client().get(f"/scoreboard/{link.token}/").status_code == 200


def test_staff_see_the_links_but_neither_add_nor_rotate() -> None:
    link = ScoreboardLink.objects.create(parlor=ParlorFactory())
    client = signed_in(ROLE_STAFF)

    assert client.get(CHANGELIST).status_code == 200
    assert client.get(f"{CHANGELIST}add/").status_code == 403
    client.post(CHANGELIST, {"action": "rotate_scoreboard_link", "_selected_action": [link.pk]})
    assert ScoreboardLink.objects.get(pk=link.pk).token == link.token
