"""The counter's test helpers: a parlor with its desk, and the books' figures read back."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import Sum

from ledger.counter.models import CounterEntry
from ledger.counter.services import counter_entry_record
from ledger.models import Account, AccountKind, LedgerEntry
from parlor.models import Parlor, Player, Role
from tests.ledger.factories import parlor_manager
from tests.parlor.factories import ParlorFactory, PlayerFactory, member_of


@dataclass
class Desk:
    parlor: Parlor
    manager: User
    staff: User
    players: list[Player]


def desk(players: int = 2) -> Desk:
    parlor = ParlorFactory()
    return Desk(
        parlor=parlor,
        manager=parlor_manager(parlor),
        staff=member_of(parlor, Role.STAFF, username=f"staff-of-{parlor.pk}"),
        players=[PlayerFactory(parlor=parlor) for _ in range(players)],
    )


def money_of(parlor: Parlor, kind: str, player: Player | None = None) -> int:
    """The money of one account as the books hold it (0 before it exists)."""
    account = Account.objects.filter(parlor=parlor, kind=kind, player=player).first()
    if account is None:
        return 0
    return LedgerEntry.objects.filter(account=account).aggregate(m=Sum("money", default=0))["m"]


def cash_in_till(parlor: Parlor) -> int:
    """The cash the till account says the drawer holds (its balance, negated)."""
    return -money_of(parlor, AccountKind.TILL)


def record(
    desk: Desk, kind: str, amount: int, method: str = "cash", **kwargs: object
) -> CounterEntry:
    return counter_entry_record(
        parlor=desk.parlor, kind=kind, amount=amount, method=method, by=desk.staff, **kwargs
    )  # type: ignore[arg-type]
