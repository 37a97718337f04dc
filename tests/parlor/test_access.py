"""parlor.access: which parlors an account sees and its role in each (one query per request)."""

from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User

from parlor.access import member_parlor_ids, role_in, roles_of, scoped
from parlor.models import Player, Role
from tests.parlor.factories import ParlorFactory, PlayerFactory, member_of

pytestmark = pytest.mark.django_db


def test_a_member_sees_its_parlors_and_its_role_in_each() -> None:
    first, second, other = ParlorFactory(), ParlorFactory(), ParlorFactory()
    user = member_of(first, Role.MANAGER, username="both")
    member_of(second, Role.STAFF, user=user)

    assert member_parlor_ids(user) == frozenset({first.pk, second.pk})
    assert role_in(user, first.pk) is Role.MANAGER
    assert role_in(user, second.pk) is Role.STAFF
    assert role_in(user, other.pk) is None
    assert roles_of(user) == frozenset({Role.MANAGER, Role.STAFF})


def test_repeated_questions_cost_one_query(django_assert_num_queries: Any) -> None:
    parlor = ParlorFactory()
    user = User.objects.get(pk=member_of(parlor, Role.STAFF).pk)  # a fresh object, as per request
    with django_assert_num_queries(1):
        for _ in range(3):
            role_in(user, parlor.pk)
            member_parlor_ids(user)
            roles_of(user)


def test_a_superuser_is_manager_everywhere_and_sees_all() -> None:
    parlor = ParlorFactory()
    boss = User.objects.create_superuser("boss", password="secret-for-tests")
    assert member_parlor_ids(boss) is None
    assert role_in(boss, parlor.pk) is Role.MANAGER
    assert roles_of(boss) == frozenset({Role.MANAGER})
    assert list(scoped(Player.objects.all(), boss)) == list(Player.objects.all())


def test_scoped_keeps_only_the_rows_of_the_users_parlors() -> None:
    mine, theirs = ParlorFactory(), ParlorFactory()
    own = PlayerFactory(parlor=mine)
    PlayerFactory(parlor=theirs)
    user = member_of(mine, Role.STAFF)

    assert list(scoped(Player.objects.all(), user)) == [own]
    assert list(scoped(Player.objects.all(), AnonymousUser())) == []
    outsider = User.objects.create_user("outsider")
    assert list(scoped(Player.objects.all(), outsider)) == []
    from parlor.models import Parlor

    assert list(scoped(Parlor.objects.all(), user, "pk")) == [mine]
