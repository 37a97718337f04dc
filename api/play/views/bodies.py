"""Response bodies assembled from selectors, where no model serializer fits."""

from __future__ import annotations

from typing import Any

from ledger.books.balances import Balance, session_balances
from ledger.models import Account, Session
from ledger.play.session_selectors import SessionAccounts, session_accounts


def _amounts(balance: Balance) -> dict[str, int]:
    return {"points": balance.points, "chips": balance.chips, "money": balance.money}


def session_balances_body(
    *, session: Session, accounts: SessionAccounts | None = None
) -> dict[str, Any]:
    """Each seat's, the pot's and the parlor accounts' net from the session's postings
    (``accounts``: the session's, when the caller has read them already)."""
    accounts = accounts or session_accounts(session=session)
    sums = session_balances(session=session)

    def of(account: Account) -> dict[str, int]:
        return _amounts(sums.get(account.pk, Balance()))

    seats = [
        {
            "seat": seat,
            "player": player.pk,
            "member_number": player.member_number,
            "name": player.name,
            **of(account),
        }
        for seat, (player, account) in enumerate(zip(accounts.players, accounts.seats, strict=True))
    ]
    return {
        "session": session.pk,
        "state": session.state,
        "seats": seats,
        "pot": of(accounts.pot),
        "parlor_fee": of(accounts.fee),
        "house": of(accounts.house),
    }
