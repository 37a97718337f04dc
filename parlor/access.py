"""Which parlors an account may see, and its role in each (``Membership``).

Every queryset a user reaches goes through :func:`scoped`: a row of a parlor
the user is not a member of does not exist for them (404, never 403). A
superuser is a manager of every parlor. The memberships are read once per
user object (one query) and kept on it, so a request asking many times pays
once; a new request gets a new user object, and so fresh memberships.
See docs/permissions.md.
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Model, QuerySet

from parlor.models import Membership, Player, Role

M = TypeVar("M", bound=Model)

AnyUser = AbstractBaseUser | AnonymousUser

_ROLES_BY_PARLOR = "_parlor_roles_by_parlor"
_PLAYER_CACHE = "_api_player"


def is_superuser(user: AnyUser | None) -> bool:
    return bool(user is not None and user.is_authenticated and getattr(user, "is_superuser", False))


def roles_by_parlor(user: AnyUser | None) -> dict[int, Role]:
    """{parlor id: role} of the user's memberships (read once per user object)."""
    if user is None or not user.is_authenticated:
        return {}
    cached: dict[int, Role] | None = getattr(user, _ROLES_BY_PARLOR, None)
    if cached is None:
        rows = Membership.objects.filter(user_id=user.pk).values_list("parlor_id", "role")
        cached = {parlor_id: Role(role) for parlor_id, role in rows}
        setattr(user, _ROLES_BY_PARLOR, cached)
    return cached


def remember_memberships(user: Any, roles: dict[int, str]) -> None:
    """Keep memberships read elsewhere (with the API token, in one query) on ``user``."""
    setattr(user, _ROLES_BY_PARLOR, {parlor_id: Role(role) for parlor_id, role in roles.items()})


def forget_memberships(user: Any) -> None:
    """Drop the memberships cached on ``user`` (after changing them in the same request)."""
    if hasattr(user, _ROLES_BY_PARLOR):
        delattr(user, _ROLES_BY_PARLOR)


def member_parlor_ids(user: AnyUser | None) -> frozenset[int] | None:
    """The ids of the parlors the user is a member of; None means all of them (superuser)."""
    if is_superuser(user):
        return None
    return frozenset(roles_by_parlor(user))


def role_in(user: AnyUser | None, parlor_id: int) -> Role | None:
    """The user's role in that parlor; None if not a member. A superuser is a manager."""
    if is_superuser(user):
        return Role.MANAGER
    return roles_by_parlor(user).get(parlor_id)


def roles_of(user: AnyUser | None) -> frozenset[Role]:
    """Every role the user holds in any parlor (a superuser: manager)."""
    if is_superuser(user):
        return frozenset({Role.MANAGER})
    return frozenset(roles_by_parlor(user).values())


def is_member(user: AnyUser | None, parlor_id: int | None) -> bool:
    return parlor_id is not None and role_in(user, parlor_id) is not None


def scoped(queryset: QuerySet[M], user: AnyUser | None, parlor_path: str = "parlor") -> QuerySet[M]:
    """``queryset`` narrowed to the rows of the user's parlors.

    ``parlor_path`` is the lookup from the model to its parlor ("parlor",
    "session__parlor"; "pk" for the Parlor model itself). Unchanged for a
    superuser; empty for an anonymous user or one without membership.
    """
    ids = member_parlor_ids(user)
    if ids is None:
        return queryset
    if not ids:
        return queryset.none()
    return queryset.filter(**{f"{parlor_path}__in": ids})


def user_player(user: AnyUser) -> Player | None:
    """The Player the user's login belongs to, if any (one query, cached on the user)."""
    if not user.is_authenticated:
        return None
    if not hasattr(user, _PLAYER_CACHE):
        setattr(user, _PLAYER_CACHE, Player.objects.filter(user_id=user.pk).first())
    player: Player | None = getattr(user, _PLAYER_CACHE)
    return player
