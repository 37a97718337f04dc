"""A manager's correction of one live hand: void it, or amend it through the hand form.

Two steps: the first POST shows ``correction_preview`` (each hand whose
points move, the totals before and after, whether a closed session
reopens) and a Confirm button tied to that preview by a digest; only the
confirmation calls ``correction_post`` (through ``hand_void`` /
``hand_amend``), which replays the session and re-posts whatever changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from console.forms.corrections import CorrectionForm
from console.forms.hands import HandEntry
from console.game_end_words import game_end_sentences
from console.session_page import (
    NextHandDefaults,
    preview_digest,
    ruleset_fields,
    seat_choices,
)
from ledger.admin.roles import acting_user, may_correct, refusal
from ledger.books.balances import Scoreboard, session_scoreboard
from ledger.errors import LedgerError
from ledger.models import CorrectionKind, HandResult, Session
from ledger.play.corrections import (
    CorrectionPreview,
    correction_preview,
    hand_amend,
    hand_void,
)
from ledger.play.engine_results import hand_outcome
from ledger.play.session_selectors import session_live_hands, session_next_ordinal
from ledger.templatetags.ledger_tiles import signed
from parlor.policy import Action, PolicyRefusal
from words.hand_view import hand_view, seat_names

TEMPLATE = "console/correct.html"


@dataclass(frozen=True, slots=True)
class Outcome:
    posted: bool = False
    preview: CorrectionPreview | None = None
    digest: str = ""


def _request(
    form: CorrectionForm, entry: HandEntry
) -> tuple[CorrectionKind, str, dict[str, Any] | None]:
    amend = form.cleaned_data["kind"] == CorrectionKind.AMEND
    kind = CorrectionKind.AMEND if amend else CorrectionKind.VOID
    return kind, form.cleaned_data["reason"], entry.payload() if amend else None


def _submit(
    request: HttpRequest, hand: HandResult, form: CorrectionForm, entry: HandEntry
) -> Outcome:
    """Preview the correction, or post it when confirmed against the same preview."""
    if not form.is_valid():
        return Outcome()
    if form.cleaned_data["kind"] == CorrectionKind.AMEND and not entry.is_valid():
        return Outcome()
    kind, reason, payload = _request(form, entry)
    action = Action.CORRECT_HAND if payload is not None else Action.VOID_HAND
    session = hand.session
    refused = refusal(request, action, parlor_id=session.parlor_id, state=session.state)
    if refused is not None:
        form.add_error("kind", str(refused.message))
        return Outcome()
    digest = preview_digest(
        hand.session, hand.pk, {"kind": kind, "reason": reason, "hand": payload}
    )
    try:
        if "_confirm" in request.POST and request.POST.get("correction_digest") == digest:
            if payload is not None:
                hand_amend(hand=hand, payload=payload, reason=reason, by=acting_user(request))
            else:
                hand_void(hand=hand, reason=reason, by=acting_user(request))
            return Outcome(posted=True)
        preview = correction_preview(hand=hand, kind=kind, reason=reason, payload=payload)
    except LedgerError as error:
        if payload is not None and error.field:
            entry.engine_error(error, ordinal=hand.ordinal)
        else:
            form.ledger_error(error)
        return Outcome()
    except PolicyRefusal as error:
        form.add_error(None, str(error.message))
        return Outcome()
    return Outcome(preview=preview, digest=digest)


def correction_view(
    model_admin: Any, request: HttpRequest, session: Session, hand_id: int
) -> HttpResponse:
    if not may_correct(request, session):
        raise PermissionDenied
    hand = get_object_or_404(session_live_hands(session=session), pk=hand_id)
    board = session_scoreboard(session=session)
    # Seat winds as they were when this hand was played.
    state = NextHandDefaults(dealer=hand_outcome(hand).dealer, honba=0, sticks=0, game_over=False)
    bound = request.method == "POST"
    form = CorrectionForm(request.POST if bound else None)
    entry = HandEntry(
        request.POST if bound else None,
        seats=seat_choices(board, state),
        **ruleset_fields(session),
        may_penalise=True,
        payload=hand.payload,
    )
    outcome = _submit(request, hand, form, entry) if bound else Outcome()
    if outcome.posted:
        messages.success(request, _("Hand %(number)d corrected.") % {"number": hand.ordinal})
        return HttpResponseRedirect(reverse("admin:ledger_session_change", args=[session.pk]))
    title = _("Correct hand %(number)d") % {"number": hand.ordinal}
    context = {
        **page_context(model_admin, request, session, board, title=title),
        "hand": hand,
        "hand_view": hand_view(
            payload=hand.payload, result=hand_outcome(hand), names=seat_names(board.players)
        ),
        "form": form,
        "entry": entry,
        **preview_context(outcome.preview, session, len(board.players)),
        "digest": outcome.digest,
    }
    return TemplateResponse(request, TEMPLATE, context)


def page_context(
    model_admin: Any, request: HttpRequest, session: Session, board: Scoreboard, *, title: str
) -> dict[str, Any]:
    """What the correction and seat swap pages share: the admin's, the session, the names."""
    return {
        **model_admin.admin_site.each_context(request),
        # The whole width for the form and its preview on a tablet, as the session page.
        "is_nav_sidebar_enabled": False,
        "opts": model_admin.model._meta,
        "title": title,
        "session": session,
        "names": [player.name for player in board.players],
        "urls": {"page": reverse("admin:ledger_session_change", args=[session.pk])},
    }


def preview_context(
    preview: CorrectionPreview | None, session: Session, seats: int
) -> dict[str, Any]:
    """The preview as the template prints it: each changed hand's points (and chips, in a
    game with chips) before and after, the totals, and what happens to the game's end."""
    if preview is None:
        return {"preview": None, "preview_rows": [], "preview_totals": []}
    zeros = (0,) * seats
    rows = [
        {
            "ordinal": changed.ordinal,
            "voided": changed.after is None,
            "cells": _cells(
                changed.before,
                changed.after or zeros,
                changed.chips_before or zeros,
                changed.chips_after or zeros,
            ),
        }
        for changed in preview.changed
    ]
    totals = _cells(
        preview.totals_before,
        preview.totals_after,
        preview.chips_before or zeros,
        preview.chips_after or zeros,
    )
    sentences = game_end_sentences(
        preview.game_end,
        reopens=preview.reopens_session,
        next_ordinal=session_next_ordinal(session=session),
    )
    return {
        "preview": preview,
        "preview_rows": rows,
        "preview_totals": totals,
        "preview_end": sentences,
    }


def _cells(*columns: tuple[int, ...]) -> list[dict[str, Any]]:
    names = ("before", "after", "chips_before", "chips_after")
    cells: list[dict[str, Any]] = [
        dict(zip(names, seat, strict=True)) for seat in zip(*columns, strict=True)
    ]
    for cell in cells:
        before, after = cell["chips_before"], cell["chips_after"]
        # "+1 → -1 chip": the word in the number of the chips after.
        cell["chips"] = (
            ngettext("%(before)s → %(after)s chip", "%(before)s → %(after)s chips", abs(after))
            % {"before": signed(before), "after": signed(after)}
            if before or after
            else ""
        )
    return cells
