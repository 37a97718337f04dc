"""A staff member's monthly statement for payroll: games, results, advances, back pay.

Read from the books alone (docs/floor.md, "The monthly statement"), for the business
days of one month in the parlor's time zone:

- games: each game the member sat in as staff (a shift open when it opened) and whose
  live close falls in the month; its result is what the close moved on the member's
  own account (the settlement's money less their fee: the ``settlement`` and ``fee``
  postings' legs on their ``player`` account);
- back pay: every leg on the member's ``member_back_pay`` account posted in the month
  (a reopened game's reversal included, so the total is the account's movement);
- advances: every leg on the member's ``member_advance`` account in the month (cash
  advanced negative, returned positive), and what is outstanding at the month's start
  and end.

A test (tests/ledger/floor/test_members.py) sums each figure back to the postings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from django.db.models import Q, Sum

from ledger.floor.models import BackPay
from ledger.models import (
    AccountKind,
    CounterEntry,
    LedgerEntry,
    PostingKind,
    Session,
    SessionState,
    Settlement,
    StaffShift,
)
from ledger.settle.business_days import business_day_bounds
from ledger.settle.settlement_selectors import only_live
from parlor.models import Parlor, Player


@dataclass
class GameLine:
    session: Session
    closed_at: datetime
    table: str
    placement: int
    result: int  # the money the close moved on the member's account (fee included)
    fee: int
    back_pay: int  # the live back pay of the game


@dataclass
class AdvanceLine:
    entry: CounterEntry
    amount: int  # on the member's advances account: advanced -, returned +


@dataclass
class MemberStatement:
    parlor: Parlor
    player: Player
    month: date  # its first day
    start: datetime
    end: datetime
    games: list[GameLine] = field(default_factory=list)
    advances: list[AdvanceLine] = field(default_factory=list)
    outstanding_before: int = 0  # advances owed at the month's start (positive: owed)
    back_pay: int = 0

    @property
    def results(self) -> int:
        return sum(line.result for line in self.games)

    @property
    def fees(self) -> int:
        return sum(line.fee for line in self.games)

    @property
    def advanced(self) -> int:
        return -sum(line.amount for line in self.advances if line.amount < 0)

    @property
    def returned(self) -> int:
        return sum(line.amount for line in self.advances if line.amount > 0)

    @property
    def outstanding_after(self) -> int:
        return self.outstanding_before + self.advanced - self.returned


def month_bounds(month: date) -> tuple[date, date]:
    first = month.replace(day=1)
    following = (first + timedelta(days=32)).replace(day=1)
    return first, following - timedelta(days=1)


def _member_sessions(player: Player, start: datetime, end: datetime) -> list[Session]:
    """Sessions closed in [start, end) that ``player`` sat in with a shift open at opening."""
    sessions = (
        Session.objects.filter(
            seats__player=player,
            closed_at__gte=start,
            closed_at__lt=end,
            state__in=[SessionState.CLOSED, SessionState.SETTLED],
        )
        .select_related("table")
        .order_by("closed_at", "pk")
    )
    shifts = list(
        StaffShift.objects.filter(parlor_id=player.parlor_id, player=player).values_list(
            "clocked_in_at", "clocked_out_at"
        )
    )
    return [
        session
        for session in sessions
        if any(
            came <= session.opened_at and (left is None or left > session.opened_at)
            for came, left in shifts
        )
    ]


def member_statement(*, parlor: Parlor, player: Player, month: date) -> MemberStatement:
    first, last = month_bounds(month)
    start, end = business_day_bounds(parlor=parlor, first=first, last=last)
    statement = MemberStatement(parlor, player, first, start, end)
    sessions = _member_sessions(player, start, end)
    ids = [session.pk for session in sessions]
    settlements = {
        row.session_id: row
        for row in only_live(Settlement.objects.filter(session_id__in=ids, player=player))
    }
    # What each close moved on the member's own account: the live settlement and fee legs.
    moved = dict(
        LedgerEntry.objects.filter(
            account__player=player,
            account__kind=AccountKind.PLAYER,
            posting__session_id__in=ids,
            posting__kind__in=[PostingKind.SETTLEMENT, PostingKind.FEE],
            posting__reversed_by__isnull=True,
        )
        .values("posting__session_id")
        .annotate(money=Sum("money"))
        .order_by()
        .values_list("posting__session_id", "money")
    )
    paid = dict(
        BackPay.objects.filter(session_id__in=ids, player=player, posting__reversed_by__isnull=True)
        .values("session_id")
        .annotate(amount=Sum("amount"))
        .order_by()
        .values_list("session_id", "amount")
    )
    for session in sessions:
        settlement = settlements.get(session.pk)
        if settlement is None:
            continue
        assert session.closed_at is not None
        statement.games.append(
            GameLine(
                session=session,
                closed_at=session.closed_at,
                table=session.table.name,
                placement=settlement.placement,
                result=int(moved.get(session.pk) or 0),
                fee=settlement.fee,
                back_pay=int(paid.get(session.pk) or 0),
            )
        )
    in_month = Q(posting__created_at__gte=start, posting__created_at__lt=end)
    statement.back_pay = int(
        LedgerEntry.objects.filter(
            in_month, account__player=player, account__kind=AccountKind.MEMBER_BACK_PAY
        ).aggregate(money=Sum("money", default=0))["money"]
    )
    advance_legs = dict(
        LedgerEntry.objects.filter(
            in_month, account__player=player, account__kind=AccountKind.MEMBER_ADVANCE
        ).values_list("posting_id", "money")
    )
    entries = CounterEntry.objects.filter(posting_id__in=advance_legs).select_related("created_by")
    statement.advances = [
        AdvanceLine(entry, advance_legs[entry.posting_id]) for entry in entries.order_by("pk")
    ]
    statement.outstanding_before = -int(
        LedgerEntry.objects.filter(
            account__player=player,
            account__kind=AccountKind.MEMBER_ADVANCE,
            posting__created_at__lt=start,
        ).aggregate(money=Sum("money", default=0))["money"]
    )
    return statement
