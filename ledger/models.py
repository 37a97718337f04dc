"""The ledger's models, one module per domain.

Design overview (details in docs/ledger.md). A :class:`Session` is one game
at one table: ordered seats, the ruleset and rate copied when it opened, and
a state (open, closed, settled). Each hand staff enter is a
:class:`HandResult` holding the hand as the game JSON has it and the
engine's result for it; the engine (``engine.settle_game``) is the only
judge of scores. What a hand moves is posted to the books
(:class:`Posting` with balanced :class:`LedgerEntry` legs between
:class:`Account` rows: players, the table pot, the parlor's fee and house
accounts). Corrections, penalties and settlements are append-only records
linked to the hands and postings they explain.
"""

from ledger.books.models import Account, AccountKind, LedgerEntry, Posting, PostingKind
from ledger.counter.models import CounterEntry, CounterEntryKind, TillClose
from ledger.counter.visits import CreditLimit, InvoiceRegistration, Visit, VisitSettlement
from ledger.floor.models import (
    BackPay,
    BackPayRate,
    FloorOptions,
    LeftBecause,
    SeatDraw,
    SessionPause,
    StaffShift,
    WaitingEntry,
)
from ledger.play.models import (
    Correction,
    CorrectionKind,
    HandKind,
    HandResult,
    Penalty,
    PenaltyKind,
    ScoreboardLink,
    Session,
    SessionSeat,
    SessionState,
    live_hand_q,
)
from ledger.settle.models import (
    CloseJobState,
    JobError,
    JobErrorCode,
    SessionClose,
    SessionClosing,
    Settlement,
    Standing,
    job_error,
)

__all__ = [
    "Account",
    "AccountKind",
    "BackPay",
    "BackPayRate",
    "CloseJobState",
    "Correction",
    "CorrectionKind",
    "CounterEntry",
    "CounterEntryKind",
    "CreditLimit",
    "FloorOptions",
    "HandKind",
    "HandResult",
    "InvoiceRegistration",
    "LeftBecause",
    "live_hand_q",
    "JobError",
    "JobErrorCode",
    "LedgerEntry",
    "Penalty",
    "PenaltyKind",
    "Posting",
    "PostingKind",
    "ScoreboardLink",
    "SeatDraw",
    "Session",
    "SessionClose",
    "SessionPause",
    "SessionClosing",
    "SessionSeat",
    "SessionState",
    "StaffShift",
    "Settlement",
    "Standing",
    "TillClose",
    "Visit",
    "VisitSettlement",
    "WaitingEntry",
    "job_error",
]
