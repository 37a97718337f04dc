from tests.api.support import api_as, role_groups

__all__ = ["api_as", "role_groups"]
