"""Closing a session: the game's end posted, points and chips turned into money, fees taken.

``session_close`` replays the live hands through the engine's door (``game_settle``) and,
once the engine says the game has ended, posts three postings:

1. ``game_end``: riichi sticks left on the table (to the player the engine
   names, or to the house), then each seat moved to the engine's final
   ``points_delta`` (oka and uma; in a placement-only game this also takes
   back the raw points) and given its placement chips. Any points left
   over (only the house's sticks in a placement-only game) go to the house.
2. ``settlement``: every account's points and chips for the session turned
   into money at the session's rate: ``floor(points * money_per_unit
   / point_unit) + chips * money_per_chip`` (``point_unit``: 1,000, 100 or 1,
   the rate's point scale). Rounding down favours the parlor; the remainder
   (0 to players-1 minor units) goes to the house account, so the posting
   still sums to zero.
3. ``fee``: the fees (``ledger.settle.fees``: the game fee from the payers the rate names, the
   top fee from first place, the time fee of a set table, less each player's class
   discount) to the parlor's fee account.

A points-only rate (``Rate.points_only``) posts the game end alone: no money is
converted or charged, the points and chips stay on the players' accounts, and the
Settlement rows (money and fee 0) hang off the game-end posting.

Then one Settlement row per seat and its standings row (``ledger.settle.standings``:
the settlement's figures and the seat's penalties, what the standings sum), one
``SessionClose`` row (the database's "closed once" guarantee: unique per session
and close number, so a close that got past the row lock fails on it and rolls back
whole), and the session is closed, its last background-close error cleared; the rooms
that derive figures from the books hear of it (``ledger.settle.events.session_closed``: the
players' statistics and ratings). Closing a
closed (or settled) session returns its settlement: it is idempotent.

``session_close`` is the only way a session closes: the admin's Close
button, ``POST /api/sessions/{id}/close/`` and the Celery task
(``ledger.settle.closing.session_close_once``) all call it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from engine_door.results import FinalResult, SettledGame
from ledger.books.balances import session_balances
from ledger.books.postings import Leg, PlannedPosting, postings_create
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.floor.members import back_pay_post
from ledger.floor.seated import seat_shifts, sitting
from ledger.models import (
    Account,
    PostingKind,
    Session,
    SessionClose,
    SessionState,
    Settlement,
)
from ledger.play.games import game_settle, starting_points
from ledger.play.hands import seat_players
from ledger.play.session_selectors import (
    SessionAccounts,
    session_accounts,
    session_live_payloads,
    session_locked,
    session_settlement,
)
from ledger.settle.closing_selectors import session_close_moment, session_close_number
from ledger.settle.events import session_closed
from ledger.settle.fee_selectors import seat_discounts
from ledger.settle.fees import FeeTerms, SeatFee, seat_fees
from ledger.settle.standings import standings_record
from orm_bypass.inserts import rows_insert
from parlor import policy
from parlor.policy import Action


def money_for(
    *, points: int, chips: int, money_per_unit: int, point_unit: int, money_per_chip: int
) -> int:
    """Points and chips in money, in the minor unit: points rounded down (toward -infinity).

    ``money_per_unit`` prices ``point_unit`` points (1,000, 100 or 1; ``Rate.point_unit``).
    """
    return (points * money_per_unit) // point_unit + chips * money_per_chip


@dataclass(slots=True)
class _Book:
    """Running session balances per account while the close is planned."""

    points: dict[int, int] = field(default_factory=dict)
    chips: dict[int, int] = field(default_factory=dict)

    def add(self, legs: list[Leg]) -> None:
        for leg in legs:
            key = leg.account.pk
            self.points[key] = self.points.get(key, 0) + leg.points
            self.chips[key] = self.chips.get(key, 0) + leg.chips


def session_close(
    *, session: Session, by: User, stop: bool = False, savepoint: bool = True
) -> list[Settlement]:
    """Settle the finished game of ``session`` in money; returns the Settlement rows by seat.

    ``stop``: the manager ends the game where it stands (closing time; Toutenkou
    settled per hand never ends by itself); the engine then places the players
    on their current scores. Without it, raises ``LedgerError``
    ``game_not_finished`` while the engine says the game goes on, and
    ``ledger_out_of_step`` if the books disagree with the engine's replay of
    the live hands.

    ``savepoint=False``: the caller's transaction rolls back whole on a refusal (the API's
    idempotent POST), so no savepoint of its own (two statements saved).
    """
    with transaction.atomic(savepoint=savepoint):
        return _close(session=session, by=by, stop=stop)


def _close(*, session: Session, by: User, stop: bool) -> list[Settlement]:
    locked = session_locked(session_id=session.pk)
    close_action = Action.STOP_SESSION if stop else Action.CLOSE_SESSION
    policy.check(by, close_action, parlor_id=locked.parlor_id)
    if locked.state != SessionState.OPEN:
        return session_settlement(session=locked)
    accounts = session_accounts(session=locked)
    # Who sits as staff (one read): a seated member may not close (policy ``seated``), and
    # each member's back pay is posted below (issue 36).
    shifts = seat_shifts(session=locked, players=accounts.players)
    seated = by.pk in sitting(accounts.players, shifts)
    policy.check(by, close_action, parlor_id=locked.parlor_id, seated=seated)
    live = session_live_payloads(session_id=locked.pk)
    settled = game_settle(
        session=locked,
        players=seat_players(accounts),
        payloads=[hand["payload"] for hand in live],
        ordinals=[hand["ordinal"] for hand in live],
        code=LedgerErrorCode.HAND_REJECTED_BY_ENGINE,
        stopped=stop,
    )
    final = settled.final
    if not settled.finished or final is None:
        raise LedgerError(
            LedgerErrorCode.GAME_NOT_FINISHED,
            f"session {locked.pk}: the game has not ended after {len(live)} hand(s); record the"
            " hands until it ends (the engine decides: last dealership, tobi, called game), or"
            " close it with stop to end the game where it stands",
        )
    book = _Book()
    for account_id, balance in session_balances(session=locked).items():
        book.points[account_id], book.chips[account_id] = balance.points, balance.chips
    _check_books_agree(locked, book, settled, final, accounts)

    game_end = _game_end_legs(final, accounts, book)
    book.add(game_end)
    planned = [PlannedPosting(PostingKind.GAME_END, tuple(game_end), "game end")]
    seat_fee = [SeatFee()] * len(accounts.seats)
    money: dict[int, int] = {}
    if not locked.points_only:
        # A points-only rate converts and posts no money (docs/fees.md): the game end alone.
        conversion = _conversion_legs(locked, accounts, book)
        seat_fee = _seat_fees(locked, final, accounts)
        money = {leg.account.pk: leg.money for leg in conversion if leg.reason == "conversion"}
        planned += [
            PlannedPosting(PostingKind.SETTLEMENT, tuple(conversion), "points and chips to money"),
            PlannedPosting(PostingKind.FEE, tuple(_fee_legs(seat_fee, accounts)), "fees"),
        ]
    # The postings in one insert, in this order (their entries in another); the Settlement
    # rows hang off the settlement posting, or the game end's in a points-only game.
    made = postings_create(session=locked, planned=planned, by=by)
    settlement_posting = made[1] if len(made) > 1 else made[0]
    rows = [
        Settlement(
            session=locked,
            posting=settlement_posting,
            player=player,
            seat=seat,
            final_score=final.scores[seat],
            # Tied seats share a place under the game option ties=share (engine.game.final).
            placement=final.shared_places[seat],
            points=final.points_delta[seat],
            chips=final.chips[seat].total,
            chips_detail=final.chips[seat].to_json(),
            money=money.get(account.pk, 0),
            fee=seat_fee[seat].total,
            fee_detail=seat_fee[seat].to_json() if not locked.points_only else {},
        )
        for seat, (player, account) in enumerate(zip(accounts.players, accounts.seats, strict=True))
    ]
    rows_insert(Settlement, rows)
    standings_record(session=locked, rows=rows)
    # Staff who sat in as players: their back pay at the rate in force now (issue 36).
    back_pay_post(session=locked, shifts=shifts, closed_at=settlement_posting.created_at, by=by)
    session_closed.send(
        sender=Session,
        session=locked,
        settlements=rows,
        hands=[
            (hand["payload"], outcome) for hand, outcome in zip(live, settled.hands, strict=True)
        ],
    )
    closing = SessionClose(
        session=locked,
        number=session_close_number(session=locked),
        posting=settlement_posting,
        closed_by=by,
        closed_at=settlement_posting.created_at,
    )
    rows_insert(SessionClose, [closing])
    locked.state = SessionState.CLOSED
    locked.closed_by = by
    locked.closed_at = timezone.now()
    locked.close_error, locked.close_failed_at = {}, None
    locked.save(update_fields=["state", "closed_by", "closed_at", "close_error", "close_failed_at"])
    return rows


def _check_books_agree(
    session: Session,
    book: _Book,
    settled: SettledGame,
    final: FinalResult,
    accounts: SessionAccounts,
) -> None:
    """The posted hands must leave each seat where the engine's replay does."""
    # A game stopped before any live hand (the only one voided, say) is still at the start.
    last = settled.last
    start = starting_points(session=session)
    for seat, account in enumerate(accounts.seats):
        posted = (book.points.get(account.pk, 0), book.chips.get(account.pk, 0))
        engine_says = (last.scores[seat] - start, last.chips[seat]) if last else (0, 0)
        if posted != engine_says:
            raise LedgerError(
                LedgerErrorCode.LEDGER_OUT_OF_STEP,
                f"seat {seat} ({accounts.players[seat]}): the books hold {posted[0]} points and"
                f" {posted[1]} chips, the engine's replay {engine_says[0]} and {engine_says[1]};"
                " correct the hand that differs before closing",
            )
    pot = book.points.get(accounts.pot.pk, 0)
    if pot != final.leftover_sticks.points:
        raise LedgerError(
            LedgerErrorCode.LEDGER_OUT_OF_STEP,
            f"the table pot holds {pot} points, the engine's replay {final.leftover_sticks.points}",
        )


