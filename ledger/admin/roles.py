"""Who may do what in the ledger admin: the role groups, per action and session state.

- staff: see the ledger, open sessions, record win, draw and abort hands in open sessions.
- manager: all of that, plus chonbo and dead hands (penalties), corrections,
  closing a session and marking it settled.
- player, or no role: no ledger admin at all.

Nobody deletes ledger rows, and nobody edits them: hands change only through
corrections (append-only, ``ledger.services.corrections``).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, TypeVar

from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest

from ledger.models import Session, SessionState
from parlor.services.roles import ROLE_MANAGER, ROLE_STAFF

_CACHE = "_ledger_role"


class Role(StrEnum):
    MANAGER = ROLE_MANAGER
    STAFF = ROLE_STAFF


def request_role(request: HttpRequest) -> Role | None:
    """The user's ledger role (a superuser is a manager); looked up once per request."""
    if hasattr(request, _CACHE):
        cached: Role | None = getattr(request, _CACHE)
        return cached
    user = request.user
    role: Role | None = None
    if user.is_active and user.is_staff:
        if user.is_superuser:
            role = Role.MANAGER
        else:
            groups = set(user.groups.values_list("name", flat=True))
            if ROLE_MANAGER in groups:
                role = Role.MANAGER
            elif ROLE_STAFF in groups:
                role = Role.STAFF
    setattr(request, _CACHE, role)
    return role


def may_view(request: HttpRequest) -> bool:
    return request_role(request) is not None


def may_record_hands(request: HttpRequest, session: Session) -> bool:
    return may_view(request) and session.state == SessionState.OPEN


def is_manager(request: HttpRequest) -> bool:
    return request_role(request) == Role.MANAGER


def may_correct(request: HttpRequest, session: Session) -> bool:
    """Managers correct hands of open and closed sessions; a settled one is final."""
    return is_manager(request) and session.state != SessionState.SETTLED


def may_close(request: HttpRequest, session: Session) -> bool:
    return is_manager(request) and session.state == SessionState.OPEN


def may_mark_settled(request: HttpRequest, session: Session) -> bool:
    return is_manager(request) and session.state == SessionState.CLOSED


_M = TypeVar("_M", bound=Model)


class LedgerAdmin(admin.ModelAdmin[_M]):
    """Read-only for the ledger's roles, invisible to anyone else; never deletes."""

    def has_module_permission(self, request: HttpRequest) -> bool:
        return may_view(request) and super().has_module_permission(request)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return may_view(request) and super().has_view_permission(request, obj)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions
