"""Recording a hand: the engine settles the game with it, the ledger posts what it moves.

``hand_record`` locks the session, refuses unless it is open, settles the
new hand through the engine's door (``ledger.play.games.game_settle``, one
``engine_door.games.settle`` call) from the game state stored with the
last live hand (``HandResult.game_state``: the cost of a hand does not grow
with the session), and posts the new hand's lines: transfers between players (a ``hand`` posting,
or ``penalty`` for a chonbo's), movements into and out of the table pot (a
``deposit`` posting), keeping the game state after the hand.
``hand_preview`` does the same and writes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from engine_door import ENGINE_VERSION
from engine_door.results import HandOutcome
from ledger.books.postings import Leg, PlannedPosting, postings_create
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.models import Correction, HandResult, PostingKind, Session, SessionState
from ledger.play.games import game_settle
from ledger.play.payloads import hand_payload_check
from ledger.play.penalties import penalties_record
from ledger.play.session_selectors import (
    NextHand,
    SessionAccounts,
    session_live_hands,
    session_next_hand,
)
from orm_bypass.related import related_loaded
from parlor import policy
from parlor.policy import Action

PENALTY_REASONS = frozenset({"chonbo"})


@dataclass(frozen=True, slots=True)
class HandPreview:
    """What recording the hand would do: its number, the engine's outcome, the postings."""

    ordinal: int
    outcome: HandOutcome
    postings: tuple[PlannedPosting, ...]

    @property
    def result(self) -> dict[str, Any]:
        """The outcome as ``HandResult.result`` would store it (the API shows this)."""
        return self.outcome.to_json()

    @property
    def game_ends(self) -> tuple[str, ...]:
        """Why the game ends with this hand (tobi, called_game, ...); empty while it goes on."""
        return self.outcome.game_ends


