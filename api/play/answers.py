"""The readings of play's stored answers: hands, chonbo, corrections, sessions (api/answers.py)."""

from __future__ import annotations

from typing import Any

from api.answers import Reading, Render, as_stored
from api.books.postings import seat_context, seat_numbers_context
from api.play.serializers.corrections import CorrectionDetailSerializer
from api.play.serializers.hands import HandResultSerializer
from api.play.serializers.penalties import PenaltySerializer
from api.play.serializers.sessions import SessionSerializer
from ledger.models import Correction, HandResult, Session
from ledger.play.listings import (
    corrections_with_details,
    hand_with_postings,
    session_with_seat_numbers,
    sessions_with_seats,
)
from ledger.play.penalty_selectors import penalties_for

# Fields that move on after the answer, as the service means them to (api/answers.py).
HAND_MOVES = frozenset({"live", "entered_by"})
SESSION_MOVES = frozenset(
    {"state", "closed_at", "settled_at", "opened_by", "name", "member_number"}
)


def _hand_body(hand_id: int) -> tuple[HandResult, dict[str, Any]] | None:
    hand = HandResult.objects.select_related("entered_by").filter(pk=hand_id).first()
    found = hand and session_with_seat_numbers(session_id=hand.session_id)
    if hand is None or not found:
        return None
    live = hand_with_postings(hand)
    context = seat_numbers_context(found[1])
    return hand, as_stored(HandResultSerializer(live, context=context).data)


def _hand(body: Any) -> Reading | None:
    found = _hand_body(int(body["id"]))
    if found is None:
        return None
    hand, rendered = found
    return Reading(rendered, hand.entered_by_id, HAND_MOVES, f"hand {hand.pk}")


def _chonbo(body: Any) -> Reading | None:
    found = _hand_body(int(body["hand"]["id"]))
    if found is None:
        return None
    hand, rendered = found
    penalties = PenaltySerializer(
        penalties_for(include_corrected=True).filter(hand=hand), many=True
    )
    moves = HAND_MOVES | {"member_number", "recorded_by"}
    rendered_body = {"hand": rendered, "penalties": as_stored(penalties.data)}
    return Reading(rendered_body, hand.entered_by_id, moves, f"hand {hand.pk} and its penalties")


def _correction(body: Any) -> Reading | None:
    correction: Correction | None = corrections_with_details().filter(pk=int(body["id"])).first()
    if correction is None:
        return None
    session = sessions_with_seats().get(pk=correction.session_id)
    rendered = as_stored(CorrectionDetailSerializer(correction, context=seat_context(session)).data)
    moves = HAND_MOVES | {"created_by"}
    return Reading(rendered, correction.created_by_id, moves, f"correction {correction.pk}")


def session_reading(acting: str | None) -> Render:
    def read(body: Any) -> Reading | None:
        session: Session | None = sessions_with_seats().filter(pk=int(body["id"])).first()
        if session is None:
            return None
        rendered = as_stored(SessionSerializer(session).data)
        actor = getattr(session, acting) if acting else None
        return Reading(rendered, actor, SESSION_MOVES, f"session {session.pk}")

    return read


READINGS: dict[str, Render] = {
    "session-hand-list": _hand,
    "penalty-list": _chonbo,
    "correction-list": _correction,
    "session-list": session_reading("opened_by_id"),
    "session-mark-settled": session_reading(None),  # a settled session answers as it is, to anyone
}
