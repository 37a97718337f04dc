"""Which accounts each kind of counter entry moves, and which way (docs/counter.md).

The books hold every account as what it is owed: a player's deposit of
10,000 is +10,000 on their deposit account, and the till, which has that
cash, is -10,000 (an asset holds the negative of what it has, so each
posting sums to zero). ``drawer_sign`` is what an entry does to the cash
in the drawer, +1 in, -1 out; the money side (till, card or QR clearing)
gets ``-sign * amount`` and the other account ``+sign * amount``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ledger.books.models import AccountKind
from ledger.counter.models import CounterEntryKind as K
from ledger.counter.models import PaymentMethod


@dataclass(frozen=True, slots=True)
class EntryRule:
    # The account on the other side of the money: a player's or one of the parlor's.
    other: AccountKind
    # +1: money comes in over the counter; -1: it goes out.
    drawer_sign: int
    # For BALANCE entries (between a player's own accounts), the account that gives.
    source: AccountKind | None = None
    methods: frozenset[PaymentMethod] = frozenset(
        {PaymentMethod.CASH, PaymentMethod.CARD, PaymentMethod.QR}
    )
    needs_category: bool = False
    # Recorded by a till close only, never by hand.
    by_close: bool = False
    # Moves cash between the safe and the till: a manager's (policy MANAGE_TILL).
    till_cash: bool = False
    # A staff member's advance (アウト) or its return: recorded by the floor's member service
    # (ledger.floor.members), which checks the player is a staff member and the policy row.
    by_floor: bool = False


_CASH = frozenset({PaymentMethod.CASH})
_BALANCE = frozenset({PaymentMethod.BALANCE})

RULES: dict[str, EntryRule] = {
    K.DEPOSIT_TAKEN: EntryRule(AccountKind.PLAYER_DEPOSIT, +1),
    K.DEPOSIT_RETURNED: EntryRule(AccountKind.PLAYER_DEPOSIT, -1),
    K.DEPOSIT_APPLIED: EntryRule(
        AccountKind.PLAYER, +1, source=AccountKind.PLAYER_DEPOSIT, methods=_BALANCE
    ),
    K.PREPAID_TOPUP: EntryRule(AccountKind.PLAYER_PREPAID, +1),
    K.PREPAID_SPENT: EntryRule(
        AccountKind.PLAYER, +1, source=AccountKind.PLAYER_PREPAID, methods=_BALANCE
    ),
    K.PAYMENT_RECEIVED: EntryRule(AccountKind.PLAYER, +1),
    K.PAYMENT_MADE: EntryRule(AccountKind.PLAYER, -1),
    K.SALE: EntryRule(AccountKind.SALES, +1, needs_category=True),
    # On the tab: the player's results pay the sale; the visit's settlement pays the results.
    K.SALE_ON_TAB: EntryRule(
        AccountKind.SALES, +1, source=AccountKind.PLAYER, methods=_BALANCE, needs_category=True
    ),
    K.PAID_OUT: EntryRule(AccountKind.PAID_OUT, -1, needs_category=True),
    K.FLOAT_IN: EntryRule(AccountKind.SAFE, +1, methods=_CASH, till_cash=True),
    K.CASH_DROP: EntryRule(AccountKind.SAFE, -1, methods=_CASH, till_cash=True),
    K.TILL_OVER: EntryRule(AccountKind.OVER_SHORT, +1, methods=_CASH, by_close=True),
    K.TILL_SHORT: EntryRule(AccountKind.OVER_SHORT, -1, methods=_CASH, by_close=True),
    K.MEMBER_ADVANCE: EntryRule(AccountKind.MEMBER_ADVANCE, -1, methods=_CASH, by_floor=True),
    K.MEMBER_ADVANCE_RETURNED: EntryRule(
        AccountKind.MEMBER_ADVANCE, +1, methods=_CASH, by_floor=True
    ),
}

_PLAYER_ACCOUNTS = (
    AccountKind.PLAYER,
    AccountKind.PLAYER_DEPOSIT,
    AccountKind.PLAYER_PREPAID,
    AccountKind.MEMBER_ADVANCE,
)
PLAYER_KINDS = frozenset(
    kind
    for kind, rule in RULES.items()
    if rule.other in _PLAYER_ACCOUNTS or rule.source in _PLAYER_ACCOUNTS
)
# Kinds that run up what the player owes (never refused for taking the results below zero).
CHARGES = frozenset({K.SALE_ON_TAB})

MONEY_SIDE: dict[str, AccountKind] = {
    PaymentMethod.CASH: AccountKind.TILL,
    PaymentMethod.CARD: AccountKind.CARD_CLEARING,
    PaymentMethod.QR: AccountKind.QR_CLEARING,
}


def cash_effect(*, kind: str, method: str, amount: int, reversal: bool) -> int:
    """What the entry did to the cash in the drawer (0 unless paid in cash)."""
    if method != PaymentMethod.CASH:
        return 0
    effect = RULES[kind].drawer_sign * amount
    return -effect if reversal else effect
