"""Scoreboard links in the admin: each parlor's secret screen URL; managers make and rotate them.

A link's page ("Save and view" after adding it, or the list's row) shows the screen's
address with a copy button and its QR code (``scoreboard.qr``), for the TV's browser.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ledger.admin.roles import LedgerAdmin, may, may_anywhere, refused
from ledger.models import ScoreboardLink
from parlor.policy import Action, PolicyRefusal
from scoreboard.qr import qr_image
from scoreboard.services import scoreboard_link_rotate


def scoreboard_url(request: HttpRequest, link: ScoreboardLink) -> str:
    return request.build_absolute_uri(reverse("scoreboard", args=[link.token]))


def standings_url(request: HttpRequest | None, link: ScoreboardLink) -> str | None:
    """The standings screen's address while the manager shows them (statistics options)."""
    options = getattr(link.parlor, "statistics_options", None)
    if options is None or not options.scoreboard_standings:
        return None
    url = reverse("scoreboard-standings", args=[link.token])
    return url if request is None else request.build_absolute_uri(url)


@admin.register(ScoreboardLink)
class ScoreboardLinkAdmin(LedgerAdmin[ScoreboardLink]):
    parlor_path = "parlor"
    # Adding a link: its parlor's choices are those where the user may manage the scoreboard.
    edit_action = Action.MANAGE_SCOREBOARD
    list_display = ["parlor", "screen_link", "standings_link", "rotated_at", "rotated_by"]
    list_select_related = ["parlor", "parlor__statistics_options", "rotated_by"]
    fields = ["parlor"]
    actions = ["rotate_scoreboard_link"]

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # a link changes only by rotating it

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        actions = super().get_actions(request)
        if not may_anywhere(request, Action.MANAGE_SCOREBOARD):
            actions.pop("rotate_scoreboard_link", None)
        return actions

    @admin.display(description=gettext_lazy("screen link"))
    def screen_link(self, link: ScoreboardLink) -> SafeString:
        request = getattr(self, "_request", None)
        url = reverse("scoreboard", args=[link.token])
        if request is not None:
            url = scoreboard_url(request, link)
        return format_html('<a href="{}" target="_blank" rel="noreferrer">{}</a>', url, url)

    @admin.display(description=gettext_lazy("standings screen"))
    def standings_link(self, link: ScoreboardLink) -> SafeString | str:
        """The standings screen's link while the manager shows them (statistics options)."""
        url = standings_url(getattr(self, "_request", None), link)
        if url is None:
            return _("off (Players' numbers > Statistics options)")
        return format_html('<a href="{}" target="_blank" rel="noreferrer">{}</a>', url, url)

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        """The link's page: its address to copy and as a QR code (the form has only the
        parlor, read-only: a link changes only by rotating it)."""
        link = self.get_object(request, unquote(object_id))
        shown: dict[str, Any] = {}
        if link is not None:
            url = scoreboard_url(request, link)
            qr = qr_image(url)
            shown = {
                "screen_url": url,
                "screen_qr": qr.data_uri,
                "screen_qr_size": qr.side,
                "standings_url": standings_url(request, link),
            }
        return super().change_view(request, object_id, form_url, {**(extra_context or {}), **shown})

    def get_queryset(self, request: HttpRequest) -> QuerySet[ScoreboardLink]:
        self._request = request  # screen_link prints absolute URLs
        return super().get_queryset(request)

    def save_model(
        self, request: HttpRequest, obj: ScoreboardLink, form: Any, change: bool
    ) -> None:
        if not change:
            obj.rotated_by = request.user if isinstance(request.user, User) else None
        super().save_model(request, obj, form, change)

    @admin.action(description=gettext_lazy("Rotate scoreboard link (the old one stops working)"))
    def rotate_scoreboard_link(
        self, request: HttpRequest, queryset: QuerySet[ScoreboardLink]
    ) -> None:
        if not isinstance(request.user, User):
            return
        for link in queryset.select_related("parlor"):
            if not may(request, Action.MANAGE_SCOREBOARD, parlor_id=link.parlor_id):
                continue
            try:
                fresh = scoreboard_link_rotate(parlor=link.parlor, by=request.user)
            except PolicyRefusal as error:
                refused(request, error)
                continue
            self.message_user(
                request,
                _("%(parlor)s: the scoreboard is now at %(url)s")
                % {"parlor": link.parlor, "url": scoreboard_url(request, fresh)},
                messages.SUCCESS,
            )
