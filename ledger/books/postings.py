"""The only code that writes postings: balanced, integer legs or nothing.

PostgreSQL checks the same sums again at commit (migration 0002); this
check runs first on every database so a bad posting never reaches it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User

from ledger.errors import LedgerError, LedgerErrorCode
from ledger.models import (
    Account,
    Correction,
    HandResult,
    LedgerEntry,
    Posting,
    PostingKind,
    Session,
)
from orm_bypass.related import related_loaded

AMOUNTS = ("points", "chips", "money")


@dataclass(frozen=True, slots=True)
class Leg:
    """One planned entry: what ``account`` gains (negative: gives)."""

    account: Account
    reason: str
    points: int = 0
    chips: int = 0
    money: int = 0

    def negated(self) -> Leg:
        return Leg(self.account, self.reason, -self.points, -self.chips, -self.money)

    @property
    def is_zero(self) -> bool:
        return not (self.points or self.chips or self.money)


@dataclass(frozen=True, slots=True)
class PlannedPosting:
    """A posting not yet written: what ``hand_preview`` shows and the services post."""

    kind: PostingKind
    legs: tuple[Leg, ...]
    memo: str = ""


def legs_check(legs: Sequence[Leg], *, kind: PostingKind) -> None:
    """Refuse legs that are not integers or do not sum to zero per amount."""
    # The kind's label is a lazy translation: formatted only for a refusal (every posting
    # formatting it was a fortieth of a close's CPU).
    for i, leg in enumerate(legs):
        for amount in AMOUNTS:
            value = getattr(leg, amount)
            if type(value) is not int:
                raise LedgerError(
                    LedgerErrorCode.NOT_AN_INTEGER,
                    f"{kind.label} posting: leg {i} ({leg.reason}) has {amount} {value!r};"
                    " the ledger holds integers only",
                )
    for amount in AMOUNTS:
        total = sum(getattr(leg, amount) for leg in legs)
        if total:
            raise LedgerError(
                LedgerErrorCode.UNBALANCED_POSTING,
                f"{kind.label} posting: the legs' {amount} sum to {total}, not zero",
            )


def posting_create(
    *,
    session: Session | None,
    planned: PlannedPosting,
    by: User,
    hand: HandResult | None = None,
    correction: Correction | None = None,
    reverses: Posting | None = None,
) -> Posting:
    """Write one balanced posting and its legs (zero legs are left out)."""
    (posting,) = postings_create(
        session=session,
        planned=[planned],
        by=by,
        hand=hand,
        correction=correction,
        reverses=reverses,
    )
    return posting


def postings_create(
    *,
    session: Session | None,
    planned: Sequence[PlannedPosting],
    by: User,
    hand: HandResult | None = None,
    correction: Correction | None = None,
    reverses: Posting | None = None,
) -> list[Posting]:
    """Write balanced postings and their legs (zero legs are left out): one ``bulk_create``
    of the postings and one of all their entries, on every database. Each returned posting
    carries its entries, as ``prefetch_related`` would. ``reverses``: the posting they
    mirror (a single correction posting). ``hand`` not yet saved is written here first.
    ``session`` is None for the counter's postings only (``ledger.counter``).
    """
    legs_of = []
    for plan in planned:
        legs = [leg for leg in plan.legs if not leg.is_zero]
        legs_check(legs, kind=plan.kind)
        legs_of.append(legs)
    if hand is not None and hand._state.adding:
        HandResult.objects.bulk_create([hand])
    postings = Posting.objects.bulk_create(
        Posting(
            session=session,
            hand=hand,
            correction=correction,
            kind=plan.kind,
            reverses=reverses,
            memo=plan.memo,
            created_by=by,
        )
        for plan in planned
    )
    entries = [
        [
            LedgerEntry(
                posting=posting,
                account=leg.account,
                points=leg.points,
                chips=leg.chips,
                money=leg.money,
                reason=leg.reason,
            )
            for leg in legs
        ]
        for posting, legs in zip(postings, legs_of, strict=True)
    ]
    LedgerEntry.objects.bulk_create(entry for written in entries for entry in written)
    for posting, written in zip(postings, entries, strict=True):
        related_loaded(posting, "entries", written)
    return postings


def posting_reverse(
    *, posting: Posting, by: User, correction: Correction | None, memo: str
) -> Posting:
    """Post the mirror image of ``posting`` (a correction posting that reverses it)."""
    legs = tuple(
        Leg(entry.account, entry.reason, entry.points, entry.chips, entry.money).negated()
        for entry in posting.entries.select_related("account")
    )
    return posting_create(
        session=posting.session,
        planned=PlannedPosting(PostingKind.CORRECTION, legs, memo=memo),
        by=by,
        hand=posting.hand,
        correction=correction,
        reverses=posting,
    )