def hand_plan(
    *, result: HandOutcome, accounts: SessionAccounts, memo: str
) -> tuple[PlannedPosting, ...]:
    """The postings of one hand's engine result (transfers and deposits); empty ones left out."""
    kinds: dict[PostingKind, list[Leg]] = {
        PostingKind.HAND: [],
        PostingKind.PENALTY: [],
        PostingKind.DEPOSIT: [],
    }
    for line in result.transfers:
        kind = PostingKind.PENALTY if line.reason in PENALTY_REASONS else PostingKind.HAND
        kinds[kind] += [
            Leg(accounts.seats[line.payer], line.reason, -line.points, -line.chips),
            Leg(accounts.seats[line.payee], line.reason, line.points, line.chips),
        ]
    for deposit in result.deposits:
        kinds[PostingKind.DEPOSIT] += [
            Leg(accounts.seats[deposit.seat], deposit.reason, deposit.points),
            Leg(accounts.pot, deposit.reason, -deposit.points),
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


def _settle_next(
    next_hand: NextHand, payload: dict[str, Any]
) -> tuple[HandOutcome, dict[str, Any]]:
    """The engine's outcome of the next hand and the game state after it.

    The game continues from the state stored with the last live hand; a session whose
    last hand has none (recorded before states were kept) is replayed from its first hand.
    """
    session, start = next_hand.session, next_hand.state
    payloads, ordinals = [payload], [next_hand.ordinal]
    if next_hand.replay:
        live = list(session_live_hands(session=session).only("ordinal", "payload"))
        payloads = [hand.payload for hand in live] + payloads
        ordinals = [hand.ordinal for hand in live] + ordinals
    settled = game_settle(
        session=session,
        players=seat_players(next_hand.accounts),
        payloads=payloads,
        ordinals=ordinals,
        code=LedgerErrorCode.HAND_REJECTED_BY_ENGINE,
        start=start,
        start_ordinal=next_hand.last_live_ordinal,
    )
    return settled.hands[-1], settled.last_state()


def hand_options(payload: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The ruleset options a hand sends for itself, by field (``wins[0].record.options``).

    They override the session's configuration for that win; the rules of a session
    are the manager's, so only roles the policy allows may send them (``HAND_OPTIONS``).
    """
    found: dict[str, dict[str, Any]] = {}
    wins = payload.get("wins")
    for j, win in enumerate(wins if isinstance(wins, list) else []):
        record = win.get("record") if isinstance(win, Mapping) else None
        options = record.get("options") if isinstance(record, Mapping) else None
        if isinstance(options, Mapping) and options:
            found[f"wins[{j}].record.options"] = dict(options)
    return found


def hand_actions(payload: Mapping[str, Any]) -> list[Action]:
    """What recording this hand does, in the policy's words (each checked for the user)."""
    kind = payload.get("kind")
    penalises = (isinstance(kind, str) and kind in PENALTY_REASONS) or bool(payload.get("dead"))
    actions = [Action.RECORD_PENALTY if penalises else Action.RECORD_HAND]
    if hand_options(payload):
        actions.append(Action.HAND_OPTIONS)
    return actions


def hand_preview(*, session: Session, hand: Mapping[str, Any]) -> HandPreview:
    """What ``hand_record`` would record and post, without writing anything."""
    payload = _payload(hand)
    next_hand = session_next_hand(session_id=session.pk, lock=False)  # the state now
    _require_open(next_hand.session)
    result, _state = _settle_next(next_hand, payload)
    plan = hand_plan(result=result, accounts=next_hand.accounts, memo=f"hand {next_hand.ordinal}")
    return HandPreview(ordinal=next_hand.ordinal, outcome=result, postings=plan)


def _require_number(session: Session, *, expected: int | None, next_number: int) -> None:
    # Checked under the session's lock: of two desks expecting the same number, one records.
    if expected is not None and expected != next_number:
        raise LedgerError(
            LedgerErrorCode.WRONG_HAND_NUMBER,
            f"session {session.pk}'s next hand is number {next_number}, not {expected}:"
            f" hands up to {next_number - 1} are already recorded (by a retry of this request"
            " or by another desk); reload the session before entering the hand again",
        )


@dataclass(frozen=True, slots=True)
class RecordedHand:
    """A hand just written (its postings and entries loaded) and the session's accounts."""

    hand: HandResult
    accounts: SessionAccounts

    @property
    def seat_of(self) -> dict[int, int]:
        """Each seated player's id -> seat."""
        return {player.pk: seat for seat, player in enumerate(self.accounts.players)}


def hand_record_returning(
    *,
    session_id: int,
    hand: Mapping[str, Any],
    entered_by: User,
    expected_ordinal: int | None = None,
    savepoint: bool = True,
) -> RecordedHand:
    """``hand_record``, with the accounts; raises ``Session.DoesNotExist`` for no session.

    ``savepoint=False``: the caller's transaction rolls back whole on a refusal (the API's
    idempotent POST), so no savepoint of its own (two statements saved).
    """
    with transaction.atomic(savepoint=savepoint):
        return _record(
            session_id=session_id, hand=hand, entered_by=entered_by, expected=expected_ordinal
        )


def _record(
    *, session_id: int, hand: Mapping[str, Any], entered_by: User, expected: int | None
) -> RecordedHand:
    payload = _payload(hand)
    next_hand = session_next_hand(session_id=session_id, lock=True)
    seated = entered_by.pk in next_hand.seated_users
    for action in hand_actions(payload):
        policy.check(entered_by, action, parlor_id=next_hand.session.parlor_id, seated=seated)
    _require_open(next_hand.session)
    _require_number(next_hand.session, expected=expected, next_number=next_hand.ordinal)
    result, state = _settle_next(next_hand, payload)
    written = hand_result_write(
        session=next_hand.session,
        accounts=next_hand.accounts,
        ordinal=next_hand.ordinal,
        payload=payload,
        result=result,
        game_state=state,
        entered_by=entered_by,
        entered_at=timezone.now(),
        posted_by=entered_by,
    )
    return RecordedHand(written, next_hand.accounts)


def hand_record(
    *,
    session: Session,
    hand: Mapping[str, Any],
    entered_by: User,
    expected_ordinal: int | None = None,
) -> HandResult:
    """Record the next hand of an open session (one element of the game JSON's ``hands``).

    Settles it from the game state stored with the last live hand (one engine call
    whatever the session's length) and writes it with its postings, penalties and the
    game state after it. ``expected_ordinal``: the hand number the caller means to
    record; another number (the session moved on: a retry, or another desk was quicker)
    is refused with ``wrong_hand_number``, so one hand is never entered twice.

    Raises ``LedgerError``: ``session_not_open``, ``wrong_hand_number``, ``bad_hand``, or
    ``hand_rejected_by_engine`` with the engine's message and the field at fault.
    """
    return hand_record_returning(
        session_id=session.pk, hand=hand, entered_by=entered_by, expected_ordinal=expected_ordinal
    ).hand


def hand_result_write(
    *,
    session: Session,
    accounts: SessionAccounts,
    ordinal: int,
    payload: dict[str, Any],
    result: HandOutcome,
    game_state: dict[str, Any] | None,
    entered_by: User,
    entered_at: datetime,
    posted_by: User,
    supersedes: HandResult | None = None,
    correction: Correction | None = None,
) -> HandResult:
    """Write one hand version with its postings and penalties (hand_record and corrections).

    The hand is returned with its postings and their entries loaded (no query to show it).
    """
    # Written with its postings (postings_create), then their entries.
    hand = HandResult(
        session=session,
        ordinal=ordinal,
        version=1 if supersedes is None else supersedes.version + 1,
        supersedes=supersedes,
        correction=correction,
        kind=payload["kind"],
        payload=payload,
        result=result.to_json(),
        game_state=game_state,
        engine_version=ENGINE_VERSION,
        entered_by=entered_by,
        entered_at=entered_at,
    )
    memo = f"hand {ordinal}" if supersedes is None else f"hand {ordinal} v{hand.version}"
    postings = postings_create(
        session=session,
        planned=hand_plan(result=result, accounts=accounts, memo=memo),
        by=posted_by,
        hand=hand,
        correction=correction,
    )
    related_loaded(hand, "postings", postings)
    penalties_record(
        hand=hand, players=accounts.players, recorded_by=entered_by, recorded_at=entered_at
    )
    return hand


def seat_players(accounts: SessionAccounts) -> Sequence[str]:
    """The names the game JSON gives the seats: the players' member numbers."""
    return [player.member_number for player in accounts.players]
