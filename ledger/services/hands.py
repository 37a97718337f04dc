"""Recording a hand: the engine settles the game with it, the ledger posts what it moves.

``hand_record`` locks the session, refuses unless it is open, replays the
session's live hands plus the new one through ``engine.settle_game``, and
posts the new hand's lines: transfers between players (a ``hand`` posting,
or ``penalty`` for a chonbo's), movements into and out of the table pot (a
``deposit`` posting). ``hand_preview`` does the same and writes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

import engine
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.games import game_settle
from ledger.models import Correction, HandResult, PostingKind, Session, SessionState
from ledger.selectors import (
    SessionAccounts,
    session_accounts,
    session_live_hands,
    session_lock_for_update,
    session_next_ordinal,
)
from ledger.services.payloads import hand_payload_check
from ledger.services.penalties import penalties_record
from ledger.services.postings import Leg, PlannedPosting, posting_create

PENALTY_REASONS = frozenset({"chonbo"})


@dataclass(frozen=True, slots=True)
class HandPreview:
    """What recording the hand would do: its number, the engine's result, the postings."""

    ordinal: int
    result: dict[str, Any]
    postings: tuple[PlannedPosting, ...]

    @property
    def game_ends(self) -> list[str]:
        """Why the game ends with this hand (tobi, called_game, ...); empty while it goes on."""
        ends: list[str] = self.result.get("game_ends", [])
        return ends


def hand_plan(
    *, result: Mapping[str, Any], accounts: SessionAccounts, memo: str
) -> tuple[PlannedPosting, ...]:
    """The postings of one hand's engine result (transfers and deposits); empty ones left out."""
    kinds: dict[PostingKind, list[Leg]] = {
        PostingKind.HAND: [],
        PostingKind.PENALTY: [],
        PostingKind.DEPOSIT: [],
    }
    for line in result["transfers"]:
        kind = PostingKind.PENALTY if line["reason"] in PENALTY_REASONS else PostingKind.HAND
        kinds[kind] += [
            Leg(accounts.seats[line["from"]], line["reason"], -line["points"], -line["chips"]),
            Leg(accounts.seats[line["to"]], line["reason"], line["points"], line["chips"]),
        ]
    for deposit in result["deposits"]:
        kinds[PostingKind.DEPOSIT] += [
            Leg(accounts.seats[deposit["seat"]], deposit["reason"], deposit["points"]),
            Leg(accounts.pot, deposit["reason"], -deposit["points"]),
        ]
    return tuple(
        PlannedPosting(kind, tuple(legs), memo=memo) for kind, legs in kinds.items() if legs
    )


def _payload(hand: Any) -> dict[str, Any]:
    if not isinstance(hand, Mapping):
        raise LedgerError(LedgerErrorCode.BAD_HAND, "a hand must be a JSON object", field="hand")
    hand_payload_check(hand)
    return dict(hand)


def _require_open(session: Session) -> None:
    if session.state != SessionState.OPEN:
        raise LedgerError(
            LedgerErrorCode.SESSION_NOT_OPEN,
            f"session {session.pk} is {session.state}: hands can only be added to an open session"
            " (a closed session changes only through corrections)",
        )


def _settle_with(
    session: Session, payload: dict[str, Any], *, ordinal: int
) -> tuple[dict[str, Any], SessionAccounts]:
    """The engine's result of ``payload`` as hand ``ordinal`` after the live hands."""
    accounts = session_accounts(session=session)
    live = list(session_live_hands(session=session).only("ordinal", "payload"))
    settled = game_settle(
        session=session,
        players=seat_players(accounts),
        payloads=[hand.payload for hand in live] + [payload],
        ordinals=[hand.ordinal for hand in live] + [ordinal],
        code=LedgerErrorCode.HAND_REJECTED_BY_ENGINE,
    )
    return settled["hands"][-1], accounts


def hand_preview(*, session: Session, hand: Mapping[str, Any]) -> HandPreview:
    """What ``hand_record`` would record and post, without writing anything."""
    payload = _payload(hand)
    current = Session.objects.get(pk=session.pk)  # the state now, not the caller's copy's
    _require_open(current)
    ordinal = session_next_ordinal(session=current)
    result, accounts = _settle_with(current, payload, ordinal=ordinal)
    plan = hand_plan(result=result, accounts=accounts, memo=f"hand {ordinal}")
    return HandPreview(ordinal=ordinal, result=result, postings=plan)


def _require_number(session: Session, *, expected: int | None, next_number: int) -> None:
    # Checked under the session's lock: of two desks expecting the same number, one records.
    if expected is not None and expected != next_number:
        raise LedgerError(
            LedgerErrorCode.WRONG_HAND_NUMBER,
            f"session {session.pk}'s next hand is number {next_number}, not {expected}:"
            f" hands up to {next_number - 1} are already recorded (by a retry of this request"
            " or by another desk); reload the session before entering the hand again",
        )


@transaction.atomic
def hand_record(
    *,
    session: Session,
    hand: Mapping[str, Any],
    entered_by: User,
    expected_ordinal: int | None = None,
) -> HandResult:
    """Record the next hand of an open session (one element of the game JSON's ``hands``).

    ``expected_ordinal``: the hand number the caller means to record; another
    number (the session moved on: a retry, or another desk was quicker) is
    refused with ``wrong_hand_number``, so one hand is never entered twice.

    Raises ``LedgerError``: ``session_not_open``, ``wrong_hand_number``,
    ``bad_hand``, or ``hand_rejected_by_engine`` with the engine's message and
    the field at fault.
    """
    payload = _payload(hand)
    locked = session_lock_for_update(session_id=session.pk).get()
    _require_open(locked)
    ordinal = session_next_ordinal(session=locked)
    _require_number(locked, expected=expected_ordinal, next_number=ordinal)
    result, accounts = _settle_with(locked, payload, ordinal=ordinal)
    return hand_result_write(
        session=locked,
        accounts=accounts,
        ordinal=ordinal,
        payload=payload,
        result=result,
        entered_by=entered_by,
        entered_at=timezone.now(),
        posted_by=entered_by,
    )


def hand_result_write(
    *,
    session: Session,
    accounts: SessionAccounts,
    ordinal: int,
    payload: dict[str, Any],
    result: dict[str, Any],
    entered_by: User,
    entered_at: datetime,
    posted_by: User,
    supersedes: HandResult | None = None,
    correction: Correction | None = None,
) -> HandResult:
    """Write one hand version with its postings and penalties (hand_record and corrections)."""
    hand = HandResult.objects.create(
        session=session,
        ordinal=ordinal,
        version=1 if supersedes is None else supersedes.version + 1,
        supersedes=supersedes,
        correction=correction,
        kind=payload["kind"],
        payload=payload,
        result=result,
        engine_version=engine.__version__,
        entered_by=entered_by,
        entered_at=entered_at,
    )
    memo = f"hand {ordinal}" if supersedes is None else f"hand {ordinal} v{hand.version}"
    for planned in hand_plan(result=result, accounts=accounts, memo=memo):
        posting_create(
            session=session, planned=planned, by=posted_by, hand=hand, correction=correction
        )
    penalties_record(
        hand=hand, players=accounts.players, recorded_by=entered_by, recorded_at=entered_at
    )
    return hand


def seat_players(accounts: SessionAccounts) -> Sequence[str]:
    """The names the game JSON gives the seats: the players' member numbers."""
    return [player.member_number for player in accounts.players]
