"""Memberships in the admin: a user's roles inline on their page; a superuser sees them all."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from parlor.models import Membership, Role
from tests.parlor.factories import ParlorFactory, member_of

pytestmark = pytest.mark.django_db


def test_a_users_memberships_show_inline_on_their_page() -> None:
    first, second = ParlorFactory(name="North"), ParlorFactory(name="South")
    desk = member_of(first, Role.STAFF, username="desk")
    member_of(second, Role.MANAGER, user=desk)
    root = Client()
    root.force_login(User.objects.create_superuser("root", password="secret-for-tests"))

    page = root.get(f"/admin/auth/user/{desk.pk}/change/")

    formset = next(f for f in page.context["inline_admin_formsets"] if f.opts.model is Membership)
    shown = {(form.instance.parlor.name, form.instance.role) for form in formset.formset.forms[:2]}
    assert shown == {("North", Role.STAFF), ("South", Role.MANAGER)}


def test_a_superuser_lists_every_parlors_memberships() -> None:
    for name in ("North", "South"):
        member_of(ParlorFactory(name=name), Role.STAFF, username=f"desk-{name}")
    root = Client()
    root.force_login(User.objects.create_superuser("root", password="secret-for-tests"))

    rows = root.get("/admin/parlor/membership/").context["cl"].result_list

    assert {row.parlor.name for row in rows} == {"North", "South"}
