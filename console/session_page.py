"""The session page: seats, running score table, hand entry with its preview, closing.

Each view parses the request, calls one ledger service (``hand_preview``,
``hand_record``) and renders; the scores shown are the engine's. Closing and
marking settled are ``console.session_actions`` (behind a confirmation).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypedDict

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from console.forms.hands import HandEntry
from console.game_end_words import corrected_end_notice
from console.tile_picker import session_picker
from engine_door import rulesets as engine_rulesets
from engine_door.errors import EngineError
from ledger.admin.roles import (
    acting_user,
    may_close,
    may_correct,
    may_mark_settled,
    may_penalise,
    may_record_hands,
    may_stop,
    refused,
)
from ledger.books.balances import Scoreboard, ScoreboardRow, session_scoreboard
from ledger.errors import LedgerError
from ledger.models import Session, SessionState
from ledger.play.engine_results import hand_outcome
from ledger.play.games import starting_points
from ledger.play.hands import HandPreview, hand_preview, hand_record
from ledger.play.session_selectors import session_next_ordinal, session_settlement
from ledger.templatetags.ledger_tiles import signed
from parlor.policy import PolicyRefusal
from words.game_pays import game_pays_text, session_pays
from words.hand_view import HandView, hand_view, seat_names
from words.labels import seat_wind

PAGE_TEMPLATE = "console/page.html"
PREVIEW_TEMPLATE = "console/_preview.html"


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    wind: str
    wind_now: str
    name: str
    member_number: str
    points: int
    chips: int
    is_dealer: bool

    @property
    def chips_label(self) -> str:
        """The seat's chips with their sign and the word in the right number: "+1 chip"."""
        return ngettext("%(chips)s chip", "%(chips)s chips", abs(self.chips)) % {
            "chips": signed(self.chips)
        }


@dataclass(frozen=True, slots=True)
class RowView:
    row: ScoreboardRow
    hand: HandView
    cells: list[tuple[int, int]]
    totals: list[int]


@dataclass(frozen=True, slots=True)
class NextHandDefaults:
    """What the hand entry starts from: who deals, the honba and sticks on the table, and
    whether the game is over (the whole table's state is ``ledger.play.games.TableState``)."""

    dealer: int
    honba: int
    sticks: int
    game_over: bool


def next_hand_defaults(board: Scoreboard) -> NextHandDefaults:
    """Where the game stands after the last live hand (the engine's figures)."""
    if not board.rows:
        return NextHandDefaults(dealer=0, honba=0, sticks=0, game_over=False)
    last = hand_outcome(board.rows[-1].hand)
    return NextHandDefaults(
        dealer=last.dealer_after,
        honba=last.honba_after,
        sticks=last.sticks_after,
        game_over=bool(last.game_ends),
    )


def seat_choices(board: Scoreboard, state: NextHandDefaults) -> list[tuple[int, str]]:
    seats = len(board.players)
    return [
        (seat, f"{player.name} — {seat_wind((seat - state.dealer) % seats)}")
        for seat, player in enumerate(board.players)
    ]


class RulesetFields(TypedDict):
    record_fields: list[str]
    extra_fields: list[str]
    penalty_causes: dict[str, tuple[str, ...]] | None


def ruleset_fields(session: Session) -> RulesetFields:
    """The optional record fields the session's ruleset takes, as HandEntry's arguments.

    ``record_fields``: the spec's (nuki, discards, specials); ``extra_fields``:
    the ruleset's own flags (wildcard, chankan_ankan, robbed_gari); ``penalty_causes``:
    the causes a chonbo and a dead hand may name under its game rules (issue 15).
    """
    try:
        described = engine_rulesets.describe(session.ruleset_slug)
        causes = engine_rulesets.penalty_causes(session.ruleset_slug, session.game_options)
    except EngineError:
        return RulesetFields(record_fields=[], extra_fields=[], penalty_causes=None)
    return RulesetFields(
        record_fields=list(described["record_fields"]),
        extra_fields=list(described["extra_fields"]),
        penalty_causes=causes,
    )


