"""The floor's part of the ledger audit (``ledger.books.audit``): each game's back pay against
its posting, its rate and its game, and no back pay posting without its row."""

from __future__ import annotations

from collections import defaultdict

from ledger.books.audit import AuditFinding, AuditReport
from ledger.errors import AuditCheck
from ledger.floor.members import back_pay_rate_in_force
from ledger.models import AccountKind, BackPay, LedgerEntry, Posting, PostingKind, SessionSeat

BACK_PAY_MISMATCH = AuditCheck.BACK_PAY_MISMATCH


def _finding(report: AuditReport, subject: str, message: str, **details: int) -> None:
    report.findings.append(AuditFinding(BACK_PAY_MISMATCH, subject, message, dict(details)))


def back_pay_audit(report: AuditReport) -> None:
    rows = BackPay.objects.select_related("posting", "rate", "session__parlor").order_by("pk")
    legs: dict[int, dict[tuple[str, int | None], int]] = defaultdict(lambda: defaultdict(int))
    entries = LedgerEntry.objects.filter(posting__back_pay__isnull=False).values_list(
        "posting_id", "account__kind", "account__player_id", "money"
    )
    for posting_id, kind, player, money in entries:
        legs[posting_id][(kind, player)] += money
    for row in rows:
        subject = f"back pay {row.pk}"
        expected = {
            (str(AccountKind.MEMBER_BACK_PAY), row.player_id): row.amount,
            (str(AccountKind.BACK_PAY), None): -row.amount,
        }
        found = {key: money for key, money in legs[row.posting_id].items() if money}
        posting = row.posting
        if posting.kind != PostingKind.BACK_PAY or posting.session_id != row.session_id:
            _finding(report, subject, f"its posting {posting.pk} is not its game's back pay",
                     back_pay=row.pk, posting=posting.pk)  # fmt: skip
        elif found != expected:
            _finding(report, subject, f"its posting {posting.pk} does not move {row.amount} to"
                     " the member's back pay", back_pay=row.pk, posting=posting.pk)  # fmt: skip
        in_force = back_pay_rate_in_force(parlor=row.session.parlor, moment=posting.created_at)
        if row.amount != row.rate.amount or in_force is None or in_force.pk != row.rate_id:
            _finding(report, subject, f"{row.amount} is not the rate in force at the game's close",
                     back_pay=row.pk, rate=row.rate_id)  # fmt: skip
        if not SessionSeat.objects.filter(
            session_id=row.session_id, player_id=row.player_id
        ).exists():
            _finding(report, subject, f"player {row.player_id} did not sit in the game",
                     back_pay=row.pk, session=row.session_id)  # fmt: skip
    strays = Posting.objects.filter(kind=PostingKind.BACK_PAY, back_pay__isnull=True)
    for stray in strays.values_list("pk", flat=True).order_by("pk"):
        _finding(report, f"posting {stray}", "a back pay posting no back pay row explains",
                 posting=stray)  # fmt: skip
