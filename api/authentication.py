"""Token authentication that reads the user's memberships in the same query as the token.

DRF's ``TokenAuthentication`` loads the token and its user; asking for the
user's parlors and roles would then cost a second query on every request.
Here one query does both: the token is joined to the user's memberships (a
row per membership, none missing for a user without any) and the answer is
kept on the user (``parlor.access.remember_memberships``), where every
policy question reads it. A bad token falls back to DRF's own path and message.
"""

from __future__ import annotations

from typing import Any

from django.db.models import CharField, F, QuerySet
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from orm_bypass.prepared import PreparedQuery
from parlor.access import remember_memberships


def _token_with_memberships(key: str) -> QuerySet[Token]:
    return (
        Token.objects.select_related("user")
        .annotate(
            member_parlor=F("user__memberships__parlor_id"),
            member_role=F("user__memberships__role"),
        )
        .filter(key=key)
    )


# Compiled once per process (PreparedQuery).
_TOKEN_WITH_MEMBERSHIPS = PreparedQuery(
    _token_with_memberships, name="token with memberships", key=CharField()
)


class TokenWithMembershipsAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        found: list[Any] = _TOKEN_WITH_MEMBERSHIPS.rows(key=key)
        token = found[0] if found else None
        if token is None or not token.user.is_active:
            return super().authenticate_credentials(key)  # refuses, with DRF's message
        remember_memberships(
            token.user,
            {row.member_parlor: row.member_role for row in found if row.member_parlor is not None},
        )
        return token.user, token
