"""API test support: users in each role with tokens, and clients that speak JSON.

Imported by the conftest files of tests/api and tests/parlor/api.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import pytest
from django.contrib.auth.models import Group, User
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from parlor.models import Player
from parlor.services.roles import ROLE_MANAGER, ROLE_PLAYER, ROLE_STAFF, roles_sync
from tests.parlor.factories import house_member, member_of

ANONYMOUS = "anonymous"
# An account with a login but no role group.
NO_ROLE = "no_role"


def user_with_role(username: str, role: str | None, *, player: Player | None = None) -> User:
    """A login in the role's group; a member with that role of every parlor of the test.

    A player's login linked to ``player`` is a member of that player's parlor only.
    """
    user = User.objects.create_user(username=username, password="secret-for-tests")
    if role is not None:
        user.groups.add(Group.objects.get(name=role))
    if player is not None:
        player.user = user
        player.save(update_fields=["user"])
        if role is not None:
            member_of(player.parlor, role, user=user)
    elif role is not None:
        house_member(user, role)
    return user


def token_client(user: User | None) -> APIClient:
    client = APIClient()
    if user is not None:
        token, _ = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


class RoleClients:
    """``api_as("staff")``: a client with the token of a user in that role (one user per role).

    ``api_as("player", player=p)`` links the player's login to ``p`` when it is made;
    ``"anonymous"`` sends no credentials, ``"no_role"`` is a login without any role.
    """

    def __init__(self) -> None:
        self.users: dict[str, User | None] = {ANONYMOUS: None}

    def __call__(
        self, role: str, *, player: Player | None = None, name: str | None = None
    ) -> APIClient:
        """``name`` tells apart several users of one role (one per player, say)."""
        name = name or role
        if name not in self.users:
            group = None if role in (NO_ROLE, ANONYMOUS) else role
            self.users[name] = user_with_role(f"api-{name}", group, player=player)
        return token_client(self.users[name])


@pytest.fixture
def role_groups(db: None) -> None:
    roles_sync()


@pytest.fixture
def api_as(role_groups: None) -> RoleClients:
    return RoleClients()


def post(client: APIClient, path: str, body: Any = None, **headers: str) -> Any:
    return client.post(path, body, format="json", headers=headers or None)


def post_hand(client: APIClient, path: str, body: Any = None, **headers: str) -> Any:
    """POST a hand (or a chonbo) as a careful client does: with a new ``Idempotency-Key``.

    A test that sends its own key or an ``Expected-Hand-Number`` keeps it
    (docs/api.md, "Retries and duplicate hands").
    """
    if "Idempotency-Key" not in headers and "Expected-Hand-Number" not in headers:
        headers["Idempotency-Key"] = str(uuid.uuid4())
    return post(client, path, body, **headers)


ROLES = (ROLE_MANAGER, ROLE_STAFF, ROLE_PLAYER)
# Every role a permission table is checked for.
ALL_ROLES = (*ROLES, NO_ROLE, ANONYMOUS)

T = TypeVar("T")


@dataclass(frozen=True)
class RoleCase(Generic[T]):
    """One endpoint of a permission table: the status each allowed role gets; others 403."""

    method: str
    path: Callable[[T], str]
    allowed: dict[str, int]
    body: Callable[[T], Any] = field(default=lambda rows: None)
    # Sent with the request: the hand POSTs need an Idempotency-Key or Expected-Hand-Number.
    headers: dict[str, str] = field(default_factory=dict)

    def expected(self, role: str) -> int:
        return 401 if role == ANONYMOUS else self.allowed.get(role, 403)

    def send(self, client: APIClient, rows: T) -> Any:
        body = self.body(rows)
        return client.generic(
            self.method,
            self.path(rows),
            data="" if body is None else json.dumps(body),
            content_type="application/json",
            headers=self.headers or None,
        )


def everyone(status: int) -> dict[str, int]:
    return {ROLE_MANAGER: status, ROLE_STAFF: status, ROLE_PLAYER: status}


def desk(status: int) -> dict[str, int]:
    return {ROLE_MANAGER: status, ROLE_STAFF: status}


def managers(status: int) -> dict[str, int]:
    return {ROLE_MANAGER: status}


def ledger_row_counts() -> dict[str, int]:
    """How many rows each ledger table holds: a refused request must leave them unchanged."""
    from api.models import IdempotencyRecord
    from ledger.models import Correction, HandResult, LedgerEntry, Penalty, Posting, Settlement

    models = (HandResult, Posting, LedgerEntry, Penalty, Correction, Settlement, IdempotencyRecord)
    return {model.__name__: model.objects.count() for model in models}
