"""Seats swapped by mistake: from hand N on, every hand re-read with two seats exchanged.

Staff who took South for West from hand N on recorded every later win, deal-in,
riichi and tenpai under the wrong seat. ``seats_swap`` exchanges the two seat
numbers in each live hand's payload from hand N on (every field of the game
JSON that names a seat: ``SEAT_FIELDS``), replays the whole session through the
engine and, in one transaction under the session's lock, reverses and posts
again every hand whose payload, result or game state changed, as a correction
does (``ledger.play.corrections``: one ``Correction`` row, kind amend, on
the first hand the swap changes, its reason naming the swap). A closed session
reopens. ``seats_swap_preview`` is the same without writing: what moves.
Who may: ``parlor.policy`` (``Action.CORRECT_HAND``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction

from ledger.errors import LedgerError, LedgerErrorCode
from ledger.floor.seated import is_seated
from ledger.models import Correction, CorrectionKind, HandResult, Session, SessionState
from ledger.play.corrections import (
    CorrectedHands,
    CorrectionPreview,
    changes_preview,
    hands_repost,
    sequence_settle,
    session_reopen,
)
from ledger.play.payloads import reason_check
from ledger.play.session_selectors import (
    session_accounts,
    session_live_hands,
    session_lock_for_update,
)
from parlor import policy
from parlor.policy import Action

# The game JSON's fields that name seats (docs/game-format.md): one seat, a list of seats,
# the seats of each win and of each dead hand. Every other field names none
# (tests/ledger/play/test_seat_swaps.py checks the hand's vocabulary against these).
SEAT_FIELDS = ("caller", "offender")
SEAT_LIST_FIELDS = ("riichi", "tenpai", "nagashi", "riichi_no_draws_left", "kans")
WIN_SEAT_FIELDS = ("winner", "discarder", "pao")
DEAD_SEAT_FIELDS = ("seat",)


def payload_seats_swapped(payload: Mapping[str, Any], a: int, b: int) -> dict[str, Any]:
    """``payload`` with seats ``a`` and ``b`` exchanged wherever it names a seat."""

    def swap(seat: Any) -> Any:
        return b if seat == a else a if seat == b else seat

    out = dict(payload)
    for name in SEAT_FIELDS:
        if name in out:
            out[name] = swap(out[name])
    for name in SEAT_LIST_FIELDS:
        if isinstance(out.get(name), list):
            out[name] = [swap(seat) for seat in out[name]]
    if isinstance(out.get("wins"), list):
        out["wins"] = [_swapped_in(win, WIN_SEAT_FIELDS, swap) for win in out["wins"]]
    if isinstance(out.get("dead"), list):
        out["dead"] = [_swapped_in(fault, DEAD_SEAT_FIELDS, swap) for fault in out["dead"]]
    return out


def _swapped_in(item: Any, names: tuple[str, ...], swap: Any) -> Any:
    if not isinstance(item, Mapping):
        return item
    return {key: swap(value) if key in names else value for key, value in item.items()}


@dataclass(frozen=True, slots=True)
class SeatSwap:
    """The swap as read: the live hands, the corrected sequence, the first hand it changes."""

    live: list[HandResult]
    sequence: CorrectedHands
    first: HandResult
    changed: set[int]


def _swap_read(
    session: Session, *, from_ordinal: int, seats: tuple[int, int], reason: str
) -> SeatSwap:
    if not reason.strip():
        raise LedgerError(
            LedgerErrorCode.REASON_REQUIRED, "a correction needs a reason", field="reason"
        )
    reason_check(reason)
    if session.state == SessionState.SETTLED:
        raise LedgerError(
            LedgerErrorCode.SESSION_SETTLED,
            f"session {session.pk} is settled (its money changed hands): it cannot be corrected",
        )
    a, b = seats
    players = len(session_accounts(session=session).seats)
    if a == b or not all(0 <= seat < players for seat in seats):
        raise LedgerError(
            LedgerErrorCode.BAD_HAND, "name two different seats of the table", field="seats"
        )
    live = list(session_live_hands(session=session).select_related("entered_by"))
    sequence: CorrectedHands = [
        (
            old,
            payload_seats_swapped(old.payload, a, b)
            if old.ordinal >= from_ordinal
            else old.payload,
        )
        for old in live
    ]
    changed = {old.pk for old, payload in sequence if payload != old.payload}
    first = next((old for old in live if old.pk in changed), None)
    if first is None:
        raise LedgerError(
            LedgerErrorCode.BAD_HAND,
            f"no live hand from hand {from_ordinal} on names seat {a} or seat {b}: nothing to swap",
            field="from_ordinal",
        )
    return SeatSwap(live=live, sequence=sequence, first=first, changed=changed)


def seats_swap_preview(
    *, session: Session, from_ordinal: int, seats: tuple[int, int], reason: str, by: User
) -> CorrectionPreview:
    """``seats_swap`` without writing: the same refusals, and each hand whose points move."""
    policy.check(
        by,
        Action.CORRECT_HAND,
        parlor_id=session.parlor_id,
        state=session.state,
        seated=is_seated(user=by, session=session),
    )
    swap = _swap_read(session, from_ordinal=from_ordinal, seats=seats, reason=reason)
    settled = sequence_settle(session, swap.sequence)
    return changes_preview(session, swap.live, swap.sequence, settled, shown=swap.changed)


STARTING_WINDS = ("East", "South", "West", "North")


def swap_reason(*, from_ordinal: int, seats: tuple[int, int], reason: str) -> str:
    """The correction's reason, kept in the books: the swap itself, then the corrector's words."""
    a, b = seats
    return (
        f"seats {a} ({STARTING_WINDS[a]}) and {b} ({STARTING_WINDS[b]}) swapped from hand"
        f" {from_ordinal} on: {reason.strip()}"
    )


@transaction.atomic
def seats_swap(
    *, session: Session, from_ordinal: int, seats: tuple[int, int], reason: str, by: User
) -> Correction:
    """Exchange ``seats`` in every live hand from ``from_ordinal`` on and re-post what changed.

    Raises ``PolicyRefusal`` (``parlor.policy``), or ``LedgerError``: ``reason_required``,
    ``bad_hand`` (the same seat twice, a seat not at the table, nothing to swap),
    ``session_settled``, ``correction_rejected_by_engine`` (the swapped game does not
    settle: the message names the hand and field).
    """
    session = session_lock_for_update(session_id=session.pk).get()
    policy.check(
        by,
        Action.CORRECT_HAND,
        parlor_id=session.parlor_id,
        state=session.state,
        seated=is_seated(user=by, session=session),
    )
    swap = _swap_read(session, from_ordinal=from_ordinal, seats=seats, reason=reason)
    settled = sequence_settle(session, swap.sequence)
    reopen = session.state == SessionState.CLOSED
    text = swap_reason(from_ordinal=from_ordinal, seats=seats, reason=reason)
    correction = Correction.objects.create(
        session=session,
        kind=CorrectionKind.AMEND,
        hand=swap.first,
        reason=text,
        reopened_session=reopen,
        created_by=by,
    )
    memo = text[:200]
    if reopen:
        session_reopen(session, by=by, correction=correction, memo=memo)
    hands_repost(session, swap.sequence, settled, by=by, correction=correction, memo=memo)
    return correction
