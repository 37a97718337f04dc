"""Reads about one session: its lock, seats, accounts, live hands and settlement."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import BigIntegerField, Case, JSONField, OuterRef, QuerySet, Subquery, When
from django.db.transaction import TransactionManagementError

from ledger.errors import LedgerError, LedgerErrorCode
from ledger.models import (
    Account,
    AccountKind,
    HandResult,
    Session,
    SessionSeat,
    Settlement,
    StaffShift,
)
from ledger.settle.settlement_selectors import live_settlements
from orm_bypass.prepared import PreparedQuery, SqlConstant
from parlor.models import Player


def session_lock_for_update(*, session_id: int) -> QuerySet[Session]:
    """The session row locked until the transaction ends: every hand-changing service takes it.

    Use inside ``transaction.atomic``; SQLite ignores the lock (it serialises writes anyway).
    """
    return Session.objects.filter(pk=session_id).select_for_update()


def session_locked(*, session_id: int) -> Session:
    """``session_lock_for_update(...).get()`` by a statement compiled once per process
    (building and compiling the queryset cost four times the round trip). Raises
    ``Session.DoesNotExist``; like Django's, refuses to run outside a transaction."""
    _require_transaction("session_locked")
    rows = _LOCKED.rows(session_id=session_id)
    if not rows:
        raise Session.DoesNotExist(f"no session {session_id}")
    return rows[0]


def _require_transaction(what: str) -> None:
    # A lock taken in autocommit ends with its statement: as Django's select_for_update
    # (which has no lock, and no refusal, on SQLite).
    if connection.features.has_select_for_update and connection.get_autocommit():
        raise TransactionManagementError(f"{what} locks: use it inside transaction.atomic")


def session_seats(*, session: Session) -> list[SessionSeat]:
    """The seats in order (seat 0 first), players loaded."""
    return list(session.seats.select_related("player").order_by("seat"))


def session_live_hands(*, session: Session) -> QuerySet[HandResult]:
    """The hands that count, in game order: versions neither superseded nor corrected."""
    return HandResult.objects.live().filter(session=session).order_by("ordinal")


def session_live_payloads(*, session_id: int) -> list[dict[str, Any]]:
    """``ordinal`` and ``payload`` of each of ``session_live_hands``, in game order (the
    close's replay): a statement compiled once per process."""
    return _LIVE_PAYLOADS.dicts(session=session_id)


_LIVE_PAYLOADS = PreparedQuery(
    lambda session: (
        HandResult.objects.live()
        .filter(session_id=session)
        .order_by("ordinal")
        .values("ordinal", "payload")
    ),
    name="live payloads",
    session=BigIntegerField(),
)


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


def _account_id(kind: AccountKind, **owner: Any) -> Subquery:
    # At most one account per owner (Account's unique constraints): no ordering, so no join
    # to the parlor for Account's default order and no sort, in each seat row's subquery.
    # The kind in the statement's text: a generic plan can use the kind's partial unique index.
    rows = Account.objects.filter(kind=SqlConstant(str(kind)), **owner).order_by()
    return Subquery(rows.values("pk")[:1])


def _on_first_seat(value: Subquery) -> Case:
    """``value`` on seat 0's row only (NULL on the others): what every row would repeat is
    read once (PostgreSQL runs a subquery in a CASE branch only for the rows that take it;
    ``PreparedQuery(shared=...)`` takes it from the first row)."""
    return Case(When(seat=SqlConstant(0), then=value), default=None)