def _game_end_legs(final: FinalResult, accounts: SessionAccounts, book: _Book) -> list[Leg]:
    legs: list[Leg] = []
    leftover = final.leftover_sticks
    if leftover.points:
        taker = accounts.house if leftover.to is None else accounts.seats[leftover.to]
        legs += [
            Leg(accounts.pot, "leftover_sticks", -leftover.points),
            Leg(taker, "leftover_sticks", leftover.points),
        ]
    after = _Book(dict(book.points), dict(book.chips))
    after.add(legs)
    for seat, account in enumerate(accounts.seats):
        target = final.points_delta[seat]
        legs.append(Leg(account, "game_end", target - after.points.get(account.pk, 0)))
        legs.append(Leg(account, "placement_chips", chips=final.chips[seat].placement))
    # Non-zero only when raw points do not count and the house kept sticks: they lapse too.
    residual = sum(leg.points for leg in legs)
    legs.append(Leg(accounts.house, "game_end", -residual))
    return legs


def _conversion_legs(session: Session, accounts: SessionAccounts, book: _Book) -> list[Leg]:
    holders: list[Account] = [*accounts.seats, accounts.house]
    legs: list[Leg] = []
    for account in holders:
        points, chips = book.points.get(account.pk, 0), book.chips.get(account.pk, 0)
        money = money_for(
            points=points,
            chips=chips,
            money_per_unit=session.money_per_unit,
            point_unit=session.point_unit,
            money_per_chip=session.money_per_chip,
        )
        legs.append(Leg(account, "conversion", -points, -chips, money))
    legs.append(Leg(accounts.house, "rounding", money=-sum(leg.money for leg in legs)))
    return legs


