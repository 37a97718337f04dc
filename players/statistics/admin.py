"""The statistics in the admin: the standings page, and each parlor's statistics options.

Both ask the policy (``parlor.policy``): the standings page is ``view_standings`` (its
money column ``view_books``, per parlor); the options are the manager's
(``manage_statistics``), saved through ``statistics_options_save`` (a new rating system
rates the parlor's games again).
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from ledger.admin.roles import acting_user, refused
from parlor.admin_scope import ScopedAdmin, may_anywhere
from parlor.policy import Action, PolicyRefusal
from players.statistics.models import StandingsPage, StatisticsOptions
from players.statistics.services import statistics_options_save
from players.statistics.standings_page import standings_page


@admin.register(StandingsPage)
class StandingsPageAdmin(admin.ModelAdmin[StandingsPage]):
    """No list of rows: its list is the standings page."""

    def has_module_permission(self, request: HttpRequest) -> bool:
        return may_anywhere(request, Action.VIEW_STANDINGS)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return obj is None and may_anywhere(request, Action.VIEW_STANDINGS)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        if not self.has_view_permission(request):
            raise PermissionDenied
        context = {**self.admin_site.each_context(request), "opts": self.model._meta}
        return standings_page(request, context)


@admin.register(StatisticsOptions)
class StatisticsOptionsAdmin(ScopedAdmin[StatisticsOptions]):
    view_action = Action.MANAGE_STATISTICS
    edit_action = Action.MANAGE_STATISTICS
    list_display = ["parlor", "rating_system", "scoreboard_standings", "scoreboard_period",
                    "scoreboard_min_games"]  # fmt: skip
    list_select_related = ["parlor"]
    fields = ["parlor", "rating_system", "scoreboard_standings", "scoreboard_period",
              "scoreboard_min_games"]  # fmt: skip

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return ["parlor"] if obj is not None else []

    def save_model(
        self, request: HttpRequest, obj: StatisticsOptions, form: Any, change: bool
    ) -> None:
        try:
            rated = statistics_options_save(options=obj, by=acting_user(request))
        except PolicyRefusal as error:
            refused(request, error)
            return
        if rated:
            self.message_user(
                request,
                _("%(parlor)s: %(games)s games rated again with the new rating system.")
                % {"parlor": obj.parlor, "games": rated},
                messages.SUCCESS,
            )
