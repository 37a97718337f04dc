"""Token authentication that reads the user's roles in the same query as the token.

DRF's ``TokenAuthentication`` loads the token and its user; the permission
check then read the user's role groups in a second query on every request.
Here one query does both: each role is an ``EXISTS`` on the user's groups,
and the answer is remembered on the user (``ledger.api.permissions.user_roles``
reads it). A bad token falls back to DRF's own path and message.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db.models import Exists, OuterRef
from rest_framework.authentication import TokenAuthentication

from ledger.api.permissions import EVERYONE, remember_roles

_ROLE_FLAG = "has_role_{}"


def _role_flags() -> dict[str, Exists]:
    memberships = User.groups.through.objects
    return {
        _ROLE_FLAG.format(role): Exists(
            memberships.filter(user_id=OuterRef("user_id"), group__name=role)
        )
        for role in sorted(EVERYONE)
    }


class TokenWithRolesAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        tokens = self.get_model()._default_manager
        token = tokens.select_related("user").annotate(**_role_flags()).filter(key=key).first()
        if token is None or not token.user.is_active:
            return super().authenticate_credentials(key)  # refuses, with DRF's message
        roles = {role for role in EVERYONE if getattr(token, _ROLE_FLAG.format(role))}
        remember_roles(token.user, roles)
        return token.user, token