def _seats_with_accounts(session_id: int) -> QuerySet[SessionSeat]:
    """The seats in order with their session and player, and the ids of the accounts the
    session posts to: each seat's own on its row, the pot, fee and house on seat 0's row
    only (``_on_first_seat``: read it with ``PreparedQuery(shared=_SESSION_PARTS)``, which
    gives them to every row). One query."""
    return (
        SessionSeat.objects.filter(session_id=session_id)
        .select_related("session", "player")
        .annotate(
            player_account=_account_id(AccountKind.PLAYER, player_id=OuterRef("player_id")),
            pot_account=_on_first_seat(
                _account_id(AccountKind.TABLE_POT, table_id=OuterRef("session__table_id"))
            ),
            fee_account=_on_first_seat(
                _account_id(AccountKind.PARLOR_FEE, parlor_id=OuterRef("session__parlor_id"))
            ),
            house_account=_on_first_seat(
                _account_id(AccountKind.HOUSE, parlor_id=OuterRef("session__parlor_id"))
            ),
        )
        .order_by("seat")
    )


def _accounts_of(session: Session, seats: list[Any]) -> SessionAccounts:
    """The accounts from ``_seats_with_accounts``'s rows (the ids are all the books need)."""
    first = seats[0]
    missing = [str(seat.player) for seat in seats if seat.player_account is None]
    missing += [
        kind
        for kind, found in (
            (AccountKind.TABLE_POT, first.pot_account),
            (AccountKind.PARLOR_FEE, first.fee_account),
            (AccountKind.HOUSE, first.house_account),
        )
        if found is None
    ]
    if missing:
        raise LedgerError(
            LedgerErrorCode.LEDGER_OUT_OF_STEP,
            f"session {session.pk} has no account for: {', '.join(missing)}",
        )

    def parlor_account(
        pk: int, kind: AccountKind, player: Player | None = None, table_id: int | None = None
    ) -> Account:
        # As a query would read it (from_db's instance: a fraction of Account(**fields)'s CPU).
        account = Account.from_db(
            first._state.db,
            _ACCOUNT_COLUMNS,
            (pk, session.parlor_id, kind, player and player.pk, table_id),
        )
        if player is not None:
            _ACCOUNT_PLAYER.set_cached_value(account, player)
        return account

    return SessionAccounts(
        players=tuple(seat.player for seat in seats),
        seats=tuple(
            parlor_account(seat.player_account, AccountKind.PLAYER, player=seat.player)
            for seat in seats
        ),
        pot=parlor_account(first.pot_account, AccountKind.TABLE_POT, table_id=session.table_id),
        fee=parlor_account(first.fee_account, AccountKind.PARLOR_FEE),
        house=parlor_account(first.house_account, AccountKind.HOUSE),
    )


_ACCOUNT_COLUMNS = ["id", "parlor_id", "kind", "player_id", "table_id"]
_ACCOUNT_PLAYER = Account._meta.get_field("player")


# The session's id, where the prepared queries take it.
_SESSION = BigIntegerField()
# What each seat's row repeats: the session and its accounts (built once, not per seat).
_SESSION_PARTS = frozenset({"session", "pot_account", "fee_account", "house_account"})
_SEATS_WITH_ACCOUNTS = PreparedQuery(
    _seats_with_accounts, name="seats with accounts", shared=_SESSION_PARTS, session_id=_SESSION
)
_LOCKED: PreparedQuery[Session] = PreparedQuery(
    lambda session_id: session_lock_for_update(session_id=session_id),
    name="session lock",
    session_id=_SESSION,
)
# The lock alone (the row is read again with the seats, after the lock is held).
_LOCK_ONLY: PreparedQuery[Session] = PreparedQuery(
    lambda session_id: session_lock_for_update(session_id=session_id).only("pk"),
    name="session lock only",
    session_id=_SESSION,
)


def session_row(*, session_id: int) -> Session | None:
    """The session row alone (no seats, no lock), or None: a view's 404 or 403 before a
    service reads what it needs."""
    return Session.objects.filter(pk=session_id).first()


def session_accounts(*, session: Session) -> SessionAccounts:
    """The accounts a session posts to (created when it opened); one query."""
    seats = _SEATS_WITH_ACCOUNTS.rows(session_id=session.pk)
    if not seats:
        raise LedgerError(LedgerErrorCode.LEDGER_OUT_OF_STEP, f"session {session.pk} has no seats")
    return _accounts_of(session, seats)


