"""Background closes in the admin: each session's close state and last error; queue closes.

The "Session close jobs" list shows every session with the state of its
background close (idle, queued, failed with the error, done), "stale" after a
queued close no worker finished within ``LEDGER_CLOSE_STALE_AFTER`` (its task
lost with the queue; the stale-job sweep sends it again). Managers
select open sessions and queue their close ("Close in the background"), or
stop unfinished games where they stand and close them (closing time). The
session page shows a failed close's error too.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ledger.admin.job_workers import JobWorkersOnList
from ledger.admin.roles import (
    LedgerAdmin,
    acting_user,
    may_anywhere,
    may_close,
    may_stop,
    refused,
)
from ledger.models import CloseJobState, JobErrorCode, Session, SessionClosing, SessionState
from ledger.settle.closing_selectors import session_close_state
from ledger.settle.queue import close_enqueue
from ledger.settle.stale_jobs import close_is_stale
from parlor.policy import Action, PolicyRefusal


@admin.register(SessionClosing)
class SessionClosingAdmin(JobWorkersOnList[SessionClosing], LedgerAdmin[SessionClosing]):
    parlor_path = "parlor"
    list_display = [
        "session_link", "table", "opened_at", "state", "close_state", "close_error_text",
        "close_requested_at", "closed_at",
    ]  # fmt: skip
    list_filter = [
        "state",
        ("table__parlor", admin.RelatedOnlyFieldListFilter),
        ("table", admin.RelatedOnlyFieldListFilter),
    ]
    list_select_related = ["table"]
    date_hierarchy = "opened_at"
    search_fields = ["=id", "table__name"]
    actions = ["close_in_background", "stop_and_close_in_background"]

    @admin.display(description=gettext_lazy("session"), ordering="pk")
    def session_link(self, session: Session) -> str:
        url = reverse("admin:ledger_session_change", args=[session.pk])
        return format_html('<a href="{}">#{}</a>', url, session.pk)

    @admin.display(description=gettext_lazy("close"))
    def close_state(self, session: Session) -> str:
        """The close's state, and "stale" when no worker took it within the limit."""
        state = session_close_state(session=session).state
        if close_is_stale(session=session, now=timezone.now()):
            return format_html('{} <strong class="errornote">{}</strong>', state.label, _("stale"))
        return str(state.label)

    @admin.display(description=gettext_lazy("last close error"))
    def close_error_text(self, session: Session) -> str:
        state = session_close_state(session=session)
        if state.state != CloseJobState.FAILED or not state.error:
            return ""
        return format_html(
            '<span class="errornote">{}</span> <small>({})</small>',
            state.error.get("message", ""),
            state.error.get("code", ""),
        )

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        # Each action where the policy allows it somewhere; staff see the states only.
        actions = super().get_actions(request)
        if not may_anywhere(request, Action.CLOSE_SESSION):
            actions.pop("close_in_background", None)
        if not may_anywhere(request, Action.STOP_SESSION):
            actions.pop("stop_and_close_in_background", None)
        return actions

    def _enqueue(
        self, request: HttpRequest, queryset: QuerySet[SessionClosing], *, stop: bool
    ) -> None:
        allowed = may_stop if stop else may_close
        # Sessions the policy does not let this user close (a closed one, another role's
        # parlor) are skipped and counted.
        open_sessions = [
            session
            for session in queryset.filter(state=SessionState.OPEN)
            if allowed(request, session)
        ]
        states = []
        for session in open_sessions:
            try:
                states.append(close_enqueue(session=session, by=acting_user(request), stop=stop))
            except PolicyRefusal as error:
                refused(request, error)
        skipped = queryset.count() - len(open_sessions)
        messages.info(
            request,
            _("%(queued)d close(s) queued; %(skipped)d session(s) were not open.")
            % {"queued": len(open_sessions), "skipped": skipped},
        )
        unsent = [
            state
            for state in states
            if (state.error or {}).get("code") == JobErrorCode.QUEUE_UNAVAILABLE
        ]
        if unsent:
            messages.warning(
                request,
                _(
                    "The job queue (Redis) did not answer: %(count)d close(s) were not sent and"
                    " nothing was posted. Ask again once the queue is back."
                )
                % {"count": len(unsent)},
            )

    @admin.action(description=gettext_lazy("Close the selected sessions in the background"))
    def close_in_background(self, request: HttpRequest, queryset: QuerySet[SessionClosing]) -> None:
        self._enqueue(request, queryset, stop=False)

    @admin.action(
        description=gettext_lazy("Stop the selected games where they stand and close them")
    )
    def stop_and_close_in_background(
        self, request: HttpRequest, queryset: QuerySet[SessionClosing]
    ) -> None:
        self._enqueue(request, queryset, stop=True)
