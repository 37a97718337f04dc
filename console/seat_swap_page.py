"""A manager's correction of two seats taken for each other from a hand on.

Two steps, as a hand's correction (``console.correction_page``): the first
POST shows ``seats_swap_preview`` (each hand whose points move, the totals
before and after, whether a closed session reopens) and a Confirm button tied
to that preview by a digest; only the confirmation calls ``seats_swap``.
Who may: ``parlor.policy`` (``Action.CORRECT_HAND``).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from console.correction_page import page_context, preview_context
from console.forms.corrections import SeatSwapForm
from console.session_page import NextHandDefaults, preview_digest, seat_choices
from ledger.admin.roles import acting_user
from ledger.books.balances import session_scoreboard
from ledger.errors import LedgerError
from ledger.models import Session
from ledger.play.corrections import CorrectionPreview
from ledger.play.seat_swaps import seats_swap, seats_swap_preview
from ledger.play.session_selectors import session_live_hands
from parlor import policy
from parlor.policy import Action, PolicyRefusal

TEMPLATE = "console/swap_seats.html"


def may_swap_seats(request: HttpRequest, session: Session) -> bool:
    return policy.allows(
        request.user, Action.CORRECT_HAND, parlor_id=session.parlor_id, state=session.state
    )


def seat_swap_view(model_admin: Any, request: HttpRequest, session: Session) -> HttpResponse:
    if not may_swap_seats(request, session):
        raise PermissionDenied
    board = session_scoreboard(session=session)
    # Seats by their starting wind: the seats a swap exchanges are the game's, not the winds now.
    seats = seat_choices(board, NextHandDefaults(dealer=0, honba=0, sticks=0, game_over=False))
    ordinals = list(session_live_hands(session=session).values_list("ordinal", flat=True))
    bound = request.method == "POST"
    form = SeatSwapForm(request.POST if bound else None, ordinals=ordinals, seats=seats)
    preview: CorrectionPreview | None = None
    digest = ""
    if bound and form.is_valid():
        data = form.cleaned_data
        request_ = {
            "from_ordinal": data["from_ordinal"],
            "seats": (data["seat_a"], data["seat_b"]),
            "reason": data["reason"],
            "by": acting_user(request),
        }
        digest = preview_digest(
            session, ordinals[-1], {"swap": [request_["from_ordinal"], *request_["seats"]]}
        )
        try:
            if "_confirm" in request.POST and request.POST.get("correction_digest") == digest:
                seats_swap(session=session, **request_)
                messages.success(request, _("The two seats were swapped and the hands re-scored."))
                return HttpResponseRedirect(
                    reverse("admin:ledger_session_change", args=[session.pk])
                )
            preview = seats_swap_preview(session=session, **request_)
        except PolicyRefusal as refusal:
            raise PermissionDenied(str(refusal.message)) from None
        except LedgerError as error:
            form.ledger_error(error, seats=dict(seats))
            digest = ""
    context = {
        **page_context(model_admin, request, session, board, title=_("Swap two seats")),
        "form": form,
        **preview_context(preview, session, len(board.players)),
        "digest": digest,
    }
    return TemplateResponse(request, TEMPLATE, context)
