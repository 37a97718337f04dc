"""factory_boy factories for parlor models, for any test that needs a parlor.

Memberships: ``member_of(parlor, role)`` makes an account of one parlor (what
the two-parlor tests use). The single-parlor tests were written when a role
reached every parlor; their role users are ``house_member(user, role)``: a
member with that role of every parlor that exists and of every parlor the
``ParlorFactory`` makes later in the same test (as the migration did for
existing role-group members). The list is emptied before each test
(tests/conftest.py).
"""

from typing import Any

import factory
from django.contrib.auth.models import User

from parlor.access import forget_memberships
from parlor.models import (
    GameFeePayer,
    Membership,
    Parlor,
    Player,
    Rate,
    Role,
    RulesetConfig,
    Table,
)

# (user, role) pairs that are members of every parlor of the current test.
HOUSE_MEMBERS: list[tuple[User, Role]] = []


def house_member(user: User, role: str) -> User:
    """Make ``user`` a member with ``role`` of every parlor, now and later in this test."""
    HOUSE_MEMBERS.append((user, Role(role)))
    for parlor in Parlor.objects.all():
        Membership.objects.get_or_create(user=user, parlor=parlor, defaults={"role": role})
    forget_memberships(user)
    return user


def member_of(
    parlor: Parlor, role: str, *, username: str | None = None, user: User | None = None
) -> User:
    """An account (``user`` or a new one named ``username``) with ``role`` in ``parlor`` only."""
    if user is None:
        user = User.objects.create_user(
            username=username or f"{role}-of-{parlor.pk}",
            password="secret-for-tests",
            is_staff=True,
        )
    Membership.objects.update_or_create(user=user, parlor=parlor, defaults={"role": role})
    forget_memberships(user)  # the same object may have been asked before, in this test
    return user


class ParlorFactory(factory.django.DjangoModelFactory[Parlor]):
    class Meta:
        model = Parlor
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Parlor {n}")
    currency_code = "JPY"
    time_zone = "Asia/Tokyo"

    @factory.post_generation
    def house_members(parlor: Parlor, create: bool, extracted: Any, **kwargs: Any) -> None:
        if create:
            for user, role in HOUSE_MEMBERS:
                Membership.objects.get_or_create(user=user, parlor=parlor, defaults={"role": role})
                forget_memberships(user)


class MembershipFactory(factory.django.DjangoModelFactory[Membership]):
    class Meta:
        model = Membership

    user = factory.SubFactory("tests.ledger.factories.UserFactory")
    parlor = factory.SubFactory(ParlorFactory)
    role = Role.STAFF


class PlayerFactory(factory.django.DjangoModelFactory[Player]):
    class Meta:
        model = Player

    parlor = factory.SubFactory(ParlorFactory)
    member_number = factory.Sequence(lambda n: f"M{n:04d}")
    name = factory.Sequence(lambda n: f"Player {n}")


class TableFactory(factory.django.DjangoModelFactory[Table]):
    class Meta:
        model = Table

    parlor = factory.SubFactory(ParlorFactory)
    name = factory.Sequence(lambda n: f"Table {n}")


class RulesetConfigFactory(factory.django.DjangoModelFactory[RulesetConfig]):
    class Meta:
        model = RulesetConfig

    parlor = factory.SubFactory(ParlorFactory)
    name = factory.Sequence(lambda n: f"Ruleset {n}")
    ruleset_slug = "speed-tonpuu"
    options: Any = factory.LazyFunction(dict)


class RateFactory(factory.django.DjangoModelFactory[Rate]):
    class Meta:
        model = Rate

    parlor = factory.SubFactory(ParlorFactory)
    name = factory.Sequence(lambda n: f"Rate {n}")
    money_per_unit = 50
    money_per_chip = 100
    game_fee = 500
    game_fee_payer = GameFeePayer.EACH_PLAYER
