"""The API tests' role clients (tests/api/support.py), for the parlor endpoints."""

from tests.api.support import api_as, role_groups

__all__ = ["api_as", "role_groups"]
