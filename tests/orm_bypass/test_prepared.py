"""Prepared reads (``PreparedQuery``): what Django's own queryset gives, compiled once.

A session's seat rows each repeat the session, its accounts and its last hand's
state; the prepared read builds those once (``shared=``). What it gives must
still be what Django's own queryset gives, row by row, and the accounts what the
table holds. A ``values()`` query gives the dicts Django's would (``dicts``).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db.models import BigIntegerField, Model
from django.forms.models import model_to_dict

from ledger.books.balances import _session_sums
from ledger.models import Account, HandResult, Session, SessionSeat
from ledger.play.session_selectors import (
    _next_hand_rows,
    _seats_with_accounts,
    session_accounts,
    session_next_hand,
    session_row,
)
from orm_bypass.prepared import PreparedQuery, UpTo
from orm_bypass.switch import plain_django
from tests.fixtures.sessions import Record
from tests.ledger.factories import SessionFactory, draw, ron

pytestmark = pytest.mark.django_db

ANNOTATIONS = [
    "player_account",
    "pot_account",
    "fee_account",
    "house_account",
    "last_ordinal",
    "last_live",
    "last_live_ordinal",
    "last_state",
]


def _as_django_reads(rows: list[Any]) -> list[tuple[Any, ...]]:
    return [
        (
            model_to_dict(row),
            model_to_dict(row.session),
            model_to_dict(row.player),
            {name: getattr(row, name) for name in ANNOTATIONS},
        )
        for row in rows
    ]


def test_the_next_hand_read_gives_djangos_rows_with_one_session(
    session: Session, record: Record
) -> None:
    record(session, draw(0, riichi=[0]), ron(2, 3))
    shared = frozenset(
        {"session", "pot_account", "fee_account", "house_account"}
        | {"last_ordinal", "last_live", "last_live_ordinal", "last_state"}
    )
    prepared = PreparedQuery(
        _next_hand_rows, shared=shared, name="test", session_id=BigIntegerField()
    )

    rows = prepared.rows(session_id=session.pk)
    django_rows = list(_next_hand_rows(session.pk))

    assert [row.seat for row in rows] == [0, 1, 2, 3]
    # What the rows share is read on seat 0's row only; the prepared rows all carry it.
    once = sorted(shared - {"session"})
    assert all(getattr(row, name) is None for row in django_rows[1:] for name in once)
    assert all(getattr(django_rows[0], name) is not None for name in once)
    for row in django_rows[1:]:
        for name in once:
            setattr(row, name, getattr(django_rows[0], name))
    assert _as_django_reads(rows) == _as_django_reads(django_rows)
    assert all(row.session is rows[0].session for row in rows)  # built once
    assert len({id(row.player) for row in rows}) == 4  # each seat its own player
    last = HandResult.objects.get(session=session, ordinal=2)
    assert rows[3].last_state == last.game_state and rows[3].last_live == last.pk


def test_without_shared_parts_each_row_builds_its_own(session: Session) -> None:
    prepared = PreparedQuery(_seats_with_accounts, name="test", session_id=BigIntegerField())

    rows = prepared.rows(session_id=session.pk)

    assert _as_django_reads_without_hands(rows) == _as_django_reads_without_hands(
        list(_seats_with_accounts(session.pk))
    )
    assert rows[0].session is not rows[1].session


def _as_django_reads_without_hands(rows: list[SessionSeat]) -> list[tuple[Any, ...]]:
    return [(model_to_dict(r), model_to_dict(r.session), r.player_account) for r in rows]


def test_the_accounts_are_the_tables_rows(session: Session) -> None:
    accounts = session_accounts(session=session)

    for account in (*accounts.seats, accounts.pot, accounts.fee, accounts.house):
        stored = Account.objects.get(pk=account.pk)
        assert model_to_dict(account) == model_to_dict(stored)
        assert not account._state.adding  # read, not to be inserted
    assert [account.player for account in accounts.seats] == list(accounts.players)


def test_the_next_hand_starts_from_the_last_states_one_decoding(
    session: Session, record: Record
) -> None:
    (hand,) = record(session, draw(0, 1))

    next_hand = session_next_hand(session_id=session.pk, lock=False)

    assert next_hand.state == HandResult.objects.get(pk=hand.pk).game_state
    assert (next_hand.ordinal, next_hand.last_live_ordinal, next_hand.replay) == (2, 1, False)


@pytest.mark.parametrize(
    ("shared", "complaint"),
    [
        (frozenset({"no_such_part"}), "shared names no annotation or related object"),
        (frozenset({"seats"}), "shared names no annotation or related object"),
    ],
)
def test_shared_must_name_a_part_of_the_query(
    session: Session, shared: frozenset[str], complaint: str
) -> None:
    prepared = PreparedQuery(
        _seats_with_accounts, shared=shared, name="test", session_id=BigIntegerField()
    )

    with pytest.raises(ValueError, match=complaint):
        prepared.rows(session_id=session.pk)


def test_a_values_query_gives_djangos_dicts(session: Session, record: Record) -> None:
    record(session, draw(0, riichi=[0]), ron(2, 3), draw(1, 2, riichi=[1, 2]))
    prepared = PreparedQuery(_session_sums, name="test", session_id=BigIntegerField())

    rows = prepared.dicts(session_id=session.pk)

    assert rows == list(_session_sums(session.pk))
    assert len(rows) == 5  # four seats and the pot
    assert sum(row["points"] for row in rows) == 0
    assert prepared.dicts(session_id=2**63) == []  # beyond the key column: no row


def test_the_session_row_is_djangos_and_none_for_no_session(session: Session) -> None:
    row = session_row(session_id=session.pk)

    assert row is not None
    assert model_to_dict(row) == model_to_dict(Session.objects.get(pk=session.pk))
    assert session_row(session_id=session.pk + 1000) is None
    assert session_row(session_id=2**63) is None  # out of range: no row, no error


def test_a_second_call_builds_new_objects_the_same_way(session: Session, record: Record) -> None:
    """How rows become instances (Django's populators included) is worked out on the first
    call and kept; each call still builds objects of its own, from its own rows."""
    prepared = PreparedQuery(_seats_with_accounts, name="test", session_id=BigIntegerField())
    first = prepared.rows(session_id=session.pk)
    other = SessionFactory()

    again = prepared.rows(session_id=session.pk)
    theirs = prepared.rows(session_id=other.pk)

    assert _as_django_reads_without_hands(again) == _as_django_reads_without_hands(first)
    assert all(a is not b and a.player is not b.player for a, b in zip(first, again, strict=True))
    assert _as_django_reads_without_hands(theirs) == _as_django_reads_without_hands(
        list(_seats_with_accounts(other.pk))
    )
    assert {row.session.pk for row in theirs} == {other.pk}


@pytest.mark.parametrize(
    "ids",
    [
        "one",
        "all four",
        "three, one twice",
        "five: Django's query",
        "none: Django's query",
        "one out of range",
    ],
)
def test_a_list_parameter_reads_what_djangos_in_reads(
    session: Session, django_assert_num_queries: Any, ids: str
) -> None:
    """A list of up to four ids goes to the prepared statement, its last id repeated to fill
    it; any other list to Django's query. Either way the rows are Django's."""
    seats = list(SessionSeat.objects.filter(session=session).order_by("seat"))
    mine = [seat.pk for seat in seats]
    given = {
        "one": mine[:1],
        "all four": mine,
        "three, one twice": [mine[2], mine[0], mine[2]],
        "five: Django's query": [*mine, 999_999_999],
        "none: Django's query": [],
        "one out of range": [mine[1], 2**63],
    }[ids]
    prepared = PreparedQuery(
        lambda pks: SessionSeat.objects.filter(pk__in=pks).order_by("seat"),
        name="test",
        pks=UpTo(4, BigIntegerField()),
    )
    expected = [seat.pk for seat in seats if seat.pk in given]

    with django_assert_num_queries(1 if given else 0):  # Django sends no query for "IN ()"
        assert [seat.pk for seat in prepared.rows(pks=given)] == expected
    assert bool(prepared._compiled) is (ids not in {"five: Django's query", "none: Django's query"})


def test_a_value_equal_to_a_constant_of_the_query_leaves_the_constant_alone(
    session: Session,
) -> None:
    """Markers used to be found by their value: one equal to a constant of the query (here
    another session's id) replaced that constant too. A ``Parameter`` is found by identity:
    the constant stays, whatever the value given."""
    other = SessionFactory()

    def build(pk: Any) -> Any:
        return Session.objects.filter(pk__in=[pk, other.pk]).exclude(pk=other.pk)

    prepared = PreparedQuery(build, name="test", pk=BigIntegerField())

    assert [row.pk for row in prepared.rows(pk=session.pk)] == [session.pk]
    assert [row.pk for row in prepared.rows(pk=other.pk)] == []
    assert [row.pk for row in build(session.pk)] == [session.pk]


def test_a_parameter_the_query_does_not_use_is_refused(session: Session) -> None:
    prepared = PreparedQuery(
        lambda pk, unused: Session.objects.filter(pk=pk),
        name="test",
        pk=BigIntegerField(),
        unused=BigIntegerField(),
    )

    with pytest.raises(ValueError, match="does not use 'unused'"):
        prepared.rows(pk=session.pk, unused=1)


def test_switched_off_it_is_djangos_query(session: Session, django_assert_num_queries: Any) -> None:
    prepared = PreparedQuery(_seats_with_accounts, name="test", session_id=BigIntegerField())

    with plain_django("prepared:test"):
        rows = prepared.rows(session_id=session.pk)

    assert not prepared._compiled
    assert _as_django_reads_without_hands(rows) == _as_django_reads_without_hands(
        list(_seats_with_accounts(session.pk))
    )


def _as_built(instance: Model) -> tuple[Any, ...]:
    fields = {name: value for name, value in vars(instance).items() if name != "_state"}
    state = instance._state
    return type(instance), fields, state.adding, state.db, dict(state.fields_cache)


def test_a_prepared_read_of_related_rows_gives_djangos_objects() -> None:
    session = SessionFactory()
    prepared = PreparedQuery(
        lambda session_id: (
            SessionSeat.objects.select_related("session__table", "player")
            .filter(session_id=session_id)
            .order_by("seat")
        ),
        name="test",
        session_id=BigIntegerField(),
    )

    ours = prepared.rows(session_id=session.pk)
    djangos = list(
        SessionSeat.objects.select_related("session__table", "player")
        .filter(session_id=session.pk)
        .order_by("seat")
    )

    assert [
        (_as_built(seat), _as_built(seat.session), _as_built(seat.session.table),
         _as_built(seat.player))
        for seat in ours
    ] == [
        (_as_built(seat), _as_built(seat.session), _as_built(seat.session.table),
         _as_built(seat.player))
        for seat in djangos
    ]  # fmt: skip
