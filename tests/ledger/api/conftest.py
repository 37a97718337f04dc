"""Fixtures of the ledger API tests: role clients and a parlor with sessions in every state."""

import pytest
from django.contrib.auth.models import User

from tests.ledger.api.support import api_as, role_groups
from tests.ledger.api.world import World, build_world

__all__ = ["api_as", "role_groups"]


@pytest.fixture
def world(role_groups: None) -> World:
    # A superuser (a manager of every parlor): the services ask the policy who acts.
    return build_world(by=User.objects.create_superuser("world-builder"))
