"""Token authentication: a member signs in once and reads their own figures with the token."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.api.support import user_with_role
from tests.parlor.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def test_a_member_gets_a_token_and_reads_their_balance_with_it(role_groups: None) -> None:
    player = PlayerFactory()
    user_with_role("aoi", "player", player=player)
    client = APIClient()

    issued = client.post("/api/auth/token/", {"username": "aoi", "password": "secret-for-tests"})
    client.credentials(HTTP_AUTHORIZATION=f"Token {issued.json()['token']}")
    balances = client.get("/api/balances/")

    assert issued.status_code == 200
    assert [row["player"] for row in balances.json()["results"]] == [player.pk]


def test_a_wrong_password_gets_no_token(role_groups: None) -> None:
    user_with_role("aoi", "player")

    refused = APIClient().post("/api/auth/token/", {"username": "aoi", "password": "guess"})

    assert refused.status_code == 400
    assert "token" not in refused.json()


def test_an_unknown_token_is_unauthorised(role_groups: None) -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token 0123456789abcdef")

    assert client.get("/api/balances/").status_code == 401


def test_a_username_longer_than_any_users_is_refused_as_bad_input_not_a_server_error(
    role_groups: None,
) -> None:
    """django-axes records a failed login's username in 255 characters; PostgreSQL refused a
    longer one and the login answered 500 (found by the schemathesis fuzz on PostgreSQL)."""
    user_with_role("aoi", "player", player=PlayerFactory())

    refused = APIClient().post("/api/auth/token/", {"username": "a" * 300, "password": "x"})
    longest = APIClient().post("/api/auth/token/", {"username": "a" * 150, "password": "x"})

    assert refused.status_code == 400
    assert "150" in refused.json()["username"][0]
    assert longest.status_code == 400  # a wrong login at the limit: refused as before
    assert "non_field_errors" in longest.json()
