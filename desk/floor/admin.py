"""The floor in the admin's menu: the waiting list leads to the floor desk; the seat draws'
history (read only: no field chooses an outcome); the managers' floor options."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext_lazy

from ledger.models import FloorOptions, SeatDraw, WaitingEntry
from parlor.admin_scope import ScopedAdmin
from parlor.models import Player
from parlor.policy import Action


@admin.register(WaitingEntry)
class WaitingEntryAdmin(ScopedAdmin[WaitingEntry]):
    """The menu's "Waiting list" opens the floor desk, where the queues are run."""

    view_action = Action.RUN_FLOOR

    def changelist_view(self, request: HttpRequest, extra_context: Any = None) -> HttpResponse:
        return HttpResponseRedirect(reverse("desk-floor"))


@admin.register(SeatDraw)
class SeatDrawAdmin(ScopedAdmin[SeatDraw]):
    """Every draw and re-draw with who drew it and why; nothing here can be changed."""

    view_action = Action.RUN_FLOOR
    list_display = [
        "drawn_at", "table", "ruleset_config", "rate", "seat_names", "drawn_by", "reason",
        "session",
    ]  # fmt: skip
    list_select_related = ["table", "ruleset_config", "rate", "drawn_by", "session__table"]
    list_filter = ["table"]
    date_hierarchy = "drawn_at"
    list_per_page = 50

    @admin.display(description=gettext_lazy("seats drawn"))
    def seat_names(self, draw: SeatDraw) -> str:
        names = getattr(self, "_names", {})
        return ", ".join(names.get(pk, str(pk)) for pk in draw.seats)

    def get_changelist_instance(self, request: HttpRequest) -> Any:
        changelist = super().get_changelist_instance(request)
        ids = {pk for draw in changelist.result_list for pk in draw.seats}
        self._names = dict(Player.objects.filter(pk__in=ids).values_list("pk", "name"))
        return changelist


@admin.register(FloorOptions)
class FloorOptionsAdmin(ScopedAdmin[FloorOptions]):
    view_action = Action.MANAGE_SCOREBOARD
    edit_action = Action.MANAGE_SCOREBOARD
    list_display = ["parlor", "scoreboard_waiting_names"]
    list_select_related = ["parlor"]