def _seat_fees(session: Session, final: FinalResult, accounts: SessionAccounts) -> list[SeatFee]:
    """What each seat pays under the session's fee terms (``fees``), with discounts."""
    # The table time only when a time fee needs it (a query: the first close's moment).
    minutes = 0.0
    if session.time_fee:
        end = session_close_moment(session=session)
        minutes = max(0.0, (end - session.opened_at).total_seconds() / 60)
    return seat_fees(
        FeeTerms(
            game_fee=session.game_fee,
            game_fee_payer=session.game_fee_payer,
            top_fee=session.top_fee,
            time_fee=session.time_fee,
            time_fee_basis=session.time_fee_basis,
            time_fee_step_minutes=session.time_fee_step_minutes,
        ),
        placements=list(final.placements),
        first_seat=final.first_seat(),
        last_seat=final.last_seat(),
        minutes=minutes,
        discounts=seat_discounts(session=session, players=list(accounts.players)),
    )


# Why each part of a seat's fee moves (the entries' reasons; the slip reads them by part).
FEE_REASONS = (("game", "game_fee"), ("top", "top_fee"), ("time", "time_fee"))


def _fee_legs(fees: list[SeatFee], accounts: SessionAccounts) -> list[Leg]:
    legs: list[Leg] = []
    for account, fee in zip(accounts.seats, fees, strict=True):
        for part, reason in FEE_REASONS:
            amount = getattr(fee, part)
            if amount:
                legs.append(Leg(account, reason, money=-amount))
        if fee.discount:
            legs.append(Leg(account, "fee_discount", money=fee.discount))
    total = sum(fee.total for fee in fees)
    legs.append(Leg(accounts.fee, "fees", money=total))
    return legs
