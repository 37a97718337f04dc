"""Changelist filters the ledger admin shares: by player (through the session's seats)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from parlor import policy
from parlor.models import Player
from parlor.policy import Action


class PlayerFilter(admin.SimpleListFilter):
    """Rows of sessions the chosen player sat in; ``seat_path`` leads from the row to the seats."""

    title = _("player")
    parameter_name = "player"
    seat_path = "seats__player_id"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[Any, str]]:
        # The players of the parlors whose books the user sees, no one else's.
        players = policy.scoped_to(
            Player.objects.filter(is_active=True), request.user, Action.VIEW_BOOKS
        )
        return [(player.pk, str(player)) for player in players]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        value = self.value()
        if not value or not str(value).isdigit():
            return queryset
        return queryset.filter(**{self.seat_path: int(value)}).distinct()


def player_filter(seat_path: str) -> type[PlayerFilter]:
    """A PlayerFilter for rows that reach the seats through ``seat_path``."""
    return type("PlayerFilter", (PlayerFilter,), {"seat_path": seat_path})
