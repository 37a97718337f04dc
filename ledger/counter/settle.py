"""Settling a visit at check-out: the slip, confirmed, as one posting (docs/counter.md).

The staff show the slip (``ledger.counter.slip.visit_slip``); the player pays or is
paid; the staff confirm naming the slip's ``version``. The service then, under the
parlor's counter lock:

- asks the policy (``settle_visit``): never a staff member's own visit: not the
  player their login is, nor the player they sat at a table as;
- refuses a visit checked out already, a player still seated in an open game
  (``still_playing``), and a slip that moved since it was shown (``slip_changed``);
- writes ONE balanced posting whose legs are the plan's parts (prepaid spent,
  deposit applied and returned, the payment received or made), one counter entry
  per part naming that posting and the visit, so the till, the day report and the
  audit read them like any entry; keeps the slip as confirmed
  (``VisitSettlement``), and checks the player out.

A part of a confirmed slip is never reversed (``settled_on_slip``): a later
correction of a game moves the player's results, and the next slip carries it.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from ledger.books.postings import Leg, PlannedPosting, posting_create
from ledger.counter.models import CounterEntry, CounterEntryKind, PaymentMethod
from ledger.counter.services import _legs, _till_lock, counter_accounts, money_balances
from ledger.counter.slip import VisitSlip, visit_slip
from ledger.counter.visits import Visit, VisitSettlement
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.floor.models import StaffShift
from ledger.floor.services import queue_leave_all
from ledger.models import AccountKind, PostingKind
from ledger.settle.business_days import business_day_of
from parlor import policy
from parlor.policy import Action

PAYMENT_METHODS = (PaymentMethod.CASH, PaymentMethod.CARD, PaymentMethod.QR)


def visit_people(visit: Visit) -> set[int | None]:
    """The accounts that are this visit's player: their login, and staff who sat as them."""
    people: set[int | None] = {visit.player.user_id}
    people |= set(
        StaffShift.objects.filter(player_id=visit.player_id).values_list("user_id", flat=True)
    )
    return people


def may_settle(user: User, visit: Visit) -> bool:
    """What the desk's screens ask before offering the confirmation."""
    return policy.allows(
        user,
        Action.SETTLE_VISIT,
        parlor_id=visit.parlor_id,
        own=policy.is_own(user, visit_people(visit)),
    )


def _parts(slip: VisitSlip, method: str) -> list[tuple[str, int, str]]:
    plan = slip.plan
    parts = [
        (CounterEntryKind.PREPAID_SPENT, plan.prepaid_spent, PaymentMethod.BALANCE),
        (CounterEntryKind.DEPOSIT_APPLIED, plan.deposit_applied, PaymentMethod.BALANCE),
        (CounterEntryKind.DEPOSIT_RETURNED, plan.deposit_returned, method),
        (CounterEntryKind.PAYMENT_RECEIVED, plan.payment_received, method),
        (CounterEntryKind.PAYMENT_MADE, plan.payment_made, method),
    ]
    return [(str(kind), amount, str(how)) for kind, amount, how in parts if amount]


def visit_settle(
    *,
    visit: Visit,
    by: User,
    version: int,
    method: str = PaymentMethod.CASH,
    pays_now: int | None = None,
    now: datetime | None = None,
) -> VisitSettlement:
    """Confirm the visit's slip (``version``: the one shown) and check the player out.

    ``method``: how the money crossing the counter is paid (cash moves the till);
    ``pays_now``: what a player who owes pays, when less than the slip says (the rest is
    carried on their balance to the next slip).
    """
    policy.check(
        by,
        Action.SETTLE_VISIT,
        parlor_id=visit.parlor_id,
        own=policy.is_own(by, visit_people(visit)),
    )
    if method not in PAYMENT_METHODS:
        raise LedgerError(
            LedgerErrorCode.BAD_COUNTER_ENTRY,
            f"the slip is paid by cash, card or qr, not {method!r}",
            field="method",
        )
    if pays_now is not None and (type(pays_now) is not int or pays_now < 0):
        raise LedgerError(
            LedgerErrorCode.BAD_COUNTER_ENTRY,
            f"what the player pays now is a whole amount, zero or more, not {pays_now!r}",
            field="pays_now",
        )
    with transaction.atomic():
        accounts = counter_accounts(parlor=visit.parlor, player=visit.player)
        _till_lock(visit.parlor)
        locked = (
            Visit.objects.select_for_update().select_related("parlor", "player").get(pk=visit.pk)
        )
        if not locked.is_open:
            raise LedgerError(
                LedgerErrorCode.VISIT_NOT_OPEN,
                f"the visit of {locked.player} was checked out already",
                field="visit",
                params={"player": str(locked.player)},
            )
        slip = visit_slip(visit=locked, pays_now=pays_now)
        if slip.playing:
            raise LedgerError(
                LedgerErrorCode.STILL_PLAYING,
                f"{locked.player} is still playing at {', '.join(slip.playing)}: close the game"
                " first",
                field="visit",
                params={"player": str(locked.player), "tables": ", ".join(slip.playing)},
            )
        if slip.version != version:
            raise LedgerError(
                LedgerErrorCode.SLIP_CHANGED,
                f"the slip of {locked.player} changed since it was shown (now version"
                f" {slip.version}, not {version}): show it again and confirm that one",
                field="version",
                params={"player": str(locked.player), "version": slip.version},
            )
        parts = _parts(slip, method)
        legs: list[Leg] = []
        for kind, amount, how in parts:
            legs += _legs(kind=kind, method=how, amount=amount, accounts=accounts)
        posting = None
        if legs:
            posting = posting_create(
                session=None,
                planned=PlannedPosting(
                    PostingKind.COUNTER, tuple(legs), memo=f"visit {locked.pk} check-out slip"
                ),
                by=by,
            )
            _check_after(legs)
        moment = now or timezone.now()
        day = business_day_of(parlor=locked.parlor, moment=moment)
        for kind, amount, how in parts:
            assert posting is not None  # parts make legs
            CounterEntry.objects.create(
                parlor=locked.parlor,
                kind=kind,
                player=locked.player,
                amount=amount,
                method=how,
                memo=f"visit {locked.pk}",
                posting=posting,
                visit=locked,
                business_day=day,
                created_by=by,
                created_at=moment,
            )
        settlement = VisitSettlement.objects.create(
            visit=locked,
            posting=posting,
            cut=max(slip.version, posting.pk if posting is not None else 0),
            slip=slip.as_json(),
            settled_by=by,
            settled_at=moment,
        )
        locked.checked_out_at = moment
        locked.checked_out_by = by
        locked.save(update_fields=["checked_out_at", "checked_out_by"])
        queue_leave_all(visit=locked, by=by)
    return settlement


def _check_after(legs: list[Leg]) -> None:
    """The plan keeps the deposit and prepaid balances at zero or more (a safety net)."""
    held = money_balances(leg.account for leg in legs)
    for leg in legs:
        kind = leg.account.kind
        if (
            kind in (AccountKind.PLAYER_DEPOSIT, AccountKind.PLAYER_PREPAID)
            and held[leg.account.pk] < 0
        ):
            raise LedgerError(
                LedgerErrorCode.BALANCE_EXCEEDED,
                f"the slip would take the player's {kind} below zero",
                field="version",
            )
