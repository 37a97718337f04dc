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

from ledger.counter.models import CounterEntry, CounterEntryKind, TillClose
from ledger.counter.visits import CreditLimit, Visit
from ledger.floor.models import FloorOptions, LeftBecause, SeatDraw, StaffShift, WaitingEntry
from ledger.models.accounts import Account, AccountKind
from ledger.models.closing import SessionClose, SessionClosing
from ledger.models.corrections import Correction, CorrectionKind
from ledger.models.hands import HandKind, HandResult, live_hand_q
from ledger.models.jobs import CloseJobState, JobError, JobErrorCode, job_error
from ledger.models.penalties import Penalty, PenaltyKind
from ledger.models.postings import LedgerEntry, Posting, PostingKind
from ledger.models.scoreboard import ScoreboardLink
from ledger.models.sessions import Session, SessionSeat, SessionState
from ledger.models.settlements import Settlement
from ledger.models.standings import Standing

__all__ = [
    "Account",
    "AccountKind",
    "CloseJobState",
    "Correction",
    "CorrectionKind",
    "CounterEntry",
    "CounterEntryKind",
    "CreditLimit",
    "FloorOptions",
    "HandKind",
    "HandResult",
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
    "SessionClosing",
    "SessionSeat",
    "SessionState",
    "StaffShift",
    "Settlement",
    "Standing",
    "TillClose",
    "Visit",
    "WaitingEntry",
    "job_error",
]
