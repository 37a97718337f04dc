"""Error codes of the ledger: one enum, and the exception every service raises.

A caller (the REST API, the admin, a Celery task) turns a ``LedgerError``
into its own response: ``code`` is stable and machine-readable, ``message``
is for people and names what is wrong (the hand, the seat, the field), and
``field`` names the input field at fault when there is one.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from engine_door.errors import EngineRefusal


class LedgerErrorCode(StrEnum):
    # Opening a session.
    WRONG_NUMBER_OF_SEATS = "wrong_number_of_seats"
    PLAYER_SEATED_TWICE = "player_seated_twice"
    NOT_IN_PARLOR = "not_in_parlor"
    INACTIVE = "inactive"
    TABLE_BUSY = "table_busy"
    BAD_RULESET_CONFIG = "bad_ruleset_config"
    # The rate prices another point scale than the ruleset scores in (Rate.point_unit).
    RATE_SCALE_MISMATCH = "rate_scale_mismatch"
    # Visits (ledger.counter.visits) and the floor (ledger.floor): a player checked in
    # already, a visit checked out already, a check-in above the player's credit limit
    # without a manager's override, a player without an open visit put on the floor.
    VISIT_ALREADY_OPEN = "visit_already_open"
    VISIT_NOT_OPEN = "visit_not_open"
    CREDIT_LIMIT_EXCEEDED = "credit_limit_exceeded"
    NOT_CHECKED_IN = "not_checked_in"
    # The floor: a player waiting for that game already, an entry no longer waiting, a staff
    # member clocked in already or not on the floor, no table or not enough players for a
    # proposal, a draw superseded, opened already, or whose players are no longer waiting.
    ALREADY_WAITING = "already_waiting"
    NOT_WAITING = "not_waiting"
    SHIFT_ALREADY_OPEN = "shift_already_open"
    SHIFT_NOT_OPEN = "shift_not_open"
    NO_PROPOSAL = "no_proposal"
    DRAW_STALE = "draw_stale"
    # Staff who play (issue 36): an advance to a player who is no staff member; an amount
    # (an advance, a back pay rate) that is not a whole number in range.
    NOT_A_MEMBER = "not_a_member"
    BAD_AMOUNT = "bad_amount"
    # Pauses in table time: a pause of a paused session, a resume of one that is not.
    ALREADY_PAUSED = "already_paused"
    NOT_PAUSED = "not_paused"
    # Hands.
    SESSION_NOT_OPEN = "session_not_open"
    BAD_HAND = "bad_hand"
    HAND_REJECTED_BY_ENGINE = "hand_rejected_by_engine"
    # The client expected to record another hand number: the session has moved on.
    WRONG_HAND_NUMBER = "wrong_hand_number"
    # Free text past its limit or not storable (docs/hardening.md, "Limits").
    BAD_TEXT = "bad_text"
    # Corrections.
    HAND_NOT_LIVE = "hand_not_live"
    REASON_REQUIRED = "reason_required"
    SESSION_SETTLED = "session_settled"
    CORRECTION_REJECTED_BY_ENGINE = "correction_rejected_by_engine"
    # Closing and settling.
    GAME_NOT_FINISHED = "game_not_finished"
    SESSION_NOT_CLOSED = "session_not_closed"
    # The books themselves.
    UNBALANCED_POSTING = "unbalanced_posting"
    NOT_AN_INTEGER = "not_an_integer"
    LEDGER_OUT_OF_STEP = "ledger_out_of_step"
    # The counter (ledger.counter): an entry that does not fit its kind (player, method,
    # category, amount); more taken from a deposit or prepaid balance than it holds, or a
    # payment beyond what the player owes or is owed; an entry reversed twice; a till
    # period closed already.
    BAD_COUNTER_ENTRY = "bad_counter_entry"
    BALANCE_EXCEEDED = "balance_exceeded"
    ENTRY_ALREADY_REVERSED = "entry_already_reversed"
    TILL_ALREADY_CLOSED = "till_already_closed"
    # A visit's check-out slip (ledger.counter.settle): the slip moved since it was shown
    # (a game closed or corrected, money taken), the player still sits in an open game, a
    # part of a confirmed slip reversed.
    SLIP_CHANGED = "slip_changed"
    STILL_PLAYING = "still_playing"
    SETTLED_ON_SLIP = "settled_on_slip"
    # Background jobs: the broker (Redis) did not take the task; nothing was posted.
    QUEUE_UNAVAILABLE = "queue_unavailable"
    # An export request the service refuses (kind, scope, dates; docs/jobs.md).
    BAD_EXPORT = "bad_export"


class RequestErrorCode(StrEnum):
    """Refusals by the interfaces (the API, the admin's forms), not by the books' rules."""

    # The request itself.
    BAD_JSON = "bad_json"
    BODY_TOO_LARGE = "body_too_large"
    OUT_OF_RANGE = "out_of_range"
    BAD_MELD = "bad_meld"
    # Idempotency-Key (docs/api.md, "Idempotency").
    BAD_IDEMPOTENCY_KEY = "bad_idempotency_key"
    IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused"
    # A hand POST without a retry guard, or with a malformed Expected-Hand-Number
    # (docs/api.md, "Retries and duplicate hands").
    RETRY_GUARD_REQUIRED = "retry_guard_required"
    BAD_HAND_NUMBER = "bad_hand_number"
    # Who may do what.
    NOT_ALLOWED = "not_allowed"
    # The acting user sits at the session's table as a player (issue 36): not their hands.
    SEATED_AT_TABLE = "seated_at_table"
    # The state of a row or of the service.
    PROTECTED = "protected"
    EXPORT_NOT_READY = "export_not_ready"
    DATABASE_UNAVAILABLE = "database_unavailable"


class AuditCheck(StrEnum):
    """What an audit finding is about (``ledger.books.audit``, whose docstring says each)."""

    POSTING_UNBALANCED = "posting_unbalanced"
    BALANCE_MISMATCH = "balance_mismatch"
    HAND_RESCORE_DIFFERS = "hand_rescore_differs"
    SESSION_REPLAY_REFUSED = "session_replay_refused"
    GAME_STATE_DIFFERS = "game_state_differs"
    ACCOUNT_OWNER_MISMATCH = "account_owner_mismatch"
    ENTRY_OUTSIDE_SESSION = "entry_outside_session"
    SESSION_ACCOUNTS_MISSING = "session_accounts_missing"
    PENALTY_SEAT_MISMATCH = "penalty_seat_mismatch"
    SETTLEMENT_OFF_RATE = "settlement_off_rate"
    STANDING_MISMATCH = "standing_mismatch"
    HAND_OPTIONS_NOT_ALLOWED = "hand_options_not_allowed"
    IDEMPOTENCY_ANSWER_DIFFERS = "idempotency_answer_differs"
    # The counter (ledger.counter.audit): the till against its entries, entries against
    # their postings, the till closes against their periods.
    TILL_MISMATCH = "till_mismatch"
    COUNTER_ENTRY_MISMATCH = "counter_entry_mismatch"
    # Staff who play (ledger.floor.audit): a game's back pay against its posting and rate.
    BACK_PAY_MISMATCH = "back_pay_mismatch"
    ROW_UNREADABLE = "row_unreadable"


class LedgerError(Exception):
    """A refused ledger operation: a code, a message naming the problem, the field at fault."""

    def __init__(
        self,
        code: LedgerErrorCode,
        message: str,
        *,
        field: str | None = None,
        engine_code: str | None = None,
        refusal: EngineRefusal | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        # The values the message names (a player, a rate, a count), for a page to say the
        # refusal in its user's language (the message itself is the API's, in English).
        self.params: Mapping[str, Any] = params or {}
        # The engine's own error code (bad_tiles, no_yaku, bad_game, ...) when it refused.
        self.engine_code = engine_code
        # Where the engine refused, when it did (the admin places the message by it).
        self.refusal = refusal

    def to_dict(self) -> dict[str, str]:
        out = {"code": self.code.value, "message": self.message}
        if self.field is not None:
            out["field"] = self.field
        if self.engine_code is not None:
            out["engine_code"] = self.engine_code
        return out

    def __repr__(self) -> str:
        return f"LedgerError({self.code.value!r}, {self.message!r}, field={self.field!r})"
