"""Staff who play (issue 36, item 3): who is a member at a table, advances, back pay.

A *member* is a staff member who sits at a table as a player: the player record
of a :class:`~ledger.floor.models.StaffShift`. Their game results go to that
player's own account like anyone's; the staff side is kept apart, in the same
books (docs/floor.md, "Staff who play"):

- cash advanced to play with (アウト) and returned: counter entries
  ``member_advance`` / ``member_repaid`` through the till, on the
  member's ``member_advance`` account (never above zero: no more comes back than
  was advanced); the desk's (policy ``member_advance``);
- back pay per game played (ゲームバック): at each close of a game a member sat in
  (a seat whose player had a shift open when the session opened), a
  ``back_pay`` posting of that session moves the rate in force at the close from
  the parlor's ``back_pay`` account to the member's ``member_back_pay``; reopening
  the game reverses it with the rest of the close. The rate is the manager's
  (``set_back_pay``): each change a new :class:`BackPayRate` row, with who and when.

A player at a table may not referee it: ``ledger.floor.seated`` names the logins
that sit in a session (the players' linked logins and the staff who sit as them),
and the hand, correction and close services pass ``seated`` to the policy.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q, QuerySet, Sum

from ledger.books.postings import Leg, PlannedPosting, posting_create
from ledger.counter.models import CounterEntry, CounterEntryKind, PaymentMethod
from ledger.counter.services import MAX_AMOUNT, counter_entry_record
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.floor.models import BackPay, BackPayRate
from ledger.models import (
    Account,
    AccountKind,
    LedgerEntry,
    PostingKind,
    Session,
    StaffShift,
)
from orm_bypass.inserts import rows_insert
from parlor import policy
from parlor.models import Parlor, Player
from parlor.policy import Action

MEMO_MAX_LENGTH = 200


# --- members -------------------------------------------------------------------------------


def is_member(*, player: Player) -> bool:
    """Whether ``player`` is a staff member's player record (a shift was ever clocked in)."""
    return StaffShift.objects.filter(parlor_id=player.parlor_id, player=player).exists()


def member_players(*, parlor: Parlor) -> QuerySet[Player]:
    """The parlor's members: players some staff member clocked in as, by name."""
    shifts = StaffShift.objects.filter(parlor=parlor).values("player_id")
    return Player.objects.filter(pk__in=shifts).order_by("name", "pk")


def members_at(*, session: Session, shifts: Iterable[StaffShift]) -> dict[int, StaffShift]:
    """The session's members: each seated player with a shift open when it opened (the
    first such), by player; ``shifts`` are the seats' (``ledger.floor.seated.seat_shifts``)."""
    opened = session.opened_at
    found: dict[int, StaffShift] = {}
    for shift in sorted(shifts, key=lambda s: (s.clocked_in_at, s.pk)):
        if shift.clocked_in_at <= opened and (
            shift.clocked_out_at is None or shift.clocked_out_at > opened
        ):
            found.setdefault(shift.player_id, shift)
    return found


# --- the back pay rate ---------------------------------------------------------------------


def back_pay_rate_in_force(*, parlor: Parlor, moment: datetime) -> BackPayRate | None:
    """The rate set last at or before ``moment`` (None: never set, no back pay)."""
    return (
        BackPayRate.objects.filter(parlor=parlor, set_at__lte=moment)
        .order_by("-set_at", "-pk")
        .first()
    )


def _memo(text: str) -> str:
    memo = (text or "").strip()
    if len(memo) > MEMO_MAX_LENGTH or not memo.isprintable():
        raise LedgerError(
            LedgerErrorCode.BAD_TEXT,
            f"the memo is at most {MEMO_MAX_LENGTH} printable characters",
            field="memo",
            params={"limit": MEMO_MAX_LENGTH},
        )
    return memo


def _amount(amount: object, *, least: int) -> int:
    if type(amount) is not int or not least <= amount <= MAX_AMOUNT:
        raise LedgerError(
            LedgerErrorCode.BAD_AMOUNT,
            f"the amount must be a whole number from {least} to {MAX_AMOUNT} in the currency's"
            f" minor unit, not {amount!r}",
            field="amount",
            params={"least": least},
        )
    return amount


