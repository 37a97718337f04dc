"""Reads of the counter: a player's three kinds of money, the parlor's entries."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, QuerySet, Sum

from ledger.counter.models import CounterEntry
from ledger.models import AccountKind, LedgerEntry
from parlor.models import Player


@dataclass(frozen=True, slots=True)
class PlayerMoney:
    """A player's three balances, in the currency's minor unit."""

    deposit: int  # held for the player, refundable at leave
    prepaid: int  # paid in ahead, for fees
    results: int  # won (+) or lost (-) in closed games, less fees and what was settled

    @property
    def at_leave(self) -> int:
        """What the parlor pays the player (+) or the player pays (-) if they leave now: their
        deposit back and their results settled (a prepaid balance stays for the next visit)."""
        return self.deposit + self.results


def player_money(*, player: Player) -> PlayerMoney:
    """The sums of the player's entries on each of their three accounts (one query)."""
    kinds = (AccountKind.PLAYER_DEPOSIT, AccountKind.PLAYER_PREPAID, AccountKind.PLAYER)
    sums = LedgerEntry.objects.filter(account__player=player, account__kind__in=kinds).aggregate(
        **{
            kind: Sum("money", default=0, filter=Q(account__kind=kind))
            for kind in ("player_deposit", "player_prepaid", "player")
        }
    )
    return PlayerMoney(
        deposit=sums["player_deposit"], prepaid=sums["player_prepaid"], results=sums["player"]
    )


def counter_entries() -> QuerySet[CounterEntry]:
    """Every entry with what a listing shows beside it, newest first."""
    return CounterEntry.objects.select_related("player", "created_by").order_by("-pk")
