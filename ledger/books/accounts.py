"""Accounts are created on first use: when a session opens, for its seats, table and parlor."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import BigIntegerField, Q, QuerySet

from ledger.errors import LedgerError, LedgerErrorCode
from ledger.models import Account, AccountKind, Session
from orm_bypass.inserts import rows_insert
from orm_bypass.prepared import PreparedQuery, UpTo
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
    rows_insert(Account, wanted, ignore_conflicts=True)
    found = _FOUND.dicts(parlor=parlor_id, table=session.table_id, players=player_ids)
    # A player's account is one for life (account_one_per_player) and a player with one
    # cannot move (parlor.services.players); one found elsewhere is a tampered row.
    elsewhere = [
        row["player_id"]
        for row in found
        if row["kind"] == AccountKind.PLAYER and row["parlor_id"] != parlor_id
    ]
    if elsewhere or len(found) != len(wanted):
        seat = player_ids.index(elsewhere[0]) if elsewhere else None
        who = f"player {players[seat]}" if seat is not None else "a seated player"
        raise LedgerError(
            LedgerErrorCode.NOT_IN_PARLOR,
            f"the account of {who} belongs to another parlor",
            field=f"players[{seat}]" if seat is not None else "players",
        )


def _found(*, parlor: int, table: int, players: list[int]) -> QuerySet[Account, Any]:
    # player__pk, not player_id: the foreign key's own ``__in`` takes no expressions (the
    # prepared read's parameters) in its list; the SQL is the same.
    return (
        Account.objects.filter(
            Q(kind=AccountKind.PLAYER, player__pk__in=players)
            | Q(kind=AccountKind.TABLE_POT, table_id=table)
            | Q(kind__in=(AccountKind.PARLOR_FEE, AccountKind.HOUSE), parlor_id=parlor)
        )
        .order_by()  # no join for Meta.ordering
        .values("kind", "player_id", "parlor_id")
    )


# Compiled once per process for up to four players (a table seats four): more are read by
# Django's query (PreparedQuery's UpTo).
_FOUND = PreparedQuery(
    _found,
    name="a session's accounts",
    parlor=BigIntegerField(),
    table=BigIntegerField(),
    players=UpTo(4, BigIntegerField()),
)
