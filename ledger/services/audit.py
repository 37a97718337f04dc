"""Auditing the books: a read-only check of the ledger's invariants against the stored rows.

Design overview. ``ledger_audit`` recomputes, from the rows alone, what the
services promise (docs/ledger.md, "Invariants") and lists every place where
the database disagrees:

- ``posting_unbalanced``: a posting whose legs do not sum to zero in points,
  chips or money (also checked per unit over the whole book).
- ``balance_mismatch``: a figure that stands for a balance disagrees with the
  sum of the entries behind it: an account's balance as the selectors give it;
  an open session's seats against the last live hand's stored scores and
  chips; a closed session's seats (points and chips must be back to zero,
  money equal to the live settlement's net money).
- ``hand_rescore_differs``: a live hand whose stored result differs from what
  the current engine computes when the session's live hands are replayed,
  naming both engine versions; ``session_replay_refused`` when the current
  engine refuses the stored game outright.

It writes nothing, so it is safe to run at any time (management command
``audit_ledger``, Celery task ``ledger.tasks.audit_ledger``). Retired hand
versions (voided or superseded) are not re-scored: their postings are reversed
and no longer move the books; the posting checks still cover them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from django.db.models import Sum

import engine
from ledger.games import game_json, starting_points
from ledger.models import Account, HandResult, LedgerEntry, Session, SessionState
from ledger.selectors import (
    account_balance,
    session_accounts,
    session_balances,
    session_live_hands,
    session_settlement,
)
from ledger.services.postings import AMOUNTS

POSTING_UNBALANCED = "posting_unbalanced"
BALANCE_MISMATCH = "balance_mismatch"
HAND_RESCORE_DIFFERS = "hand_rescore_differs"
SESSION_REPLAY_REFUSED = "session_replay_refused"


@dataclass(frozen=True, slots=True)
class AuditFinding:
    """One disagreement: which check, about what (``posting 12``, ``session 3 hand 4``), and how."""

    check: str
    subject: str
    message: str
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class AuditReport:
    engine_version: str
    postings: int = 0
    accounts: int = 0
    sessions: int = 0
    hands: int = 0
    findings: list[AuditFinding] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.findings

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "engine_version": self.engine_version,
            "checked": {
                "postings": self.postings,
                "accounts": self.accounts,
                "sessions": self.sessions,
                "hands": self.hands,
            },
            "findings": [asdict(finding) for finding in self.findings],
        }

    def lines(self) -> list[str]:
        """The report as text, one line per finding after a summary line."""
        verdict = "clean" if self.ok else f"{len(self.findings)} finding(s)"
        summary = (
            f"ledger audit with engine {self.engine_version}: {verdict};"
            f" checked {self.postings} postings, {self.accounts} accounts,"
            f" {self.sessions} sessions, {self.hands} live hands"
        )
        return [summary] + [f"[{f.check}] {f.subject}: {f.message}" for f in self.findings]


def ledger_audit(*, session_ids: Iterable[int] | None = None) -> AuditReport:
    """Check postings, balances and hand results; ``session_ids`` limits the session checks.

    Postings and account balances are always checked over the whole book.
    """
    report = AuditReport(engine_version=engine.__version__)
    _audit_postings(report)
    _audit_account_balances(report)
    sessions = Session.objects.order_by("pk")
    if session_ids is not None:
        sessions = sessions.filter(pk__in=list(session_ids))
    for session in sessions:
        report.sessions += 1
        _audit_session(report, session)
    return report


def _nonzero(sums: Mapping[str, Any]) -> dict[str, int]:
    return {amount: sums[amount] for amount in AMOUNTS if sums[amount]}


def _audit_postings(report: AuditReport) -> None:
    sums = {amount: Sum(amount, default=0) for amount in AMOUNTS}
    rows = LedgerEntry.objects.values("posting_id").annotate(**sums).order_by("posting_id")
    for row in rows:
        report.postings += 1
        if off := _nonzero(row):
            report.findings.append(
                AuditFinding(
                    POSTING_UNBALANCED,
                    f"posting {row['posting_id']}",
                    "legs do not sum to zero: " + ", ".join(f"{k} {v:+d}" for k, v in off.items()),
                    {"posting": row["posting_id"], **off},
                )
            )
    if off := _nonzero(LedgerEntry.objects.aggregate(**sums)):
        report.findings.append(
            AuditFinding(POSTING_UNBALANCED, "whole book", f"the book sums to {off}", off)
        )


def _audit_account_balances(report: AuditReport) -> None:
    summed: dict[int, dict[str, int]] = defaultdict(lambda: dict.fromkeys(AMOUNTS, 0))
    for account_id, *values in LedgerEntry.objects.values_list("account_id", *AMOUNTS):
        for amount, value in zip(AMOUNTS, values, strict=True):
            summed[account_id][amount] += value
    for account in Account.objects.order_by("pk"):
        report.accounts += 1
        shown = asdict(account_balance(account=account))
        expected = summed[account.pk]
        if shown != expected:
            _mismatch(report, f"account {account.pk} ({account})", shown, expected)


def _mismatch(
    report: AuditReport, subject: str, stored: Mapping[str, int], entries: Mapping[str, int]
) -> None:
    report.findings.append(
        AuditFinding(
            BALANCE_MISMATCH,
            subject,
            f"stored {dict(stored)} but the entries sum to {dict(entries)}",
            {"stored": dict(stored), "entries": dict(entries)},
        )
    )


def _audit_session(report: AuditReport, session: Session) -> None:
    accounts = session_accounts(session=session)
    balances = session_balances(session=session)
    live = list(session_live_hands(session=session))
    report.hands += len(live)
    seat_totals = [balances.get(account.pk) for account in accounts.seats]
    posted = [
        {amount: getattr(total, amount) if total else 0 for amount in AMOUNTS}
        for total in seat_totals
    ]
    if session.state == SessionState.OPEN:
        start = starting_points(session=session)
        last = live[-1].result if live else None
        for seat, entries in enumerate(posted):
            stored = {
                "points": last["scores"][seat] - start if last else 0,
                "chips": last["chips"][seat] if last else 0,
            }
            if stored != {"points": entries["points"], "chips": entries["chips"]}:
                subject = f"session {session.pk} seat {seat}"
                _mismatch(report, subject, stored, {k: entries[k] for k in stored})
    else:
        net = {row.seat: row.net_money for row in session_settlement(session=session)}
        for seat, entries in enumerate(posted):
            stored = {"points": 0, "chips": 0, "money": net.get(seat, 0)}
            if stored != entries:
                _mismatch(report, f"session {session.pk} seat {seat} (closed)", stored, entries)
    if live:
        _audit_rescore(report, session, live, players=[p.member_number for p in accounts.players])


def _audit_rescore(
    report: AuditReport, session: Session, live: list[HandResult], *, players: list[str]
) -> None:
    replay = engine.settle_game(
        game_json(session=session, players=players, payloads=[hand.payload for hand in live])
    )
    if not replay.get("ok"):
        error = replay.get("error") or {}
        report.findings.append(
            AuditFinding(
                SESSION_REPLAY_REFUSED,
                f"session {session.pk}",
                f"engine {engine.__version__} refuses the stored hands: {error.get('message')}",
                {
                    "engine_code": error.get("code"),
                    "stored_engine_versions": sorted({hand.engine_version for hand in live}),
                    "current_engine_version": engine.__version__,
                },
            )
        )
        return
    for hand, rescored in zip(live, replay["hands"], strict=True):
        if hand.result == rescored:
            continue
        missing = object()  # a key only one side has differs too
        keys = sorted(
            key
            for key in hand.result.keys() | rescored.keys()
            if hand.result.get(key, missing) != rescored.get(key, missing)
        )
        report.findings.append(
            AuditFinding(
                HAND_RESCORE_DIFFERS,
                f"session {session.pk} hand {hand.ordinal} v{hand.version}",
                f"stored result (engine {hand.engine_version}) differs from engine"
                f" {engine.__version__}'s in: {', '.join(keys)}",
                {
                    "hand": hand.pk,
                    "fields": keys,
                    "stored_engine_version": hand.engine_version,
                    "current_engine_version": engine.__version__,
                    "stored": {k: hand.result.get(k) for k in keys},
                    "rescored": {k: rescored.get(k) for k in keys},
                },
            )
        )
