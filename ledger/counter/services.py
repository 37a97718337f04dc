"""Recording counter entries and their reversals: the only code that writes them.

Each entry is written with its balanced posting in one transaction, after
the parlor's row is locked: the counter of one parlor records
one entry at a time, so the balance checks below and a till close never see
a half-written period. Refusals (``LedgerError``) name what is wrong:

- ``bad_counter_entry``: a kind that needs a player without one (or the other
  way round), a player of another parlor, a payment method the kind does not
  take (only cash for the float, cash drops and the till's differences; only
  ``balance`` between a player's own accounts), a sale or paid-out without a
  category, an amount that is not a positive integer;
- ``balance_exceeded``: a deposit or prepaid balance would go below zero, a
  payment from the player beyond what they owe, or to the player beyond what
  they are owed (and so prepaid or a deposit applied beyond what is owed);
- ``entry_already_reversed``: a reversal of a reversed entry, or of a reversal;
- ``settled_on_slip``: a reversal of a part of a visit's settlement (the slip was
  confirmed as a whole; a mistake found later is carried onto the next slip).

An entry with a player is made during the player's open visit when they have one
(``visit``), so the check-out slip lists it (``ledger.counter.slip``).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Sum
from django.utils import timezone

from ledger.books.postings import Leg, PlannedPosting, posting_create, posting_reverse
from ledger.counter.kinds import CHARGES, MONEY_SIDE, PLAYER_KINDS, RULES
from ledger.counter.models import CounterEntry
from ledger.counter.visits import Visit
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.models import Account, AccountKind, LedgerEntry, PostingKind
from ledger.settle.business_days import business_day_of
from orm_bypass.inserts import rows_insert
from parlor import policy
from parlor.models import Parlor, Player
from parlor.policy import Action

# An amount above this is a typing slip, not money at a counter (and stays far from bigint).
MAX_AMOUNT = 10**12
PLAYER_ACCOUNT_KINDS = (AccountKind.PLAYER, AccountKind.PLAYER_DEPOSIT, AccountKind.PLAYER_PREPAID)
# Accounts that never go below zero: the parlor holds what it holds for the player.
NEVER_NEGATIVE = frozenset({AccountKind.PLAYER_DEPOSIT, AccountKind.PLAYER_PREPAID})
# A staff member's advances never go above zero: no more is returned than was advanced.
NEVER_POSITIVE = frozenset({AccountKind.MEMBER_ADVANCE})


def counter_accounts(
    *, parlor: Parlor, player: Player | None, member: bool = False
) -> dict[str, Account]:
    """The parlor's counter accounts and the player's three, created on first use
    (``member``: and the staff member's advances account)."""
    wanted = [Account(parlor=parlor, kind=kind) for kind in MONEY_SIDE.values()]
    wanted += [
        Account(parlor=parlor, kind=kind)
        for kind in (
            AccountKind.SALES,
            AccountKind.PAID_OUT,
            AccountKind.SAFE,
            AccountKind.OVER_SHORT,
        )
    ]
    player_kinds = PLAYER_ACCOUNT_KINDS + ((AccountKind.MEMBER_ADVANCE,) if member else ())
    if player is not None:
        wanted += [Account(parlor=parlor, kind=kind, player=player) for kind in player_kinds]
    rows_insert(Account, wanted, ignore_conflicts=True)
    found = Account.objects.filter(parlor=parlor, player=None, table=None)
    accounts = {account.kind: account for account in found}
    if player is not None:
        for account in Account.objects.filter(player=player, kind__in=player_kinds):
            accounts[account.kind] = account
    return accounts


def _till_lock(parlor: Parlor) -> None:
    """Serialize the parlor's counter until commit: its parlor row, locked.

    The parlor's row, not the till account's: the service role may lock only rows it may
    update (database/privileges.py), and the books' accounts are not among them.
    """
    list(Parlor.objects.select_for_update().filter(pk=parlor.pk).values_list("pk", flat=True))


def money_balances(accounts: Iterable[Account]) -> dict[int, int]:
    """Each account's money, by id (accounts without entries: 0)."""
    ids = [account.pk for account in accounts]
    sums = dict.fromkeys(ids, 0)
    rows = (
        LedgerEntry.objects.filter(account_id__in=ids)
        .values("account_id")
        .annotate(money=Sum("money", default=0))
        .order_by()
    )
    for row in rows:
        sums[row["account_id"]] = row["money"]
    return sums


def _check_shape(
    *, parlor: Parlor, kind: str, amount: object, method: str, player: Player | None, category: str
) -> None:
    rule = RULES.get(kind)
    if rule is None:
        raise LedgerError(
            LedgerErrorCode.BAD_COUNTER_ENTRY, f"unknown entry kind {kind!r}", field="kind"
        )
    if type(amount) is not int or not 0 < amount <= MAX_AMOUNT:
        raise LedgerError(
            LedgerErrorCode.BAD_COUNTER_ENTRY,
            f"the amount must be a whole number from 1 to {MAX_AMOUNT} in the currency's"
            f" minor unit, not {amount!r}",
            field="amount",
        )
    if method not in rule.methods:
        allowed = ", ".join(sorted(str(m) for m in rule.methods))
        raise LedgerError(
            LedgerErrorCode.BAD_COUNTER_ENTRY,
            f"a {kind} entry is paid by {allowed}, not {method!r}",
            field="method",
        )
    if (kind in PLAYER_KINDS) != (player is not None):
        raise LedgerError(
            LedgerErrorCode.BAD_COUNTER_ENTRY,
            f"a {kind} entry needs a player" if player is None else f"a {kind} entry has no player",
            field="player",
        )
    if player is not None and player.parlor_id != parlor.pk:
        raise LedgerError(
            LedgerErrorCode.NOT_IN_PARLOR,
            f"player {player} is not a player of parlor {parlor}",
            field="player",
        )
    if rule.needs_category != bool(category):
        raise LedgerError(
            LedgerErrorCode.BAD_COUNTER_ENTRY,
            f"a {kind} entry needs a category"
            if rule.needs_category
            else f"a {kind} entry has no category",
            field="category",
        )


def _legs(*, kind: str, method: str, amount: int, accounts: dict[str, Account]) -> tuple[Leg, ...]:
    rule = RULES[kind]
    gain = rule.drawer_sign * amount
    given_by = rule.source if rule.source is not None else MONEY_SIDE[method]
    return (
        Leg(accounts[rule.other], kind, money=gain),
        Leg(accounts[given_by], kind, money=-gain),
    )


def _check_balances(*, kind: str, legs: tuple[Leg, ...], reversal: bool) -> None:
    """Refuse legs that take a deposit or prepaid balance below zero, or overpay a result."""
    before = money_balances(leg.account for leg in legs)
    for leg in legs:
        after = before[leg.account.pk] + leg.money
        account_kind = leg.account.kind
        if account_kind in NEVER_NEGATIVE and after < 0:
            raise LedgerError(
                LedgerErrorCode.BALANCE_EXCEEDED,
                f"the player's {AccountKind(account_kind).label} holds {before[leg.account.pk]};"
                f" {-leg.money} cannot be taken from it",
                field="amount",
                params={"held": before[leg.account.pk]},
            )
        if account_kind in NEVER_POSITIVE and after > 0:
            raise LedgerError(
                LedgerErrorCode.BALANCE_EXCEEDED,
                f"the staff member has {max(-before[leg.account.pk], 0)} of advances"
                f" outstanding; {leg.money} is more than that",
                field="amount",
                params={"owed": max(-before[leg.account.pk], 0)},
            )
        if account_kind == AccountKind.PLAYER and not reversal:
            held = before[leg.account.pk]
            # Money into the results settles what the player owes, never more; money out of
            # them pays what the player won, never more.
            if leg.money > 0 and after > 0:
                raise LedgerError(
                    LedgerErrorCode.BALANCE_EXCEEDED,
                    f"the player owes {max(-held, 0)}; {leg.money} is more than that",
                    field="amount",
                    params={"owed": max(-held, 0)},
                )
            if leg.money < 0 and after < 0 and kind not in CHARGES:
                raise LedgerError(
                    LedgerErrorCode.BALANCE_EXCEEDED,
                    f"the player is owed {max(held, 0)}; {-leg.money} is more than that",
                    field="amount",
                    params={"owed": max(held, 0)},
                )


def _check_text(memo: str) -> None:
    if len(memo) > 200 or not memo.isprintable():
        raise LedgerError(
            LedgerErrorCode.BAD_TEXT, "the memo is at most 200 printable characters", field="memo"
        )


@transaction.atomic
def counter_entry_record(
    *,
    parlor: Parlor,
    kind: str,
    amount: int,
    method: str,
    by: User,
    player: Player | None = None,
    category: str = "",
    memo: str = "",
    member_checked: bool = False,
    visit: Visit | None = None,
) -> CounterEntry:
    """Record one counter movement and its posting (policy: ``record_counter``; the float
    and cash drops ``manage_till``; a staff member's advance ``member_advance``, and only
    from the floor's member service, ``member_checked``). ``visit``: the open visit it
    belongs to (a sale paid at once names the visit it was for; an entry with a player is
    put on the player's open visit without being told)."""
    rule = RULES.get(kind)
    action = Action.MANAGE_TILL if rule is not None and rule.till_cash else Action.RECORD_COUNTER
    if rule is not None and rule.by_floor:
        action = Action.MEMBER_ADVANCE
    policy.check(by, action, parlor_id=parlor.pk)
    _check_shape(
        parlor=parlor, kind=kind, amount=amount, method=method, player=player, category=category
    )
    if RULES[kind].by_close:
        raise LedgerError(
            LedgerErrorCode.BAD_COUNTER_ENTRY,
            f"a {kind} entry is made by a till close, not by hand",
            field="kind",
        )
    if RULES[kind].by_floor and not member_checked:
        raise LedgerError(
            LedgerErrorCode.BAD_COUNTER_ENTRY,
            f"a {kind} entry is made on the floor desk's staff page, for a staff member",
            field="kind",
        )
    _check_text(memo)
    if visit is not None and (
        visit.parlor_id != parlor.pk
        or not visit.is_open
        or (player is not None and visit.player_id != player.pk)
    ):
        raise LedgerError(
            LedgerErrorCode.BAD_COUNTER_ENTRY,
            f"visit {visit.pk} is not an open visit of this parlor"
            + (f" and player {player}" if player is not None else ""),
            field="visit",
        )
    return _record(
        parlor=parlor, kind=kind, amount=amount, method=method, by=by, player=player,
        category=category, memo=memo, visit=visit,
    )  # fmt: skip


def open_visit_id(player: Player | None) -> int | None:
    if player is None:
        return None
    found = Visit.objects.filter(player=player, checked_out_at__isnull=True).values_list(
        "pk", flat=True
    )
    return found.first()


def _record(
    *,
    parlor: Parlor,
    kind: str,
    amount: int,
    method: str,
    by: User,
    player: Player | None,
    category: str,
    memo: str,
    visit: Visit | None = None,
) -> CounterEntry:
    """Write the entry and its posting (the caller checked its shape and the policy)."""
    member = RULES[kind].other == AccountKind.MEMBER_ADVANCE
    accounts = counter_accounts(parlor=parlor, player=player, member=member)
    _till_lock(parlor)
    legs = _legs(kind=kind, method=method, amount=amount, accounts=accounts)
    _check_balances(kind=kind, legs=legs, reversal=False)
    posting = posting_create(
        session=None,
        planned=PlannedPosting(PostingKind.COUNTER, legs, memo=memo),
        by=by,
    )
    now = timezone.now()
    return CounterEntry.objects.create(
        parlor=parlor,
        kind=kind,
        player=player,
        amount=amount,
        method=method,
        category=category,
        memo=memo,
        posting=posting,
        visit_id=visit.pk if visit is not None else open_visit_id(player),
        business_day=business_day_of(parlor=parlor, moment=now),
        created_by=by,
        created_at=now,
    )


@transaction.atomic
def counter_entry_reverse(*, entry: CounterEntry, by: User, memo: str) -> CounterEntry:
    """Take an entry back: a reversal entry and a posting mirroring the entry's (policy:
    ``correct_counter``). An entry of a closed till period is reversed now, in the open
    period: the next close and the next day report show it."""
    policy.check(by, Action.CORRECT_COUNTER, parlor_id=entry.parlor_id)
    if not memo.strip():
        raise LedgerError(
            LedgerErrorCode.REASON_REQUIRED, "say why the entry is reversed", field="memo"
        )
    _check_text(memo)
    _till_lock(entry.parlor)
    if entry.reverses_id is not None:
        raise LedgerError(
            LedgerErrorCode.ENTRY_ALREADY_REVERSED,
            f"entry {entry.pk} is itself a reversal; record a new entry instead",
        )
    if CounterEntry.objects.filter(reverses=entry).exists():
        raise LedgerError(
            LedgerErrorCode.ENTRY_ALREADY_REVERSED, f"entry {entry.pk} is reversed already"
        )
    if Visit.objects.filter(settlement__posting_id=entry.posting_id).exists():
        raise LedgerError(
            LedgerErrorCode.SETTLED_ON_SLIP,
            f"entry {entry.pk} is part of a visit's confirmed slip; record the difference on"
            " the player's next slip instead",
        )
    posting = entry.posting
    mirrored = tuple(
        Leg(row.account, row.reason, money=-row.money)
        for row in posting.entries.select_related("account")
    )
    _check_balances(kind=entry.kind, legs=mirrored, reversal=True)
    reversal_posting = posting_reverse(posting=posting, by=by, correction=None, memo=memo)
    now = timezone.now()
    return CounterEntry.objects.create(
        parlor=entry.parlor,
        kind=entry.kind,
        player=entry.player,
        amount=entry.amount,
        method=entry.method,
        category=entry.category,
        memo=memo,
        posting=reversal_posting,
        reverses=entry,
        # On the player's slip now: their open visit's, or the next one's.
        visit_id=open_visit_id(entry.player),
        business_day=business_day_of(parlor=entry.parlor, moment=now),
        created_by=by,
        created_at=now,
    )
