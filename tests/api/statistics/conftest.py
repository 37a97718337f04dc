"""Role clients for the statistics endpoints (the ledger API tests' own)."""

from tests.api.support import api_as, role_groups

__all__ = ["api_as", "role_groups"]
