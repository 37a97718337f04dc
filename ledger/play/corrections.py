"""Corrections: void or amend a hand; the books are re-settled, never edited.

Later hands depend on earlier ones (dealer, honba, sticks on the table,
scores for tobi), so a correction replays the whole corrected sequence of
live hands through the engine's door (``ledger.play.games.game_settle``). Every
live hand whose engine result changes (the amended one always) gets a new
HandResult version that supersedes the old one; the old version's postings are
reversed and the new version's posted. A voided hand's postings are reversed and it leaves the
live sequence. Hands before the corrected one are untouched.

A correction on a closed session also reverses the close's postings (game
end, settlement, fee), which supersedes its Settlement rows (the reversal
names the correction; ``ledger.settle.settlement_selectors`` no longer counts
them), and reopens the session: it must be closed again. A settled session refuses corrections.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from engine_door.results import SettledGame
from ledger.books.postings import posting_reverse
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.floor.seated import is_seated
from ledger.models import (
    Correction,
    CorrectionKind,
    HandResult,
    Posting,
    PostingKind,
    Session,
    SessionState,
)
from ledger.play.engine_results import hand_outcome
from ledger.play.game_end import GameEndChange, game_end_of
from ledger.play.games import game_settle
from ledger.play.hands import hand_result_write, seat_players
from ledger.play.payloads import hand_payload_check, reason_check
from ledger.play.session_selectors import (
    session_accounts,
    session_live_hands,
    session_lock_for_update,
)
from ledger.settle.events import close_reversed
from parlor import policy
from parlor.policy import Action

CLOSE_POSTING_KINDS = (
    PostingKind.GAME_END,
    PostingKind.SETTLEMENT,
    PostingKind.FEE,
    PostingKind.BACK_PAY,
)


def _live_postings(postings: QuerySet[Posting]) -> QuerySet[Posting]:
    return postings.filter(reversed_by__isnull=True).exclude(kind=PostingKind.CORRECTION)


def _reverse_all(
    postings: QuerySet[Posting], *, by: User, correction: Correction, memo: str
) -> None:
    for posting in _live_postings(postings).select_related("session", "hand").order_by("pk"):
        posting_reverse(posting=posting, by=by, correction=correction, memo=memo)


def _check_request(
    *, kind: CorrectionKind, reason: str, payload: Mapping[str, Any] | None
) -> dict[str, Any] | None:
    if not reason.strip():
        raise LedgerError(
            LedgerErrorCode.REASON_REQUIRED, "a correction needs a reason", field="reason"
        )
    reason_check(reason)
    if kind == CorrectionKind.VOID:
        if payload is not None:
            raise LedgerError(
                LedgerErrorCode.BAD_HAND, "voiding a hand takes no new hand", field="payload"
            )
        return None
    if not isinstance(payload, Mapping):
        raise LedgerError(
            LedgerErrorCode.BAD_HAND,
            "amending a hand needs the corrected hand as a JSON object",
            field="payload",
        )
    hand_payload_check(payload, prefix="payload")
    return dict(payload)


CorrectedHands = list[tuple[HandResult, dict[str, Any]]]


def _live_of(session: Session, hand: HandResult) -> list[HandResult]:
    """The session's live hands; refuses a settled session and a hand that is not live."""
    if session.state == SessionState.SETTLED:
        raise LedgerError(
            LedgerErrorCode.SESSION_SETTLED,
            f"session {session.pk} is settled (its money changed hands): it cannot be corrected",
        )
    live = list(session_live_hands(session=session).select_related("entered_by"))
    if hand.pk not in {h.pk for h in live}:
        raise LedgerError(
            LedgerErrorCode.HAND_NOT_LIVE,
            f"{hand} of session {session.pk} has been voided or superseded: correct the live"
            " version of the hand",
            field="hand",
        )
    return live


def _corrected_game(
    session: Session,
    live: list[HandResult],
    hand: HandResult,
    new_payload: dict[str, Any] | None,
) -> tuple[CorrectedHands, SettledGame]:
    """The corrected game (the voided hand left out, or the amended one replaced), settled."""
    sequence: CorrectedHands = []
    for old in live:
        if old.pk != hand.pk:
            sequence.append((old, old.payload))
        elif new_payload is not None:
            sequence.append((old, new_payload))
    return sequence, sequence_settle(session, sequence)


