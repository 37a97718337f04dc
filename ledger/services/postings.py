"""The only code that writes postings: balanced, integer legs or nothing.

PostgreSQL checks the same sums again at commit (migration 0002); this
check runs first on every database so a bad posting never reaches it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import connection

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
from orm_bypass.inserts import rows_insert, written_fields, written_values
from orm_bypass.loaded import related_loaded

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
    session: Session,
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
    session: Session,
    planned: Sequence[PlannedPosting],
    by: User,
    hand: HandResult | None = None,
    correction: Correction | None = None,
    reverses: Posting | None = None,
) -> list[Posting]:
    """Write balanced postings and their legs (zero legs are left out) in one statement on
    PostgreSQL (two elsewhere, or when two postings share a kind); each returned posting
    carries its entries, as ``prefetch_related`` would. ``reverses``: the posting they
    mirror (a single correction posting). ``hand`` not yet saved is written here
    first: in the same statement on PostgreSQL (a hand POST's round trip and ``save`` less).
    """
    legs_of = []
    for plan in planned:
        legs = [leg for leg in plan.legs if not leg.is_zero]
        legs_check(legs, kind=plan.kind)
        legs_of.append(legs)
    postings = [
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
    ]
    kinds = {posting.kind for posting in postings}
    together = connection.vendor == "postgresql" and len(kinds) == len(postings) > 0
    new_hand = hand if hand is not None and hand._state.adding else None
    if together:
        _insert_together(postings, legs_of, new_hand)
    else:
        if new_hand is not None:
            rows_insert(HandResult, [new_hand])
        for posting in postings:
            posting.hand = hand  # its id, now that it has one
        Posting.objects.bulk_create(postings)
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
    if not together:
        LedgerEntry.objects.bulk_create(entry for written in entries for entry in written)
    for posting, written in zip(postings, entries, strict=True):
        related_loaded(posting, "entries", written)
    return postings


_ENTRY_COLUMNS = ("account_id", "points", "chips", "money", "reason")


@functools.cache
def _together_sql(*, with_hand: bool, postings: int, legs: bool) -> str:
    """The statement of ``_insert_together`` for its shape (the same for every hand of one
    shape, so built once per process and prepared once per connection)."""
    quote = connection.ops.quote_name
    hand_fields, hand_columns = written_fields(HandResult, "")
    posting_fields, posting_columns = written_fields(Posting, "hand" if with_hand else "")
    sql = "WITH "
    if with_hand:
        sql += (
            f"new_hand AS (INSERT INTO {quote(HandResult._meta.db_table)} ({hand_columns})"
            f" VALUES ({', '.join(['%s'] * len(hand_fields))}) RETURNING id), "
        )
    taken = ["(SELECT id FROM new_hand)"] if with_hand else []
    row = ", ".join(["%s"] * len(posting_fields) + taken)
    if with_hand:
        posting_columns += f", {quote(Posting._meta.get_field('hand').column)}"
    sql += (
        f"new_posting AS (INSERT INTO {quote(Posting._meta.db_table)} ({posting_columns})"
        f" VALUES {', '.join([f'({row})'] * postings)} RETURNING id, kind)"
    )
    if legs:
        # The legs as one array per column: one statement whatever their number, and under
        # psycopg's 50 parameters (a close's 15 legs were 90 values, converted every time).
        arrays = "%s::text[], %s::bigint[], %s::bigint[], %s::bigint[], %s::bigint[], %s::text[]"
        sql += (
            f", new_entry AS (INSERT INTO {quote(LedgerEntry._meta.db_table)}"
            f" (posting_id, {', '.join(_ENTRY_COLUMNS)})"
            f" SELECT new_posting.id, {', '.join('leg.' + c for c in _ENTRY_COLUMNS)}"
            f" FROM new_posting JOIN UNNEST({arrays})"
            f" AS leg(kind, {', '.join(_ENTRY_COLUMNS)}) ON leg.kind = new_posting.kind)"
        )
    sql += " SELECT id, kind FROM new_posting"
    if with_hand:
        sql += " UNION ALL SELECT id, NULL FROM new_hand"
    return sql


def _insert_together(
    postings: list[Posting], legs_of: list[list[Leg]], new_hand: HandResult | None
) -> None:
    """PostgreSQL: the postings and all their entries in one statement (a data-modifying
    ``WITH``), each entry finding its posting by kind (distinct here); ``new_hand`` first,
    the postings taking its id. Sets the ids."""
    params = [] if new_hand is None else written_values(HandResult, new_hand)
    but = "hand" if new_hand is not None else ""
    for posting in postings:
        params += written_values(Posting, posting, but=but)
    legs = [(posting.kind, leg) for posting, kind_legs in zip(postings, legs_of, strict=True)
            for leg in kind_legs]  # fmt: skip
    if legs:
        params += [
            [str(kind) for kind, _ in legs],
            [leg.account.pk for _, leg in legs],
            [leg.points for _, leg in legs],
            [leg.chips for _, leg in legs],
            [leg.money for _, leg in legs],
            [leg.reason for _, leg in legs],
        ]
    sql = _together_sql(with_hand=new_hand is not None, postings=len(postings), legs=bool(legs))
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        ids = {kind: pk for pk, kind in cursor.fetchall()}
    if new_hand is not None:
        new_hand.pk = ids[None]
        new_hand._state.adding, new_hand._state.db = False, connection.alias
    for posting in postings:
        posting.pk = ids[posting.kind]
        posting._state.adding, posting._state.db = False, connection.alias
        if new_hand is not None:
            posting.hand = new_hand


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
