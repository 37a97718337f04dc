"""Accounts are created on first use: when a session opens, for its seats, table and parlor."""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import Q

from ledger.errors import LedgerError, LedgerErrorCode
from ledger.models import Account, AccountKind, Session
from parlor.models import Player


def accounts_ensure_for_session(*, session: Session, players: Sequence[Player]) -> None:
    """Create the seats' player accounts, the table's pot and the parlor's fee and house.

    One insert that skips the accounts that exist (the partial unique constraints
    make it ON CONFLICT DO NOTHING, so a concurrent opening is harmless too), then
    one read that every account the session needs is there, in its parlor.
    """
    parlor_id = session.parlor_id
    player_ids = [player.pk for player in players]
    wanted = [
        *(Account(parlor_id=parlor_id, kind=AccountKind.PLAYER, player_id=p) for p in player_ids),
        Account(parlor_id=parlor_id, kind=AccountKind.TABLE_POT, table_id=session.table_id),
        Account(parlor_id=parlor_id, kind=AccountKind.PARLOR_FEE),
        Account(parlor_id=parlor_id, kind=AccountKind.HOUSE),
    ]
    Account.objects.bulk_create(wanted, ignore_conflicts=True)
    found = Account.objects.filter(
        Q(kind=AccountKind.PLAYER, player_id__in=player_ids)
        | Q(kind=AccountKind.TABLE_POT, table_id=session.table_id)
        | Q(kind__in=(AccountKind.PARLOR_FEE, AccountKind.HOUSE), parlor_id=parlor_id)
    ).order_by().values_list("kind", "player_id", "parlor_id")  # no join for Meta.ordering
    # A player's account is one for life (account_one_per_player) and a player with one
    # cannot move (parlor.services.players); one found elsewhere is a tampered row.
    elsewhere = [
        pk for kind, pk, parlor in found if kind == AccountKind.PLAYER and parlor != parlor_id
    ]
    if elsewhere or len(found) != len(wanted):
        seat = player_ids.index(elsewhere[0]) if elsewhere else None
        who = f"player {players[seat]}" if seat is not None else "a seated player"
        raise LedgerError(
            LedgerErrorCode.NOT_IN_PARLOR,
            f"the account of {who} belongs to another parlor",
            field=f"players[{seat}]" if seat is not None else "players",
        )