def sequence_settle(session: Session, sequence: CorrectedHands) -> SettledGame:
    """The corrected sequence of hands settled by the engine (a refusal names its hand)."""
    return game_settle(
        session=session,
        players=seat_players(session_accounts(session=session)),
        payloads=[payload_ for _, payload_ in sequence],
        ordinals=[old.ordinal for old, _ in sequence],
        code=LedgerErrorCode.CORRECTION_REJECTED_BY_ENGINE,
    )


@dataclass(frozen=True, slots=True)
class ChangedHand:
    ordinal: int
    before: tuple[int, ...]
    # None: the hand is voided (it leaves the game).
    after: tuple[int, ...] | None
    chips_before: tuple[int, ...] = ()
    chips_after: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class CorrectionPreview:
    """What ``correction_post`` would change: each hand whose points or chips move, the
    totals of both, whether a closed session reopens and where the game ends."""

    changed: list[ChangedHand]
    totals_before: tuple[int, ...]
    totals_after: tuple[int, ...]
    reopens_session: bool
    chips_before: tuple[int, ...] = ()
    chips_after: tuple[int, ...] = ()
    game_end: GameEndChange = GameEndChange(None, None)


def correction_preview(
    *,
    hand: HandResult,
    kind: CorrectionKind,
    reason: str,
    payload: Mapping[str, Any] | None = None,
) -> CorrectionPreview:
    """``correction_post`` without writing: the same refusals, and what would move."""
    new_payload = _check_request(kind=kind, reason=reason, payload=payload)
    session = Session.objects.get(pk=hand.session_id)
    live = _live_of(session, hand)
    sequence, settled = _corrected_game(session, live, hand, new_payload)
    return changes_preview(session, live, sequence, settled, shown={hand.pk})


def changes_preview(
    session: Session,
    live: list[HandResult],
    sequence: CorrectedHands,
    settled: SettledGame,
    *,
    shown: set[int],
) -> CorrectionPreview:
    """Each live hand whose points or chips move in ``settled`` (and those ``shown``), with
    the totals, and where the game ends before and after."""
    seats = len(session_accounts(session=session).seats)
    after_of = {old.pk: outcome for (old, _), outcome in zip(sequence, settled.hands, strict=True)}
    outcomes_before = [hand_outcome(old) for old in live]
    changed = []
    totals = {name: [0] * seats for name in ("points", "points_after", "chips", "chips_after")}
    for old, outcome in zip(live, outcomes_before, strict=True):
        before, chips_before = outcome.seat_points(seats), outcome.seat_chips(seats)
        new = after_of.get(old.pk)
        after = None if new is None else new.seat_points(seats)
        chips_after = None if new is None else new.seat_chips(seats)
        _add(totals["points"], before)
        _add(totals["chips"], chips_before)
        _add(totals["points_after"], after or ())
        _add(totals["chips_after"], chips_after or ())
        if (after, chips_after) != (before, chips_before) or old.pk in shown:
            changed.append(ChangedHand(old.ordinal, before, after, chips_before, chips_after))
    end_before = game_end_of(live, outcomes_before)
    end_after = game_end_of([old for old, _ in sequence], settled.hands)
    return CorrectionPreview(
        changed=changed,
        totals_before=tuple(totals["points"]),
        totals_after=tuple(totals["points_after"]),
        reopens_session=session.state == SessionState.CLOSED,
        chips_before=tuple(totals["chips"]),
        chips_after=tuple(totals["chips_after"]),
        game_end=GameEndChange(end_before[0], end_after[0], end_before[1], end_after[1]),
    )


def _add(totals: list[int], amounts: Sequence[int]) -> None:
    for seat, amount in enumerate(amounts):
        totals[seat] += amount


