"""The balances page in the admin's index (Counter > Player balances), and each player's ledger.

Seen by whoever may ``view_books`` in some parlor (the policy); the page and
the ledger scope every row to those parlors.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern, path

from desk.balances.page import balances_page, player_ledger_page
from desk.models import BalancesPage
from parlor.admin_scope import may_anywhere
from parlor.policy import Action


@admin.register(BalancesPage)
class BalancesPageAdmin(admin.ModelAdmin[BalancesPage]):
    """No list of rows: its list is the balances page."""

    def has_module_permission(self, request: HttpRequest) -> bool:
        return may_anywhere(request, Action.VIEW_BOOKS)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return obj is None and may_anywhere(request, Action.VIEW_BOOKS)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def _context(self, request: HttpRequest) -> dict[str, Any]:
        if not self.has_view_permission(request):
            raise PermissionDenied
        return {**self.admin_site.each_context(request), "opts": self.model._meta}

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        return balances_page(request, self._context(request))

    def ledger_view(self, request: HttpRequest, player_id: str) -> HttpResponse:
        return player_ledger_page(request, self._context(request), player_id)

    def get_urls(self) -> list[URLPattern]:
        own = [
            path(
                "<str:player_id>/ledger/",
                self.admin_site.admin_view(self.ledger_view),
                name="desk_player_ledger",
            )
        ]
        return own + super().get_urls()
