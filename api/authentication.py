"""Token authentication that reads the user's roles in the same query as the token.

DRF's ``TokenAuthentication`` loads the token and its user; the permission
check then read the user's role groups in a second query on every request.
Here one query does both: each role is an ``EXISTS`` on the user's groups,
and the answer is remembered on the user (``api.permissions.user_roles``
reads it). A bad token falls back to DRF's own path and message.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db.models import Exists, OuterRef, QuerySet
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from api.permissions import EVERYONE, remember_roles
from ledger.selectors.prepared import PreparedQuery

_ROLE_FLAG = "has_role_{}"


def _token_with_roles(key: str) -> QuerySet[Token]:
    memberships = User.groups.through.objects
    flags = {
        _ROLE_FLAG.format(role): Exists(
            memberships.filter(user_id=OuterRef("user_id"), group__name=role)
        )
        for role in sorted(EVERYONE)
    }
    return Token.objects.select_related("user").annotate(**flags).filter(key=key)


# Compiled once per process (PreparedQuery); the marker is no token's key (40 hex digits).
_TOKEN_WITH_ROLES = PreparedQuery(_token_with_roles, key="prepared token key")


class TokenWithRolesAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        found: list[Any] = _TOKEN_WITH_ROLES.rows(key=key)
        token = found[0] if found else None
        if token is None or not token.user.is_active:
            return super().authenticate_credentials(key)  # refuses, with DRF's message
        roles = {role for role in EVERYONE if getattr(token, _ROLE_FLAG.format(role))}
        remember_roles(token.user, roles)
        return token.user, token