def hand_entry(
    request: HttpRequest,
    session: Session,
    board: Scoreboard,
    state: NextHandDefaults,
    *,
    bound: bool,
) -> HandEntry:
    return HandEntry(
        request.POST if bound else None,
        seats=seat_choices(board, state),
        **ruleset_fields(session),
        may_penalise=may_penalise(request, session),
        default_winner=state.dealer,
    )


def preview_digest(session: Session, ordinal: int, payload: Mapping[str, Any]) -> str:
    """Ties a Save to the preview shown: same session, same hand number, same payload."""
    text = json.dumps([session.pk, ordinal, payload], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def seat_views(board: Scoreboard, state: NextHandDefaults, start: int) -> list[SeatView]:
    seats = len(board.players)
    return [
        SeatView(
            seat=seat,
            wind=seat_wind(seat),
            wind_now=seat_wind((seat - state.dealer) % seats),
            name=player.name,
            member_number=player.member_number,
            points=start + board.points_total[seat],
            chips=board.chips_total[seat],
            is_dealer=seat == state.dealer,
        )
        for seat, player in enumerate(board.players)
    ]


def _rows(board: Scoreboard, start: int) -> list[RowView]:
    names = seat_names(board.players)
    return [
        RowView(
            row=row,
            hand=hand_view(payload=row.hand.payload, result=hand_outcome(row.hand), names=names),
            cells=list(zip(row.points, row.chips, strict=True)),
            totals=[start + total for total in row.points_total],
        )
        for row in board.rows
    ]


def page_context(
    model_admin: Any,
    request: HttpRequest,
    session: Session,
    *,
    entry: HandEntry | None = None,
    preview: HandPreview | None = None,
    digest: str = "",
) -> dict[str, Any]:
    board = session_scoreboard(session=session)
    state = next_hand_defaults(board)
    start = starting_points(session=session)
    can_record = may_record_hands(request, session) and not state.game_over
    if entry is None and can_record:
        entry = hand_entry(request, session, board, state, bound=False)
    names = seat_names(board.players)
    closed = session.state != SessionState.OPEN
    pays = session_pays(session)
    return {
        **model_admin.admin_site.each_context(request),
        # The console needs the page's width: the sidebar would push Save off a tablet's screen.
        "is_nav_sidebar_enabled": False,
        "opts": model_admin.model._meta,
        "title": str(session),
        "session": session,
        # What the game pays (points, chips or both): the rate line prices only that, the
        # seats and the settlement show only those columns, and a sentence says so.
        "pays": pays,
        "pays_text": game_pays_text(pays),
        "seats": seat_views(board, state, start),
        "rows": _rows(board, start),
        "pot": board.pot_total,
        "state": state,
        "can_record": can_record,
        "entry": entry if can_record else None,
        "picker": session_picker(session=session) if can_record else None,
        "next_ordinal": session_next_ordinal(session=session) if can_record else None,
        "preview": preview,
        "preview_view": preview
        and hand_view(
            payload=entry.payload() if entry else {}, result=preview.outcome, names=names
        ),
        "digest": digest,
        # What Save sends (the offline queue, console.js): the previewed hand as the game JSON.
        "preview_payload": entry.payload() if preview and entry else None,
        "may_correct": may_correct(request, session),
        "may_close": may_close(request, session),
        "may_stop": may_stop(request, session),
        "may_mark_settled": may_mark_settled(request, session),
        "settlement": session_settlement(session=session) if closed else [],
        "corrections": list(session.corrections.select_related("hand", "created_by")),
        # A correction that moved the game's end, said until the next hand is entered.
        "corrected_end": corrected_end_notice(
            session, next_ordinal=session_next_ordinal(session=session)
        )
        if not closed
        else [],
        "urls": _urls(session),
    }


def _urls(session: Session) -> dict[str, str]:
    args = [session.pk]
    return {
        name: reverse(f"admin:ledger_session_{name}", args=args)
        for name in ("hand", "preview", "close", "settled", "slip")
    } | {
        "page": reverse("admin:ledger_session_change", args=args),
        # Save posts the previewed hand here with its Idempotency-Key (docs/api.md).
        "api_hands": reverse("session-hand-list", args=args),
    }


def render_page(
    model_admin: Any, request: HttpRequest, session: Session, **context: Any
) -> TemplateResponse:
    return TemplateResponse(
        request, PAGE_TEMPLATE, page_context(model_admin, request, session, **context)
    )


def _bound_entry(request: HttpRequest, session: Session) -> HandEntry:
    if not may_record_hands(request, session):
        raise PermissionDenied
    board = session_scoreboard(session=session)
    return hand_entry(request, session, board, next_hand_defaults(board), bound=True)


def hand_submit(model_admin: Any, request: HttpRequest, session: Session) -> HttpResponse:
    """POST of the hand form: ``_preview`` shows the engine's score, ``_save`` records it."""
    entry = _bound_entry(request, session)
    if not entry.is_valid():
        return render_page(model_admin, request, session, entry=entry)
    payload = entry.payload()
    if "_save" in request.POST:
        ordinal = session_next_ordinal(session=session)
        if request.POST.get("preview_digest") == preview_digest(session, ordinal, payload):
            try:
                hand = hand_record(
                    session=session,
                    hand=payload,
                    entered_by=acting_user(request),
                    # The number previewed: another desk saving first refuses this one.
                    expected_ordinal=ordinal,
                )
            except LedgerError as error:
                entry.engine_error(error)
                return render_page(model_admin, request, session, entry=entry)
            except PolicyRefusal as error:
                refused(request, error)
                return HttpResponseRedirect(_urls(session)["page"])
            messages.success(request, _("Hand %(number)d recorded.") % {"number": hand.ordinal})
            return HttpResponseRedirect(reverse("admin:ledger_session_change", args=[session.pk]))
        messages.warning(
            request, _("The hand changed since its preview: check the new preview, then save.")
        )
    try:
        preview = hand_preview(session=session, hand=payload)
    except LedgerError as error:
        entry.engine_error(error)
        return render_page(model_admin, request, session, entry=entry)
    except PolicyRefusal as error:
        refused(request, error)
        return HttpResponseRedirect(_urls(session)["page"])
    digest = preview_digest(session, preview.ordinal, payload)
    return render_page(model_admin, request, session, entry=entry, preview=preview, digest=digest)


def hand_preview_json(model_admin: Any, request: HttpRequest, session: Session) -> JsonResponse:
    """The live preview as the staff types: the preview panel's HTML and the Save digest."""
    entry = _bound_entry(request, session)
    preview: HandPreview | None = None
    digest = ""
    refusal = ""
    if entry.is_valid():
        payload = entry.payload()
        try:
            preview = hand_preview(session=session, hand=payload)
            digest = preview_digest(session, preview.ordinal, payload)
        except LedgerError as error:
            entry.engine_error(error)
        except PolicyRefusal as error:
            refusal = str(error.message)
    names = seat_names(session_scoreboard(session=session).players) if preview else []
    context = {
        "refusal": refusal,
        "entry": entry,
        "preview": preview,
        "preview_payload": entry.payload() if preview else None,
        "preview_view": preview
        and hand_view(payload=entry.payload(), result=preview.outcome, names=names),
    }
    html = TemplateResponse(request, PREVIEW_TEMPLATE, context).rendered_content
    return JsonResponse(
        {
            "ok": preview is not None,
            "digest": digest,
            "html": html,
            "errors": entry.field_errors(),
            "refusal": refusal,
        }
    )
