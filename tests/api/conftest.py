"""Fixtures of the ledger API tests: role clients and a parlor with sessions in every state."""

import pytest
from django.contrib.auth.models import User

from parlor.services.roles import ROLE_MANAGER
from tests.api.support import api_as, role_groups
from tests.api.world import World, build_world
from tests.parlor.factories import house_member

__all__ = ["api_as", "role_groups"]


@pytest.fixture
def world(role_groups: None) -> World:
    builder = house_member(User.objects.create_user("world-builder"), ROLE_MANAGER)
    return build_world(by=builder)