@transaction.atomic
def correction_post(
    *,
    hand: HandResult,
    kind: CorrectionKind,
    reason: str,
    by: User,
    payload: Mapping[str, Any] | None = None,
) -> Correction:
    """Void ``hand`` or replace it by ``payload`` (amend), re-settling the hands after it.

    ``hand`` must be a live version. Raises ``LedgerError``: ``reason_required``,
    ``bad_hand``, ``hand_not_live``, ``session_settled``, or
    ``correction_rejected_by_engine`` when the corrected game does not settle
    (the message names the hand and field). Who may: ``parlor.policy`` (managers).
    """
    new_payload = _check_request(kind=kind, reason=reason, payload=payload)
    session = session_lock_for_update(session_id=hand.session_id).get()
    correct_action = Action.VOID_HAND if kind == CorrectionKind.VOID else Action.CORRECT_HAND
    policy.check(
        by, correct_action, parlor_id=session.parlor_id, seated=is_seated(user=by, session=session)
    )
    live = _live_of(session, hand)
    sequence, settled = _corrected_game(session, live, hand, new_payload)
    reopen = session.state == SessionState.CLOSED
    correction = Correction.objects.create(
        session=session,
        kind=kind,
        hand=hand,
        reason=reason.strip(),
        reopened_session=reopen,
        created_by=by,
    )
    memo = f"{kind} hand {hand.ordinal}: {reason.strip()}"[:200]
    if reopen:
        session_reopen(session, by=by, correction=correction, memo=memo)
    if kind == CorrectionKind.VOID:
        _reverse_all(hand.postings.all(), by=by, correction=correction, memo=memo)
    hands_repost(
        session,
        sequence,
        settled,
        by=by,
        correction=correction,
        memo=memo,
        amended=hand.pk,
    )
    return correction


def session_reopen(session: Session, *, by: User, correction: Correction, memo: str) -> None:
    """A closed session's close reversed (game end, settlement, fee): it is open again."""
    closing = Posting.objects.filter(
        session=session, hand__isnull=True, kind__in=CLOSE_POSTING_KINDS
    )
    # The posting the Settlement rows hang off: the settlement's, or in a points-only game
    # (no money posted) the game end's.
    kind = PostingKind.GAME_END if session.points_only else PostingKind.SETTLEMENT
    settlement = _live_postings(closing).filter(kind=kind).first()
    _reverse_all(closing, by=by, correction=correction, memo=memo)
    if settlement is not None:
        close_reversed.send(sender=Session, session=session, posting=settlement)
    session.state, session.closed_by, session.closed_at = SessionState.OPEN, None, None
    session.save(update_fields=["state", "closed_by", "closed_at"])


def hands_repost(
    session: Session,
    sequence: CorrectedHands,
    settled: SettledGame,
    *,
    by: User,
    correction: Correction,
    memo: str,
    amended: int | None = None,
) -> None:
    """Each hand of the corrected game whose payload, result or state changed: reversed and
    posted again as a new version (``amended``: the pk of the hand the corrector re-entered)."""
    accounts = session_accounts(session=session)
    now = timezone.now()
    for (old, payload_), result, state in zip(
        sequence, settled.hands, settled.states or (), strict=True
    ):
        corrected = old.pk == amended
        # A later hand is kept while its payload, its result and the game state after it
        # stand (a hand recorded before states were kept has none: the next hand replays).
        unchanged = payload_ == old.payload and old.result == result.to_json()
        if not corrected and unchanged and old.game_state in (None, state):
            continue
        _reverse_all(old.postings.all(), by=by, correction=correction, memo=memo)
        hand_result_write(
            session=session,
            accounts=accounts,
            ordinal=old.ordinal,
            payload=payload_,
            result=result,
            game_state=state,
            # A later hand re-settled keeps who entered it; the amended one is the corrector's.
            entered_by=by if corrected else old.entered_by,
            entered_at=now if corrected else old.entered_at,
            posted_by=by,
            supersedes=old,
            correction=correction,
        )


def hand_void(*, hand: HandResult, reason: str, by: User) -> Correction:
    """Void a hand that should not have been recorded (see ``correction_post``)."""
    return correction_post(hand=hand, kind=CorrectionKind.VOID, reason=reason, by=by)


def hand_amend(
    *, hand: HandResult, payload: Mapping[str, Any], reason: str, by: User
) -> Correction:
    """Replace a hand by its corrected version (see ``correction_post``)."""
    return correction_post(
        hand=hand, kind=CorrectionKind.AMEND, reason=reason, by=by, payload=payload
    )
