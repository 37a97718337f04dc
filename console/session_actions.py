"""Final and money-moving session actions, each behind a confirmation page.

Close (the game ended), stop-and-close (an unfinished game ends where it
stands: closing time) and "mark settled" (final) show a page saying what
will happen, with the scores it will settle; only its POST with
``confirm`` acts. A POST without it (an old form, a double click) shows
the page again and changes nothing. The services lock the session and are
idempotent, so a repeated confirmation writes nothing twice, and a closed or
settled session refuses them (the button is gone, the role check refuses).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from console.session_page import next_hand_defaults, seat_views
from ledger.admin.roles import acting_user, may_close, may_mark_settled, may_stop, refused
from ledger.books.balances import session_scoreboard
from ledger.errors import LedgerError
from ledger.models import Session
from ledger.play.games import starting_points
from ledger.play.session_selectors import session_settlement
from ledger.play.sessions import session_mark_settled
from ledger.settle.closing import session_close_once
from parlor.policy import PolicyRefusal

CONFIRM_TEMPLATE = "console/confirm.html"


def _page_url(session: Session) -> str:
    return reverse("admin:ledger_session_change", args=[session.pk])


def _confirm_page(
    model_admin: Any,
    request: HttpRequest,
    session: Session,
    *,
    title: str,
    explanation: list[str],
    button: str,
    hidden: dict[str, str],
) -> TemplateResponse:
    board = session_scoreboard(session=session)
    context = {
        **model_admin.admin_site.each_context(request),
        "opts": model_admin.model._meta,
        "title": title,
        "session": session,
        "explanation": explanation,
        "button": button,
        "hidden": hidden,
        "seats": seat_views(board, next_hand_defaults(board), starting_points(session=session)),
        "settlement": session_settlement(session=session) if session.state != "open" else [],
        "hand_count": len(board.rows),
        "page_url": _page_url(session),
    }
    return TemplateResponse(request, CONFIRM_TEMPLATE, context)


def _act(
    request: HttpRequest, session: Session, service: Callable[[], object], done: str
) -> HttpResponse:
    try:
        service()
    except LedgerError as error:
        messages.error(request, error.message)
    except PolicyRefusal as error:
        refused(request, error)
    else:
        messages.success(request, done)
    return HttpResponseRedirect(_page_url(session))


def session_close_view(model_admin: Any, request: HttpRequest, session: Session) -> HttpResponse:
    """GET: the confirmation (``?stop=1``: end the game where it stands); POST confirm: close."""
    source = request.POST if request.method == "POST" else request.GET
    stop = source.get("stop") == "1"
    if not (may_stop(request, session) if stop else may_close(request, session)):
        raise PermissionDenied
    if request.method == "POST" and request.POST.get("confirm") == "1":
        by = acting_user(request)
        done = (
            _("The game was stopped where it stands; the session is closed and settled in money.")
            if stop
            else _("The session is closed and settled in money.")
        )
        return _act(
            request,
            session,
            lambda: session_close_once(session_id=session.pk, by=by, stop=stop),
            done,
        )
    game_over = next_hand_defaults(session_scoreboard(session=session)).game_over
    if stop:
        title = _("Stop the game and close the session?")
        explanation = [
            _(
                "The game has not ended: stopping ends it where it stands, after the hands"
                " recorded so far, and places the players on the scores below."
            ),
            _(
                "Closing settles the session in money; after that it changes only through"
                " corrections."
            ),
        ]
        button = _("Yes, stop the game and close the session")
    else:
        title = _("Close the session and settle it in money?")
        explanation = [
            _("The players are placed on the scores below and the session is settled in money."),
            _("After that it changes only through corrections."),
        ]
        if not game_over:
            explanation.insert(
                0,
                _(
                    "The game has not ended yet: this close will be refused. To end it now,"
                    " use “Stop the game and close”."
                ),
            )
        button = _("Yes, close the session")
    return _confirm_page(
        model_admin,
        request,
        session,
        title=title,
        explanation=explanation,
        button=button,
        hidden={"stop": "1" if stop else "0"},
    )


def session_settled_view(model_admin: Any, request: HttpRequest, session: Session) -> HttpResponse:
    """GET: the confirmation with the settlement; POST confirm: mark the session settled (final)."""
    if not may_mark_settled(request, session):
        raise PermissionDenied
    if request.method == "POST" and request.POST.get("confirm") == "1":
        by = acting_user(request)
        return _act(
            request,
            session,
            lambda: session_mark_settled(session=session, by=by),
            _("The session is marked settled: it is final."),
        )
    return _confirm_page(
        model_admin,
        request,
        session,
        title=_("Mark the session settled?"),
        explanation=[
            _("Confirm that the money below has changed hands."),
            _("A settled session is final: it can no longer be corrected."),
        ],
        button=_("Yes, the money has changed hands"),
        hidden={},
    )
