"""Who may call what: the three roles (auth groups) of ``parlor.services.roles``.

- staff: reads parlor and ledger data, registers players, opens sessions and
  records hands in open sessions (a chonbo is a penalty: managers only).
- manager: everything staff may, plus corrections, penalties, closing and
  settling sessions, and changing tables, ruleset configurations and rates.
- player: reads ruleset configurations and rates, and only their own player
  record, balance, statement lines and settlements (``Player.user``).

A superuser counts as a manager. Every view declares ``roles_by_action``
(``{action: roles}``, with ``"read"`` and ``"write"`` as the fallbacks for
safe and unsafe methods) and uses :class:`RolePermission`; views that show
players their own rows narrow the queryset with :func:`own_rows_only`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.db.models import Model, QuerySet
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request

from parlor.access import roles_of
from parlor.models import Player
from parlor.services.roles import ROLE_MANAGER, ROLE_PLAYER, ROLE_STAFF

MANAGERS = frozenset({ROLE_MANAGER})
DESK = frozenset({ROLE_MANAGER, ROLE_STAFF})
EVERYONE = frozenset({ROLE_MANAGER, ROLE_STAFF, ROLE_PLAYER})

RoleRules = Mapping[str, frozenset[str]]

M = TypeVar("M", bound=Model)

_PLAYER_CACHE = "_api_player"


def user_roles(user: AbstractBaseUser | AnonymousUser) -> frozenset[str]:
    """The roles the user holds in any of its parlors (memberships, read once per request;
    with a token, in the token's own query)."""
    return frozenset(str(role) for role in roles_of(user))


def user_player(user: AbstractBaseUser | AnonymousUser) -> Player | None:
    """The Player the user's login belongs to, if any (one query, cached on the user)."""
    if not user.is_authenticated:
        return None
    if not hasattr(user, _PLAYER_CACHE):
        setattr(user, _PLAYER_CACHE, Player.objects.filter(user_id=user.pk).first())
    player: Player | None = getattr(user, _PLAYER_CACHE)
    return player


def sees_everyone(user: AbstractBaseUser | AnonymousUser) -> bool:
    """Staff and managers see every player's rows; a player only their own."""
    return bool(user_roles(user) & DESK)


def own_rows_only(queryset: QuerySet[M], *, request: Request, player_field: str) -> QuerySet[M]:
    """``queryset`` unchanged for staff and managers; for a player, only their own rows."""
    if sees_everyone(request.user):
        return queryset
    player = user_player(request.user)
    if player is None:
        return queryset.none()
    return queryset.filter(**{player_field: player.pk})


def acting_user(request: Request) -> User:
    """The signed-in user a service records as the one who acted (RolePermission has run)."""
    user = request.user
    if not isinstance(user, User):
        raise TypeError("acting_user needs an authenticated request")
    return user


def roles_required(view: Any, request: Request) -> frozenset[str]:
    rules: RoleRules = getattr(view, "roles_by_action", {})
    action = getattr(view, "action", None)
    if isinstance(action, str) and action in rules:
        return rules[action]
    fallback = "read" if request.method in SAFE_METHODS else "write"
    return rules.get(fallback, MANAGERS)


class RolePermission(BasePermission):
    """Allows the request when the user has one of the roles the view names for the action."""

    message = "Your role does not allow this."

    def has_permission(self, request: Request, view: Any) -> bool:
        if not request.user or not request.user.is_authenticated:
            return False
        return bool(user_roles(request.user) & roles_required(view, request))
