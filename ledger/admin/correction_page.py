"""A manager's correction of one live hand: void it, or amend it through the hand form.

The view calls ``correction_post`` (through ``hand_void`` / ``hand_amend``);
the service replays the session and re-posts whatever changed.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from ledger.admin.display import hand_view, seat_names
from ledger.admin.roles import may_correct
from ledger.admin.session_page import TableState, acting_user, ruleset_fields, seat_choices
from ledger.errors import LedgerError
from ledger.forms.corrections import CorrectionForm
from ledger.forms.hands import HandEntry
from ledger.models import CorrectionKind, HandResult, Session
from ledger.selectors import session_live_hands, session_scoreboard
from ledger.services.corrections import hand_amend, hand_void

TEMPLATE = "admin/ledger/session/correct.html"


def _submit(request: HttpRequest, hand: HandResult, form: CorrectionForm, entry: HandEntry) -> bool:
    """Post the correction; False (errors shown on the forms) when it was refused."""
    if not form.is_valid():
        return False
    reason = form.cleaned_data["reason"]
    amend = form.cleaned_data["kind"] == CorrectionKind.AMEND
    if amend and not entry.is_valid():
        return False
    try:
        if amend:
            hand_amend(hand=hand, payload=entry.payload(), reason=reason, by=acting_user(request))
        else:
            hand_void(hand=hand, reason=reason, by=acting_user(request))
    except LedgerError as error:
        if amend and error.field:
            entry.engine_error(error, ordinal=hand.ordinal)
        else:
            form.ledger_error(error)
        return False
    return True


def correction_view(
    model_admin: Any, request: HttpRequest, session: Session, hand_id: int
) -> HttpResponse:
    if not may_correct(request, session):
        raise PermissionDenied
    hand = get_object_or_404(session_live_hands(session=session), pk=hand_id)
    board = session_scoreboard(session=session)
    # Seat winds as they were when this hand was played.
    state = TableState(dealer=int(hand.result.get("dealer", 0)), honba=0, sticks=0, game_over=False)
    bound = request.method == "POST"
    form = CorrectionForm(request.POST if bound else None)
    entry = HandEntry(
        request.POST if bound else None,
        seats=seat_choices(board, state),
        **ruleset_fields(session),
        may_penalise=True,
        payload=hand.payload,
    )
    if bound and _submit(request, hand, form, entry):
        messages.success(request, _("Hand %(number)d corrected.") % {"number": hand.ordinal})
        return HttpResponseRedirect(reverse("admin:ledger_session_change", args=[session.pk]))
    context = {
        **model_admin.admin_site.each_context(request),
        "opts": model_admin.model._meta,
        "title": _("Correct hand %(number)d") % {"number": hand.ordinal},
        "session": session,
        "hand": hand,
        "hand_view": hand_view(
            payload=hand.payload, result=hand.result, names=seat_names(board.players)
        ),
        "form": form,
        "entry": entry,
        "urls": {"page": reverse("admin:ledger_session_change", args=[session.pk])},
    }
    return TemplateResponse(request, TEMPLATE, context)
