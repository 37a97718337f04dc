"""What every API view shares: the role permission and page-number pagination."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rest_framework.pagination import BasePagination

from api.pagination import ApiPagination
from api.permissions import RolePermission, RoleRules

if TYPE_CHECKING:
    from rest_framework.permissions import _PermissionClass


class ApiDefaults:
    """Mixed in first by every viewset; the view still names its ``roles_by_action``."""

    pagination_class: type[BasePagination] | None = ApiPagination
    permission_classes: Sequence[_PermissionClass] = [RolePermission]
    roles_by_action: RoleRules
