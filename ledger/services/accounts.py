"""Accounts are created on first use: when a session opens, for its seats, table and parlor."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction

from ledger.models import Account, AccountKind, Session
from parlor.models import Parlor, Player, Table


def _account_get_or_create(
    *, parlor: Parlor, kind: AccountKind, player: Player | None = None, table: Table | None = None
) -> Account:
    key: dict[str, Any] = {"parlor": parlor, "kind": kind, "player": player, "table": table}
    # The partial unique constraints make a concurrent creation fail; then the row exists.
    try:
        with transaction.atomic():
            account, _ = Account.objects.get_or_create(**key)
    except IntegrityError:
        account = Account.objects.get(**key)
    return account


def accounts_ensure_for_session(*, session: Session) -> None:
    """Create the seats' player accounts, the table's pot and the parlor's fee and house."""
    parlor = session.parlor
    for seat in session.seats.select_related("player"):
        _account_get_or_create(parlor=parlor, kind=AccountKind.PLAYER, player=seat.player)
    _account_get_or_create(parlor=parlor, kind=AccountKind.TABLE_POT, table=session.table)
    for kind in (AccountKind.PARLOR_FEE, AccountKind.HOUSE):
        _account_get_or_create(parlor=parlor, kind=kind)