def back_pay_rate_set(*, parlor: Parlor, amount: int, by: User, memo: str = "") -> BackPayRate:
    """A new back pay per game, in force from now (policy ``set_back_pay``). The rows before
    stay: each game's back pay names the rate it was paid at."""
    policy.check(by, Action.SET_BACK_PAY, parlor_id=parlor.pk)
    return BackPayRate.objects.create(
        parlor=parlor, amount=_amount(amount, least=0), set_by=by, memo=_memo(memo)
    )


# --- back pay at a game's close ------------------------------------------------------------


def _back_pay_accounts(
    *, parlor_id: int, players: list[int]
) -> dict[tuple[str, int | None], Account]:
    wanted = [Account(parlor_id=parlor_id, kind=AccountKind.BACK_PAY)]
    wanted += [
        Account(parlor_id=parlor_id, kind=AccountKind.MEMBER_BACK_PAY, player_id=player)
        for player in players
    ]
    rows_insert(Account, wanted, ignore_conflicts=True)
    found = Account.objects.filter(
        Q(parlor_id=parlor_id, kind=AccountKind.BACK_PAY)
        | Q(kind=AccountKind.MEMBER_BACK_PAY, player_id__in=players)
    )
    return {(account.kind, account.player_id): account for account in found}


def back_pay_post(
    *, session: Session, shifts: Iterable[StaffShift], closed_at: datetime, by: User
) -> list[BackPay]:
    """The back pay of each member who sat in ``session`` (called by its close, in the close's
    transaction, with the seats' shifts): the rate in force at ``closed_at``, one
    ``back_pay`` posting per member. No member: no query."""
    members = members_at(session=session, shifts=shifts)
    if not members:
        return []
    rate = back_pay_rate_in_force(parlor=session.parlor, moment=closed_at)
    if rate is None or rate.amount == 0:
        return []
    accounts = _back_pay_accounts(parlor_id=session.parlor_id, players=sorted(members))
    house = accounts[(AccountKind.BACK_PAY, None)]
    rows = []
    for player_id, shift in sorted(members.items()):
        member = accounts[(AccountKind.MEMBER_BACK_PAY, player_id)]
        legs = (
            Leg(member, "back_pay", money=rate.amount),
            Leg(house, "back_pay", money=-rate.amount),
        )
        posting = posting_create(
            session=session,
            planned=PlannedPosting(PostingKind.BACK_PAY, legs, memo="back pay"),
            by=by,
        )
        rows.append(
            BackPay(
                parlor_id=session.parlor_id,
                session=session,
                player_id=player_id,
                shift=shift,
                rate=rate,
                amount=rate.amount,
                posting=posting,
                created_at=posting.created_at,
            )
        )
    rows_insert(BackPay, rows)
    return rows


# --- advances (アウト) -----------------------------------------------------------------------


def _require_member(player: Player, parlor: Parlor) -> None:
    if player.parlor_id != parlor.pk:
        raise LedgerError(
            LedgerErrorCode.NOT_IN_PARLOR,
            f"player {player} is not a player of parlor {parlor}",
            field="player",
        )
    if not is_member(player=player):
        raise LedgerError(
            LedgerErrorCode.NOT_A_MEMBER,
            f"{player} is not a staff member who plays: no staff member has clocked in as them",
            field="player",
            params={"name": str(player)},
        )


@transaction.atomic
def member_advance(
    *, parlor: Parlor, player: Player, amount: int, by: User, returned: bool = False, memo: str = ""
) -> CounterEntry:
    """Cash from the till to a member to play with (アウト), or (``returned``) back from them:
    a counter entry through the till (policy ``member_advance``). A return beyond what is
    outstanding is refused (``balance_exceeded``)."""
    policy.check(by, Action.MEMBER_ADVANCE, parlor_id=parlor.pk)
    _require_member(player, parlor)
    kind = CounterEntryKind.MEMBER_ADVANCE_RETURNED if returned else CounterEntryKind.MEMBER_ADVANCE
    return counter_entry_record(
        parlor=parlor,
        kind=kind,
        amount=_amount(amount, least=1),
        method=PaymentMethod.CASH,
        by=by,
        player=player,
        memo=_memo(memo),
        member_checked=True,
    )


def advances_outstanding(*, player: Player, before: datetime | None = None) -> int:
    """What the member owes of cash advanced (positive), from the books; ``before``: as then."""
    entries = LedgerEntry.objects.filter(
        account__player=player, account__kind=AccountKind.MEMBER_ADVANCE
    )
    if before is not None:
        entries = entries.filter(posting__created_at__lt=before)
    return -int(entries.aggregate(money=Sum("money", default=0))["money"])
