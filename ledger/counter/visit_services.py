"""Checking a player in and out, and the managers' credit limits (docs/visits.md).

What a player owes the parlor is the money of their player account (closed
games' results and fees, tab sales, payments) less the deposit held for them,
when that is negative. A check-in while they owe more than their limit is refused
with both figures, so the desk can say why; a manager may let it through with a
reason, which the visit keeps. The check-out records who and when; the visit's
money is settled by its check-out slip (``ledger.counter.settle``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone

from ledger.counter.selectors import player_money
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.floor.services import queue_leave_all
from ledger.models import CreditLimit, Visit
from ledger.settle.business_days import business_day_of
from parlor import policy
from parlor.models import Player
from parlor.policy import Action

# Longest reason kept for an override (a sentence or two at the desk).
REASON_MAX_LENGTH = 500


@dataclass(frozen=True, slots=True)
class CreditStanding:
    """What the player owes the parlor (0 when the parlor owes them) against their limit."""

    owed: int
    limit: int | None

    @property
    def above_limit(self) -> bool:
        return self.limit is not None and self.owed > self.limit


def credit_standing(*, player: Player) -> CreditStanding:
    """What the player owes net of the deposit the parlor holds for them (a deposit is
    there to cover a loss: docs/visits.md), against their limit."""
    money = player_money(player=player)
    owed = max(0, -(money.results + money.deposit))
    limit = CreditLimit.objects.filter(player=player).values_list("amount", flat=True).first()
    return CreditStanding(owed=owed, limit=limit)


def _open_visit_error(player: Player) -> LedgerError:
    return LedgerError(
        LedgerErrorCode.VISIT_ALREADY_OPEN,
        f"player {player} is checked in already: check them out first",
        field="player",
        params={"player": str(player)},
    )


def _reason(text: str | None) -> str:
    reason = (text or "").strip()
    if len(reason) > REASON_MAX_LENGTH:
        raise LedgerError(
            LedgerErrorCode.BAD_TEXT,
            f"the reason is longer than {REASON_MAX_LENGTH} characters",
            field="override_reason",
            params={"limit": REASON_MAX_LENGTH},
        )
    return reason


def visit_check_in(
    *,
    player: Player,
    by: User,
    override_reason: str | None = None,
    now: datetime | None = None,
) -> Visit:
    """Check ``player`` in for the parlor's current business day.

    Refused when the player is inactive, is checked in already, or owes more
    than their credit limit and no override reason is given; an override is the
    managers' (the policy's ``OVERRIDE_CREDIT_LIMIT``) and is recorded.
    """
    policy.check(by, Action.CHECK_IN, parlor_id=player.parlor_id)
    reason = _reason(override_reason)
    moment = now or timezone.now()
    with transaction.atomic():
        # One check-in of a player at a time: the second waits, then finds the open visit.
        locked = Player.objects.select_for_update().select_related("parlor").get(pk=player.pk)
        if not locked.is_active:
            raise LedgerError(
                LedgerErrorCode.INACTIVE,
                f"player {locked} is not active",
                field="player",
                params={"name": str(locked), "parlor": str(locked.parlor)},
            )
        if Visit.objects.filter(player=locked, checked_out_at__isnull=True).exists():
            raise _open_visit_error(locked)
        standing = credit_standing(player=locked)
        override_by = None
        if standing.above_limit:
            if not reason:
                raise LedgerError(
                    LedgerErrorCode.CREDIT_LIMIT_EXCEEDED,
                    f"player {locked} owes {standing.owed}, above their credit limit of"
                    f" {standing.limit}: a manager may check them in with a reason",
                    field="player",
                    params={
                        "player": str(locked),
                        "owed": standing.owed,
                        "limit": standing.limit or 0,
                    },
                )
            policy.check(by, Action.OVERRIDE_CREDIT_LIMIT, parlor_id=locked.parlor_id)
            override_by = by
        visit = Visit(
            parlor=locked.parlor,
            player=locked,
            business_day=business_day_of(parlor=locked.parlor, moment=moment),
            checked_in_at=moment,
            checked_in_by=by,
            owed_at_check_in=standing.owed,
            credit_limit_at_check_in=standing.limit,
            override_by=override_by,
            # Kept only with an override: a reason given below the limit overrides nothing.
            override_reason=reason if override_by is not None else "",
        )
        try:
            with transaction.atomic():
                visit.save()
        except IntegrityError as error:  # another desk's check-in committed first
            raise _open_visit_error(locked) from error
    return visit


def visit_check_out(*, visit: Visit, by: User, now: datetime | None = None) -> Visit:
    """Record that the player left. Refused for a visit checked out already."""
    policy.check(by, Action.CHECK_IN, parlor_id=visit.parlor_id)
    with transaction.atomic():
        locked = Visit.objects.select_for_update().select_related("player").get(pk=visit.pk)
        if not locked.is_open:
            raise LedgerError(
                LedgerErrorCode.VISIT_NOT_OPEN,
                f"the visit of {locked.player} was checked out already",
                field="visit",
                params={"player": str(locked.player)},
            )
        locked.checked_out_at = now or timezone.now()
        locked.checked_out_by = by
        locked.save(update_fields=["checked_out_at", "checked_out_by"])
        # A player who left waits for no game.
        queue_leave_all(visit=locked, by=by)
    return locked


def credit_limit_set(*, player: Player, amount: int | None, by: User) -> CreditLimit | None:
    """Set (or, with None, remove) the player's credit limit: the managers'."""
    policy.check(by, Action.SET_CREDIT_LIMIT, parlor_id=player.parlor_id)
    if amount is None:
        CreditLimit.objects.filter(player=player).delete()
        return None
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise LedgerError(
            LedgerErrorCode.NOT_AN_INTEGER,
            "a credit limit is a whole amount of money, zero or more",
            field="amount",
        )
    limit, _created = CreditLimit.objects.update_or_create(
        player=player, defaults={"amount": amount, "set_by": by, "set_at": timezone.now()}
    )
    return limit
