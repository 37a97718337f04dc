"""The till's close: expected from the entries alone, counted by denomination, the
difference posted to over/short, the period locked (docs/counter.md, "The till").

A period is every counter entry of the parlor after the previous close's last
entry: the parlor's row is locked while an entry is written and
while a till closes, so entry ids order the periods and nothing is written
into a closed one. The expected till is the opening float (what the previous
close counted; 0 before the first close) plus the cash of the period's entries
(``ledger.counter.kinds.cash_effect``: card and QR never move the till). The
count, by denomination, minus the expected till is the difference: a
``till_over`` or ``till_short`` entry posts it to the over/short account, and
the close names it as its period's last entry, so the next period opens on
what was counted. A later reversal of an entry of a closed period is a new
entry: the next close, and the next day report, show it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from ledger.counter.denominations import denominations_of
from ledger.counter.kinds import cash_effect
from ledger.counter.models import (
    CounterEntry,
    CounterEntryKind,
    PaymentMethod,
    TillClose,
    TillCloseKind,
)
from ledger.counter.services import _check_text, _record, _till_lock, counter_accounts
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.settle.business_days import business_day_of
from parlor import policy
from parlor.models import Parlor
from parlor.policy import Action

MAX_PIECES = 10**6


@dataclass(frozen=True, slots=True)
class TillPeriod:
    """The open period of a parlor's till as the entries alone say it."""

    previous: TillClose | None
    opening_float: int
    cash_entries: int
    entries: int  # how many entries (any method) the period holds

    @property
    def expected(self) -> int:
        return self.opening_float + self.cash_entries


def till_period(*, parlor: Parlor) -> TillPeriod:
    """The open period: since the last close (or the first entry), up to now."""
    previous = TillClose.objects.filter(parlor=parlor).order_by("-pk").first()
    after = previous.last_entry_id or 0 if previous is not None else 0
    rows = CounterEntry.objects.filter(parlor=parlor, pk__gt=after).values_list(
        "kind", "method", "amount", "reverses_id"
    )
    cash = 0
    count = 0
    for kind, method, amount, reverses in rows:
        count += 1
        cash += cash_effect(kind=kind, method=method, amount=amount, reversal=reverses is not None)
    opening = previous.counted if previous is not None else 0
    return TillPeriod(previous=previous, opening_float=opening, cash_entries=cash, entries=count)


def counted_total(
    *, parlor: Parlor, denominations: Mapping[object, object]
) -> tuple[int, dict[str, int]]:
    """The count's total and the count as stored (``{"10000": 3}``); refuses a face value
    the currency does not have, or a count that is not a whole number of pieces."""
    faces = denominations_of(parlor.currency_code)
    stored: dict[str, int] = {}
    total = 0
    for raw_face, pieces in denominations.items():
        try:
            face = int(str(raw_face))
        except ValueError:
            face = 0
        if face <= 0 or (faces is not None and face not in faces):
            listed = ", ".join(str(f) for f in faces) if faces else "a positive whole number"
            raise LedgerError(
                LedgerErrorCode.BAD_COUNTER_ENTRY,
                f"{raw_face!r} is not a note or coin of {parlor.currency_code} ({listed})",
                field="denominations",
            )
        if type(pieces) is not int or not 0 <= pieces <= MAX_PIECES:
            raise LedgerError(
                LedgerErrorCode.BAD_COUNTER_ENTRY,
                f"the count of {face} must be a whole number from 0 to {MAX_PIECES},"
                f" not {pieces!r}",
                field="denominations",
            )
        if pieces:
            stored[str(face)] = stored.get(str(face), 0) + pieces
            total += face * pieces
    return total, stored


@transaction.atomic
def till_close(
    *,
    parlor: Parlor,
    kind: str,
    denominations: Mapping[object, object],
    by: User,
    memo: str = "",
) -> TillClose:
    """Count and close the till (policy: ``manage_till``): a shift handover or the day's end."""
    policy.check(by, Action.MANAGE_TILL, parlor_id=parlor.pk)
    if kind not in TillCloseKind.values:
        raise LedgerError(
            LedgerErrorCode.BAD_COUNTER_ENTRY, f"a till closes at a shift or a day, not {kind!r}",
            field="kind",
        )  # fmt: skip
    _check_text(memo)
    counted, stored = counted_total(parlor=parlor, denominations=denominations)
    counter_accounts(parlor=parlor, player=None)
    _till_lock(parlor)
    now = timezone.now()
    day = business_day_of(parlor=parlor, moment=now)
    if (
        kind == TillCloseKind.DAY
        and TillClose.objects.filter(
            parlor=parlor, business_day=day, kind=TillCloseKind.DAY
        ).exists()
    ):
        raise LedgerError(
            LedgerErrorCode.TILL_ALREADY_CLOSED,
            f"the till of business day {day.isoformat()} is closed already; a later count is a"
            " shift close",
            field="kind",
        )
    period = till_period(parlor=parlor)
    difference = counted - period.expected
    last = (
        CounterEntry.objects.filter(parlor=parlor)
        .order_by("-pk")
        .values_list("pk", flat=True)
        .first()
    )
    entry = None
    if difference:
        entry = _record(
            parlor=parlor,
            kind=CounterEntryKind.TILL_OVER if difference > 0 else CounterEntryKind.TILL_SHORT,
            amount=abs(difference),
            method=PaymentMethod.CASH,
            by=by,
            player=None,
            category="",
            memo=memo,
        )
        last = entry.pk
    return TillClose.objects.create(
        parlor=parlor,
        kind=kind,
        business_day=day,
        previous=period.previous,
        last_entry_id=last,
        opening_float=period.opening_float,
        cash_entries=period.cash_entries,
        expected=period.expected,
        counted=counted,
        denominations=stored,
        difference=difference,
        difference_entry=entry,
        memo=memo,
        closed_by=by,
        closed_at=now,
    )