def session_with_accounts(*, session_id: int) -> tuple[Session, SessionAccounts] | None:
    """The session and the accounts it posts to, in one query; None if no such session."""
    seats = _SEATS_WITH_ACCOUNTS.rows(session_id=session_id)
    if not seats:  # every session has its seats from the moment it opens
        return None
    session = seats[0].session
    return session, _accounts_of(session, seats)


@dataclass(frozen=True, slots=True)
class NextHand:
    """What settling and writing a session's next hand needs, read in one query."""

    session: Session
    accounts: SessionAccounts
    ordinal: int
    # The engine's game state after the last live hand (HandResult.game_state): the next hand
    # is settled from it. None with ``replay`` False: no live hand yet, the game starts.
    state: dict[str, Any] | None
    # The number of the last live hand (the one ``state`` follows); None before the first.
    last_live_ordinal: int | None
    # The last live hand has no stored state (recorded before states were kept): replay.
    replay: bool
    # The logins sitting at the table as players: the players' own logins and the staff who
    # last clocked in as them (policy ``seated``: they may not enter its hands; issue 36).
    seated_users: frozenset[int] = frozenset()


def _next_hand_rows(session_id: int) -> QuerySet[SessionSeat]:
    hands = HandResult.objects.filter(session=OuterRef("session_id"))
    live = HandResult.objects.live().filter(session=OuterRef("session_id")).order_by("-ordinal")
    # Per seat: the staff member who last clocked in as its player (ledger.floor.members).
    staff = StaffShift.objects.filter(player_id=OuterRef("player_id")).order_by("-clocked_in_at")
    return _seats_with_accounts(session_id).annotate(
        staff_user=Subquery(staff.values("user_id")[:1]),
        last_ordinal=_on_first_seat(Subquery(hands.order_by("-ordinal").values("ordinal")[:1])),
        last_live=_on_first_seat(Subquery(live.values("pk")[:1])),
        last_live_ordinal=_on_first_seat(Subquery(live.values("ordinal")[:1])),
        last_state=_on_first_seat(
            Subquery(live.values("game_state")[:1], output_field=JSONField())
        ),
    )


_NEXT_HAND = PreparedQuery(
    _next_hand_rows,
    name="next hand",
    shared=_SESSION_PARTS | {"last_ordinal", "last_live", "last_live_ordinal", "last_state"},
    session_id=_SESSION,
)


def session_next_hand(*, session_id: int, lock: bool) -> NextHand:
    """The session, its accounts, the next hand's number and the state it starts from.

    ``lock``: the session row is locked first (``session_lock_for_update``, every
    hand-changing service takes it), in a statement of its own: PostgreSQL reads a
    statement's subqueries as of the statement's start, so a read that waited for the
    lock in the same statement would not see the hand the holder wrote. The read is one
    query, compiled once per process (``PreparedQuery``: compiling it cost more CPU than
    the rest of recording a hand). Raises ``Session.DoesNotExist`` for no such session.
    """
    if lock:
        _require_transaction("session_next_hand(lock=True)")
        if not _LOCK_ONLY.rows(session_id=session_id):
            raise Session.DoesNotExist(f"no session {session_id}")
    seats: list[Any] = _NEXT_HAND.rows(session_id=session_id)  # annotated rows
    if not seats:
        raise Session.DoesNotExist(f"no session {session_id}")
    first = seats[0]
    return NextHand(
        session=first.session,
        accounts=_accounts_of(first.session, seats),
        ordinal=(first.last_ordinal or 0) + 1,
        state=first.last_state,
        last_live_ordinal=first.last_live_ordinal,
        replay=first.last_live is not None and first.last_state is None,
        seated_users=frozenset(
            user
            for seat in seats
            for user in (seat.player.user_id, seat.staff_user)
            if user is not None
        ),
    )


def session_settlement(*, session: Session) -> list[Settlement]:
    """The live settlement rows, by seat (``live_settlements`` decides what is live)."""
    return list(live_settlements(session=session).order_by("seat"))
