"""The console's URLs, under the session admin's (``/admin/ledger/session/<id>/...``).

Each is named ``admin:ledger_session_<name>`` and reaches its view with the session
the admin found for the user (404 outside their parlors); a view that only answers
POST (or GET and POST, for a confirmation) answers 405 to anything else.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern, path

from console import correction_page, seat_swap_page, session_actions, session_page
from ledger.models import Session
from reports import slip_view

if TYPE_CHECKING:
    from console.admin import SessionAdmin

SessionView = Callable[[HttpRequest, Session], HttpResponse]
BOTH = ("GET", "POST")  # a confirmation page (GET) and its answer (POST)


def console_urls(model_admin: SessionAdmin) -> list[URLPattern]:
    def wrap(view: SessionView, methods: tuple[str, ...] = ("POST",)) -> Callable[..., Any]:
        def bound(request: HttpRequest, object_id: str) -> HttpResponse:
            if request.method not in methods:
                return HttpResponse(status=405, headers={"Allow": ", ".join(methods)})
            return view(request, model_admin.session_of(request, object_id))

        return model_admin.admin_site.admin_view(bound)

    def correct(request: HttpRequest, object_id: str, hand_id: int) -> HttpResponse:
        session = model_admin.session_of(request, object_id)
        return correction_page.correction_view(model_admin, request, session, hand_id)

    name = "ledger_session_"
    return [
        path(
            "<path:object_id>/hands/",
            wrap(lambda r, s: session_page.hand_submit(model_admin, r, s)),
            name=f"{name}hand",
        ),
        path(
            "<path:object_id>/hands/preview/",
            wrap(lambda r, s: session_page.hand_preview_json(model_admin, r, s)),
            name=f"{name}preview",
        ),
        path(
            "<path:object_id>/hands/<int:hand_id>/correct/",
            model_admin.admin_site.admin_view(correct),
            name=f"{name}correct",
        ),
        path(
            "<path:object_id>/swap-seats/",
            wrap(lambda r, s: seat_swap_page.seat_swap_view(model_admin, r, s), BOTH),
            name=f"{name}swap_seats",
        ),
        path(
            "<path:object_id>/close/",
            wrap(lambda r, s: session_actions.session_close_view(model_admin, r, s), BOTH),
            name=f"{name}close",
        ),
        path(
            "<path:object_id>/settled/",
            wrap(lambda r, s: session_actions.session_settled_view(model_admin, r, s), BOTH),
            name=f"{name}settled",
        ),
        path(
            "<path:object_id>/slip/",
            wrap(lambda r, s: slip_view.session_slip_view(r, s), ("GET",)),
            name=f"{name}slip",
        ),
    ]
