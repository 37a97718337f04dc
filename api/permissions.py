"""Who may call what: every view asks ``parlor.policy`` (docs/permissions.md).

Each view declares ``roles_by_action`` (``{view action: policy.Action}``, with
``"read"`` and ``"write"`` as the fallbacks for safe and unsafe methods) and
uses :class:`RolePermission`: the request passes when the user may do that
action in at least one parlor (``policy.may_anywhere``). Which rows, and which
parlor's objects, the user reaches is decided per object by the policy too:
the querysets are scoped (``api.scoping``), so another parlor's object answers
404, and the services check the action on the object's parlor.

A superuser counts as a manager of every parlor.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request

from parlor import policy
from parlor.access import roles_of
from parlor.policy import Action

RoleRules = Mapping[str, Action]

def user_roles(user: AbstractBaseUser | AnonymousUser) -> frozenset[str]:
    """The roles the user holds in any of its parlors (memberships, read once per request;
    with a token, in the token's own query)."""
    return frozenset(str(role) for role in roles_of(user))


def acting_user(request: Request) -> User:
    """The signed-in user a service records as the one who acted (RolePermission has run)."""
    user = request.user
    if not isinstance(user, User):
        raise TypeError("acting_user needs an authenticated request")
    return user


def action_required(view: Any, request: Request) -> Action:
    """The policy action the view names for this request (``roles_by_action``)."""
    rules: RoleRules = getattr(view, "roles_by_action", {})
    action = getattr(view, "action", None)
    if isinstance(action, str) and action in rules:
        return rules[action]
    fallback = "read" if request.method in SAFE_METHODS else "write"
    return rules.get(fallback, Action.AUDIT)


class RolePermission(BasePermission):
    """Allows the request when the policy lets the user do the view's action in some parlor."""

    message = "Your role does not allow this."

    def has_permission(self, request: Request, view: Any) -> bool:
        if not request.user or not request.user.is_authenticated:
            return False
        return policy.may_anywhere(request.user, action_required(view, request))
