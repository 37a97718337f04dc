"""Issue 30's eighteen tampering attempts, raw SQL, as the service role and as the owner.

Each attempt runs in a transaction rolled back afterwards, as the issue tried
them on main (df4b744). It is **refused** when PostgreSQL refuses a
statement or what its commit would check (``SET CONSTRAINTS ALL IMMEDIATE``
at its end); **caught** when the audit, run in the same transaction,
reports something it did not report before; **unseen** otherwise. The
figures, before and after issue 30, are in docs/hardening.md ("Tampering
as the owner and as the service role").

This file runs on the code of df4b744 too (the "before" figures: one login,
the owner's): nothing here needs what issue 30 added.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import DatabaseError, connection, transaction
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from api.models import IdempotencyRecord
from ledger.books.audit import ledger_audit
from ledger.models import Account, AccountKind, HandResult, SessionClose, Settlement, Standing
from ledger.play.hands import hand_record
from ledger.settle.settlements import session_close
from parlor.services.roles import ROLE_MANAGER, ROLE_STAFF, roles_sync
from tests.ledger.factories import SessionFactory, UserFactory, draw, ron
from tests.parlor.factories import ParlorFactory, PlayerFactory, house_member

pytestmark = [pytest.mark.requires_postgres, pytest.mark.django_db(transaction=True)]

BOOKS = (
    "ledger_ledgerentry, ledger_posting, ledger_handresult, ledger_correction, ledger_penalty,"
    " ledger_settlement, ledger_sessionclose, ledger_standing"
)
GAME = (ron(1, 0, riichi=[1]), draw(2, riichi=[2]), draw(), draw())


@dataclass(frozen=True)
class Books:
    """The rows the attempts aim at (ids)."""

    open_session: int
    closed_session: int
    hand: int
    posting: int
    entry: int
    settlement: int
    standing: int
    seat: int
    player: int
    account: int
    other_account: int
    stranger: int
    other_parlor: int
    answer: int
    user: int


Statements = Callable[[Books], list[tuple[str, list[Any]]]]


def one(sql: str, *params: Callable[[Books], Any]) -> Statements:
    return lambda b: [(sql, [param(b) for param in params])]


FORGED_POSTING = (
    "WITH p AS (INSERT INTO ledger_posting (session_id, kind, memo, created_at, created_by_id)"
    " VALUES (%s, 'hand', 'forged', now(), %s) RETURNING id)"
    " INSERT INTO ledger_ledgerentry (posting_id, account_id, points, chips, money, reason)"
    " SELECT p.id, a.id, a.points, 0, 0, 'forged' FROM p,"
    " (VALUES (%s::bigint, -8000::bigint), (%s::bigint, 8000::bigint)) AS a(id, points)"
)

# The eighteen, in its order: thirteen PostgreSQL refused on df4b744, then the five
# it let through (three the audit caught, two unseen).
ATTEMPTS: list[tuple[str, Statements]] = [
    ("entry's points changed",
     one("UPDATE ledger_ledgerentry SET points = points + 1000 WHERE id = %s", lambda b: b.entry)),
    ("entry deleted", one("DELETE FROM ledger_ledgerentry WHERE id = %s", lambda b: b.entry)),
    ("posting's memo changed",
     one("UPDATE ledger_posting SET memo = 'edited' WHERE id = %s", lambda b: b.posting)),
    ("posting deleted", one("DELETE FROM ledger_posting WHERE id = %s", lambda b: b.posting)),
    ("hand's stored result changed",
     one("UPDATE ledger_handresult SET result = '{}' WHERE id = %s", lambda b: b.hand)),
    ("hand deleted", one("DELETE FROM ledger_handresult WHERE id = %s", lambda b: b.hand)),
    ("settlement's money changed",
     one("UPDATE ledger_settlement SET money = money + 1 WHERE id = %s", lambda b: b.settlement)),
    ("standings row's points changed",
     one("UPDATE ledger_standing SET points = 0 WHERE id = %s", lambda b: b.standing)),
    ("close row deleted",
     one("DELETE FROM ledger_sessionclose WHERE session_id = %s", lambda b: b.closed_session)),
    ("unbalanced entry added",
     one("INSERT INTO ledger_ledgerentry (posting_id, account_id, points, chips, money, reason)"
         " VALUES (%s, %s, 500, 0, 0, 'forged')", lambda b: b.posting, lambda b: b.account)),
    ("closed session's rate changed",
     one("UPDATE ledger_session SET money_per_unit = money_per_unit * 2 WHERE id = %s",
         lambda b: b.closed_session)),
    ("seat's player swapped",
     one("UPDATE ledger_sessionseat SET player_id = %s WHERE id = %s",
         lambda b: b.stranger, lambda b: b.seat)),
    ("player with postings moved to another parlor",
     one("UPDATE parlor_player SET parlor_id = %s WHERE id = %s",
         lambda b: b.other_parlor, lambda b: b.player)),
    ("forged balanced posting",
     one(FORGED_POSTING, lambda b: b.open_session, lambda b: b.user, lambda b: b.account,
         lambda b: b.other_account)),
    ("account pointed at another player",
     one("UPDATE ledger_account SET player_id = %s WHERE id = %s",
         lambda b: b.stranger, lambda b: b.account)),
    ("triggers disabled, settlement's money changed",
     lambda b: [("ALTER TABLE ledger_settlement DISABLE TRIGGER USER", []),
                ("UPDATE ledger_settlement SET money = money + 1 WHERE id = %s", [b.settlement])]),
    ("books truncated", one(f"TRUNCATE {BOOKS} CASCADE")),
    ("stored idempotency answer changed",
     one("UPDATE ledger_api_idempotencyrecord"
         " SET response_body = jsonb_set(response_body, '{ordinal}', '99') WHERE id = %s",
         lambda b: b.answer)),
]  # fmt: skip

# The counter's guarded tables that reference the books (issue 34): a visit's settlement too.
COUNTER_TABLES = (
    ", ledger_counterentry, ledger_tillclose, ledger_backpay, ledger_visitsettlement"
)

# Beyond the eighteen: the owner switching a guard of issue 30 off first.
OWNER_EXTRAS: list[tuple[str, Statements]] = [
    ("triggers disabled, stored idempotency answer changed",
     lambda b: [("ALTER TABLE ledger_api_idempotencyrecord DISABLE TRIGGER USER", []),
                *ATTEMPTS[17][1](b)]),
    ("triggers disabled, books truncated",
     # The counter's and back pay's guarded tables too: the CASCADE reaches them (34, 36).
     lambda b: [*((f"ALTER TABLE {table.strip()} DISABLE TRIGGER USER", [])
                  for table in (BOOKS + COUNTER_TABLES).split(",")),
                *ATTEMPTS[16][1](b)]),
]  # fmt: skip


class _RolledBack(Exception):
    def __init__(self, outcome: str) -> None:
        self.outcome = outcome


def outcome(statements: Statements, books: Books, baseline: set[tuple[str, str]]) -> str:
    """refused, caught or unseen: the attempt, then the audit, in one rolled-back transaction."""
    try:
        with transaction.atomic():
            with connection.cursor() as cursor:
                for sql, params in statements(books):
                    cursor.execute(sql, params or None)
                cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # what the commit would check
            found = {(str(f.check), f.subject) for f in ledger_audit().findings}
            raise _RolledBack("caught" if found - baseline else "unseen")
    except _RolledBack as done:
        return done.outcome
    except DatabaseError:
        return "refused"


def build_books() -> Books:
    roles_sync()
    staff = house_member(UserFactory(username="desk"), ROLE_STAFF)
    manager = house_member(UserFactory(username="boss"), ROLE_MANAGER)
    closed = SessionFactory()
    for hand in GAME:
        hand_record(session=closed, hand=hand, entered_by=staff)
    session_close(session=closed, by=manager)
    opened = SessionFactory()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=staff).key}")
    answered = client.post(
        f"/api/sessions/{opened.pk}/hands/", ron(1, 0), format="json",
        headers={"Idempotency-Key": "tampering-1"},
    )  # fmt: skip
    assert answered.status_code == 201, answered.json()
    hand = HandResult.objects.get(pk=answered.json()["id"])
    posting = hand.postings.first()
    assert posting is not None
    seat = opened.seats.get(seat=0)
    accounts = [
        Account.objects.get(kind=AccountKind.PLAYER, player=opened.seats.get(seat=n).player)
        for n in (0, 1)
    ]
    return Books(
        open_session=opened.pk,
        closed_session=closed.pk,
        hand=hand.pk,
        posting=posting.pk,
        entry=posting.entries.first().pk,  # type: ignore[union-attr]
        settlement=Settlement.objects.filter(session=closed).first().pk,  # type: ignore[union-attr]
        standing=Standing.objects.filter(session=closed).first().pk,  # type: ignore[union-attr]
        seat=seat.pk,
        player=seat.player_id,
        account=accounts[0].pk,
        other_account=accounts[1].pk,
        stranger=PlayerFactory(parlor=opened.parlor).pk,
        other_parlor=ParlorFactory().pk,
        answer=IdempotencyRecord.objects.get().pk,
        user=staff.pk,
    )


@contextmanager
def logged_in(role: str) -> Iterator[None]:
    """The service role, or the owner (after issue 30; before it, one login: the owner's)."""
    try:
        from tests.database import logged_in_as
    except ImportError:  # df4b744: the service connects as the owner
        yield
        return
    with logged_in_as(role):
        yield


def figures(role: str, attempts: list[tuple[str, Statements]], books: Books) -> dict[str, str]:
    with logged_in(role):
        assert ledger_audit().ok
        assert SessionClose.objects.exists() and User.objects.exists()
        return {name: outcome(statements, books, set()) for name, statements in attempts}


def _table(role: str, found: dict[str, str]) -> str:
    counts = {kind: sum(1 for o in found.values() if o == kind) for kind in ("refused", "caught")}
    lines = [f"{n:2}. {name}: {o}" for n, (name, o) in enumerate(found.items(), start=1)]
    unseen = len(found) - sum(counts.values())
    head = f"as {role}: {counts['refused']} refused, {counts['caught']} caught, {unseen} unseen"
    return "\n".join([head, *lines])


EXPECTED = {
    "service": ["refused"] * 13 + ["caught", "refused", "refused", "refused", "refused"],
    "owner": ["refused"] * 13 + ["caught", "caught", "caught", "refused", "refused"],
}


@pytest.mark.parametrize("role", ["service", "owner"])
def test_the_eighteen_attempts(role: str) -> None:
    books = build_books()

    found = figures(role, ATTEMPTS, books)

    print(f"\n{_table(role, found)}")
    assert list(found.values()) == EXPECTED[role], _table(role, found)


def test_beyond_the_eighteen_the_owner_switching_the_new_guards_off_is_caught() -> None:
    books = build_books()

    found = figures("owner", OWNER_EXTRAS, books)

    print(f"\n{_table('owner', found)}")
    assert list(found.values()) == ["caught", "caught"], _table("owner", found)
