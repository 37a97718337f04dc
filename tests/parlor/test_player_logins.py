"""A player's login made, reset and linked by a manager from the player's admin page.

The way a manager works: open the player, "Create or link a login", type a
user name and a password (or none: a one-time link), give it to the player;
the player signs in and reads their own pages and ``/api/me/``. Linking makes
the membership (role player) the API asks for. A manager of parlor A never
sees, links or resets an account of parlor B; the desk (staff) may do none of it.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from parlor.models import Membership, Player
from parlor.policy import PolicyRefusal
from parlor.services.logins import (
    LoginRefusal,
    create_login,
    link_login,
    one_time_link,
    set_login_password,
)
from tests.parlor.factories import ParlorFactory, PlayerFactory, member_of

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-pass-phrase-9"


@pytest.fixture
def two() -> dict[str, Any]:
    a, b = ParlorFactory(name="Parlor A"), ParlorFactory(name="Parlor B")
    return {
        "a": a,
        "b": b,
        "manager_a": member_of(a, "manager", username="manager-a"),
        "manager_b": member_of(b, "manager", username="manager-b"),
        "staff_a": member_of(a, "staff", username="staff-a"),
        "player_a": PlayerFactory(parlor=a, name="Aoki"),
        "player_b": PlayerFactory(parlor=b, name="Baba"),
    }


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_manager_creates_a_login_and_the_player_reads_their_pages(two: dict) -> None:
    manager = signed_in(two["manager_a"])
    player = two["player_a"]
    page = f"/admin/parlor/player/{player.pk}/login/"

    change = manager.get(f"/admin/parlor/player/{player.pk}/change/")
    assert page in change.content.decode()
    made = manager.post(
        page, {"step": "create", "create-username": "aoki", "create-password": PASSWORD}
    )

    assert made.status_code == 302
    player.refresh_from_db()
    account = User.objects.get(username="aoki")
    assert player.user_id == account.pk
    assert Membership.objects.get(user=account).role == "player"
    visitor = Client()
    signed = visitor.post("/me/login/", {"username": "aoki", "password": PASSWORD})
    assert signed.status_code == 302
    assert visitor.get("/me/").status_code == 200
    assert visitor.get("/api/me/sessions/").status_code == 200
    assert visitor.get("/api/me/days/").status_code == 200


def test_a_login_without_a_password_gets_a_one_time_link_that_works_once(two: dict) -> None:
    manager = signed_in(two["manager_a"])
    player = two["player_a"]

    shown = manager.post(
        f"/admin/parlor/player/{player.pk}/login/",
        {"step": "create", "create-username": "aoki", "create-password": ""},
    )

    assert shown.status_code == 200
    account = User.objects.get(username="aoki")
    assert not account.has_usable_password()
    link = re.search(r'id="one-time-url">http://testserver([^<]+)<', shown.content.decode())
    assert link is not None
    visitor = Client()
    form_page = visitor.get(link.group(1), follow=True)
    assert form_page.context["validlink"]
    chosen = visitor.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": PASSWORD, "new_password2": PASSWORD},
    )
    assert chosen.status_code == 302 and chosen["Location"] == "/me/"
    assert visitor.get("/me/").status_code == 200
    assert visitor.get("/api/me/sessions/").status_code == 200
    again = Client().get(link.group(1), follow=True)
    assert not again.context["validlink"]


def test_a_manager_sets_a_new_password(two: dict) -> None:
    player = two["player_a"]
    create_login(by=two["manager_a"], player=player, username="aoki", password=PASSWORD)

    response = signed_in(two["manager_a"]).post(
        f"/admin/parlor/player/{player.pk}/login/",
        {"step": "password", "password-password": "another-pass-phrase-7"},
    )

    assert response.status_code == 302
    assert User.objects.get(username="aoki").check_password("another-pass-phrase-7")


def test_a_weak_password_is_refused_on_its_field(two: dict) -> None:
    player = two["player_a"]

    response = signed_in(two["manager_a"]).post(
        f"/admin/parlor/player/{player.pk}/login/",
        {"step": "create", "create-username": "aoki", "create-password": "123"},
    )

    assert response.status_code == 200
    assert response.context["create"].errors["password"]
    assert not User.objects.filter(username="aoki").exists()


def test_linking_an_account_makes_the_membership_and_unlinking_takes_it(two: dict) -> None:
    account = User.objects.create_user("walk-in", password=PASSWORD)
    player = two["player_a"]
    manager = signed_in(two["manager_a"])

    page = f"/admin/parlor/player/{player.pk}/login/"
    manager.post(page, {"step": "link", "link-user": account.pk})

    player.refresh_from_db()
    assert player.user_id == account.pk
    assert Membership.objects.filter(user=account, parlor=two["a"], role="player").exists()
    manager.post(page, {"step": "unlink", "confirm": "1"})
    player.refresh_from_db()
    assert player.user_id is None
    assert not Membership.objects.filter(user=account).exists()
    assert User.objects.filter(pk=account.pk).exists()


def test_the_player_form_links_through_the_service_too(two: dict) -> None:
    account = User.objects.create_user("walk-in", password=PASSWORD)
    player = two["player_a"]
    manager = signed_in(two["manager_a"])
    url = f"/admin/parlor/player/{player.pk}/change/"
    data = {
        "parlor": player.parlor_id,
        "member_number": player.member_number,
        "name": player.name,
        "contact": "",
        "is_active": "on",
        "user": account.pk,
    }

    assert manager.post(url, data).status_code == 302

    player.refresh_from_db()
    assert player.user_id == account.pk
    assert Membership.objects.filter(user=account, parlor=two["a"], role="player").exists()
    client = Client()
    client.force_login(account)
    assert client.get("/api/me/sessions/").status_code == 200


def test_a_manager_of_another_parlor_cannot_see_link_or_reset(two: dict) -> None:
    create_login(by=two["manager_a"], player=two["player_a"], username="aoki", password=PASSWORD)
    other = signed_in(two["manager_b"])
    aoki = User.objects.get(username="aoki")

    assert other.get(f"/admin/parlor/player/{two['player_a'].pk}/login/").status_code == 404
    b_page = other.get(f"/admin/parlor/player/{two['player_b'].pk}/login/")
    assert b_page.status_code == 200
    assert aoki not in set(b_page.context["link"].fields["user"].queryset)
    assert "aoki" not in b_page.content.decode()
    stolen = other.post(
        f"/admin/parlor/player/{two['player_b'].pk}/login/",
        {"step": "link", "link-user": aoki.pk},
    )
    assert stolen.status_code == 200
    two["player_b"].refresh_from_db()
    assert two["player_b"].user_id is None
    with pytest.raises(LoginRefusal):
        link_login(by=two["manager_b"], player=two["player_b"], login=aoki)
    with pytest.raises(PolicyRefusal):
        set_login_password(by=two["manager_b"], player=two["player_a"], password=PASSWORD + "x")
    with pytest.raises(PolicyRefusal):
        one_time_link(by=two["manager_b"], player=two["player_a"])
    assert User.objects.get(username="aoki").check_password(PASSWORD)


def test_an_account_with_a_role_elsewhere_or_a_superuser_is_not_theirs(two: dict) -> None:
    both = member_of(two["b"], "staff", username="works-at-b")
    root = User.objects.create_superuser("root", password=PASSWORD)

    for account in (both, root, two["manager_b"]):
        with pytest.raises(LoginRefusal):
            link_login(by=two["manager_a"], player=two["player_a"], login=account)

    assert Player.objects.get(pk=two["player_a"].pk).user_id is None


def test_the_desk_sees_the_login_but_may_not_make_or_reset_it(two: dict) -> None:
    create_login(by=two["manager_a"], player=two["player_a"], username="aoki", password=PASSWORD)
    staff = signed_in(two["staff_a"])

    change = staff.get(f"/admin/parlor/player/{two['player_a'].pk}/change/")

    assert change.status_code == 200 and "aoki" in change.content.decode()
    assert "/login/" not in change.content.decode().split("content-main", 1)[1]
    assert staff.get(f"/admin/parlor/player/{two['player_a'].pk}/login/").status_code == 404
    with pytest.raises(PolicyRefusal):
        create_login(by=two["staff_a"], player=two["player_b"], username="x", password=PASSWORD)
    with pytest.raises(PolicyRefusal):
        set_login_password(by=two["staff_a"], player=two["player_a"], password=PASSWORD + "x")


def test_a_taken_user_name_is_refused_by_name(two: dict) -> None:
    User.objects.create_user("aoki")

    with pytest.raises(LoginRefusal) as refused:
        create_login(by=two["manager_a"], player=two["player_a"], username="Aoki")

    assert refused.value.field == "username" and "Aoki" in refused.value.message
