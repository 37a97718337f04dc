"""Sessions in the admin: the list (by day, table, player, state), opening one, its page.

The session page and its actions are the console's (``console.urls``), hung off this
admin so that they keep its URLs (``admin:ledger_session_*``) and its permission checks.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Prefetch, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import URLPattern, reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from console import session_page
from console.forms.sessions import SessionOpenForm
from console.urls import console_urls
from ledger.admin.filters import player_filter
from ledger.admin.roles import LedgerAdmin, acting_user, may_anywhere, may_record_hands
from ledger.errors import LedgerError
from ledger.models import Session, SessionSeat, live_hand_q
from ledger.play.sessions import session_open
from parlor.policy import Action, PolicyRefusal
from words import labels

OPEN_TEMPLATE = "console/open.html"


@admin.register(Session)
class SessionAdmin(LedgerAdmin[Session]):
    parlor_path = "parlor"
    list_display = ["number", "opened_at", "table", "seated", "ruleset", "state", "hand_count"]
    list_display_links = ["number"]
    list_filter = [
        "state",
        ("opened_at", admin.DateFieldListFilter),
        ("table", admin.RelatedOnlyFieldListFilter),
        player_filter("seats__player_id"),
        "ruleset_slug",
    ]
    date_hierarchy = "opened_at"
    search_fields = ["=id", "table__name", "seats__player__name", "seats__player__member_number"]
    list_per_page = 50

    def get_queryset(self, request: HttpRequest) -> QuerySet[Session]:
        seats = SessionSeat.objects.select_related("player").order_by("seat")
        return (
            super()
            .get_queryset(request)
            .select_related("table", "ruleset_config")
            .prefetch_related(Prefetch("seats", queryset=seats))
            .annotate(live_hands=Count("hands", filter=live_hand_q("hands__"), distinct=True))
        )

    @admin.display(description=gettext_lazy("session"), ordering="pk")
    def number(self, session: Session) -> str:
        return f"#{session.pk}"

    @admin.display(description=gettext_lazy("players (East first)"))
    def seated(self, session: Session) -> str:
        return ", ".join(seat.player.name for seat in session.seats.all())

    @admin.display(description=gettext_lazy("rules"), ordering="ruleset_slug")
    def ruleset(self, session: Session) -> str:
        return format_html(
            "{}<br><small>{}</small>",
            labels.label(labels.RULESETS, session.ruleset_slug),
            session.ruleset_config.name,
        )

    @admin.display(description=gettext_lazy("hands"), ordering="live_hands")
    def hand_count(self, session: Session) -> int:
        return int(getattr(session, "live_hands", 0))

    # --- who may do what ---------------------------------------------------

    def has_add_permission(self, request: HttpRequest) -> bool:
        # Opening a session (the policy's OPEN_SESSION, in at least one parlor).
        return may_anywhere(request, Action.OPEN_SESSION)

    def has_change_permission(self, request: HttpRequest, obj: Session | None = None) -> bool:
        # "Changing" a session is recording its hands (RECORD_HAND in its parlor and state).
        # Its row itself is never edited (change_view is the session page).
        if obj is None:
            return may_anywhere(request, Action.RECORD_HAND)
        return may_record_hands(request, obj)

    # --- pages -------------------------------------------------------------

    def get_urls(self) -> list[URLPattern]:
        return [*console_urls(self), *super().get_urls()]

    def session_of(self, request: HttpRequest, object_id: str) -> Session:
        """The session of the URL, if the user may see it (else 404 or 403)."""
        return self._session(request, object_id)

    def _session(self, request: HttpRequest, object_id: str) -> Session:
        queryset = self.get_queryset(request).select_related(
            "parlor", "rate", "opened_by", "closed_by"
        )
        session = get_object_or_404(queryset, pk=unquote(object_id))
        if not self.has_view_permission(request, session):
            raise PermissionDenied
        return session

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        # The session page replaces the change form: a session changes only through hands,
        # corrections and closing, never by editing its row.
        session = self._session(request, object_id)
        if request.method != "GET":
            return HttpResponse(status=405, headers={"Allow": "GET"})
        return session_page.render_page(self, request, session)

    def add_view(
        self, request: HttpRequest, form_url: str = "", extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        if not self.has_add_permission(request):
            raise PermissionDenied
        form = SessionOpenForm(
            request.POST if request.method == "POST" else None, user=request.user
        )
        if request.method == "POST" and form.is_valid():
            try:
                session = session_open(
                    table=form.cleaned_data["table"],
                    players=form.players(),
                    ruleset_config=form.cleaned_data["ruleset_config"],
                    rate=form.cleaned_data["rate"],
                    by=acting_user(request),
                )
            except LedgerError as error:
                form.ledger_error(error)
            except PolicyRefusal as error:
                form.add_error(None, str(error.message))
            else:
                messages.success(
                    request, _("Session opened at %(table)s.") % {"table": session.table}
                )
                return HttpResponseRedirect(
                    reverse("admin:ledger_session_change", args=[session.pk])
                )
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": _("Open a session"),
            "form": form,
        }
        return TemplateResponse(request, OPEN_TEMPLATE, context)
