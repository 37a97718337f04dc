"""Reads about one session: its lock, seats, accounts, live hands and settlement."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, QuerySet

from ledger.errors import LedgerError, LedgerErrorCode
from ledger.models import Account, AccountKind, HandResult, Session, SessionSeat, Settlement
from ledger.models.accounts import PARLOR_KINDS
from ledger.selectors.settlements import live_settlements
from parlor.models import Player


def session_lock_for_update(*, session_id: int) -> QuerySet[Session]:
    """The session row locked until the transaction ends: every hand-changing service takes it.

    Use inside ``transaction.atomic``; SQLite ignores the lock (it serialises writes anyway).
    """
    return Session.objects.filter(pk=session_id).select_for_update()


def session_seats(*, session: Session) -> list[SessionSeat]:
    """The seats in order (seat 0 first), players loaded."""
    return list(session.seats.select_related("player").order_by("seat"))


def session_live_hands(*, session: Session) -> QuerySet[HandResult]:
    """The hands that count, in game order: versions neither superseded nor corrected."""
    return HandResult.objects.live().filter(session=session).order_by("ordinal")


def session_next_ordinal(*, session: Session) -> int:
    """The number the next entered hand takes: one more than any hand's, voided ones included."""
    last = HandResult.objects.filter(session=session).order_by("-ordinal").first()
    return 1 if last is None else last.ordinal + 1


@dataclass(frozen=True, slots=True)
class SessionAccounts:
    players: tuple[Player, ...]
    seats: tuple[Account, ...]
    pot: Account
    fee: Account
    house: Account


def session_accounts(*, session: Session) -> SessionAccounts:
    """The accounts a session posts to (created when it opened); one query after the seats."""
    seats = session_seats(session=session)
    players = [seat.player_id for seat in seats]
    accounts = Account.objects.filter(
        Q(kind=AccountKind.PLAYER, player_id__in=players)
        | Q(kind=AccountKind.TABLE_POT, table_id=session.table_id)
        | Q(kind__in=PARLOR_KINDS, parlor_id=session.parlor_id)
    )
    by_player = {a.player_id: a for a in accounts if a.kind == AccountKind.PLAYER}
    by_kind = {a.kind: a for a in accounts if a.kind != AccountKind.PLAYER}
    missing = [str(seat.player) for seat in seats if seat.player_id not in by_player]
    missing += [kind for kind in AccountKind.values if kind != "player" and kind not in by_kind]
    if missing:
        raise LedgerError(
            LedgerErrorCode.LEDGER_OUT_OF_STEP,
            f"session {session.pk} has no account for: {', '.join(missing)}",
        )
    return SessionAccounts(
        players=tuple(seat.player for seat in seats),
        seats=tuple(by_player[seat.player_id] for seat in seats),
        pot=by_kind[AccountKind.TABLE_POT],
        fee=by_kind[AccountKind.PARLOR_FEE],
        house=by_kind[AccountKind.HOUSE],
    )


def session_settlement(*, session: Session) -> list[Settlement]:
    """The live settlement rows, by seat (``live_settlements`` decides what is live)."""
    return list(live_settlements(session=session).order_by("seat"))
