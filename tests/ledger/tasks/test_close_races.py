"""Closes racing on PostgreSQL: whoever comes second finds the session closed; one game end.

Transactional tests (the threads need committed rows). A lock held on the
SessionClose table stops the first close mid-transaction, so the second
really starts while the first is under way.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

import pytest
from django.contrib.auth.models import User
from django.db import connection

from ledger.models import Session, SessionState, Settlement
from ledger.settle.closing import CloseOutcome, session_close_once
from ledger.settle.settlements import session_close
from ledger.tasks import close_session
from parlor.services.roles import ROLE_MANAGER
from tests.ledger.factories import UserFactory
from tests.ledger.tasks.pg import (
    closes_waiting_on_insert,
    table_locked,
    wait_until,
    waiting_backends,
)
from tests.ledger.tasks.support import CLOSED_ONCE, close_postings, finished_session
from tests.parlor.factories import house_member

pytestmark = [pytest.mark.requires_postgres, pytest.mark.django_db(transaction=True)]

T = TypeVar("T")


def race(calls: list[Callable[[], T]]) -> list[T]:
    """Run the calls in threads at once, the first held mid-close until all are under way."""
    results: list[T | BaseException] = [RuntimeError("did not run")] * len(calls)

    def run(i: int) -> None:
        try:
            results[i] = calls[i]()
        except BaseException as error:  # reported below
            results[i] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    with table_locked():
        for thread in threads:
            thread.start()
        wait_until(closes_waiting_on_insert, what="the first close to reach its insert")
        # The others wait for the session row the first one holds.
        wait_until(lambda: len(waiting_backends()) == len(calls), what="every close to wait")
    for thread in threads:
        thread.join(timeout=60)
    errors = [r for r in results if isinstance(r, BaseException)]
    assert not errors, errors
    return results  # type: ignore[return-value]


@pytest.fixture
def closer() -> User:
    return house_member(UserFactory(username="closer"), ROLE_MANAGER)


def test_two_closes_racing_post_the_game_end_once(closer: User) -> None:
    session = finished_session(by=closer)

    outcomes: list[CloseOutcome] = race(
        [lambda: session_close_once(session_id=session.pk, by=closer)] * 2
    )

    assert sorted(outcome.closed_now for outcome in outcomes) == [False, True]
    assert [r.pk for r in outcomes[0].settlements] == [r.pk for r in outcomes[1].settlements]
    assert close_postings(session) == CLOSED_ONCE


def test_three_close_tasks_racing_close_once(closer: User) -> None:
    session = finished_session(by=closer)

    results = race([lambda: close_session.apply(args=[session.pk, closer.pk]).get()] * 3)

    assert sorted(result["closed_now"] for result in results) == [False, False, True]
    assert Session.objects.get(pk=session.pk).state == SessionState.CLOSED
    assert close_postings(session) == CLOSED_ONCE


def test_the_ledger_close_alone_is_serialised_by_the_session_row_lock(closer: User) -> None:
    session = finished_session(by=closer)
    rows: list[int] = []

    def close() -> None:
        rows.append(len(session_close(session=session, by=closer)))
        connection.close()

    # No SessionClose row here: hold the Settlement table, which session_close writes last.
    threads = [threading.Thread(target=close) for _ in range(2)]
    with table_locked(Settlement._meta.db_table):
        for thread in threads:
            thread.start()
        wait_until(lambda: len(waiting_backends()) == 2, what="both closes to wait")
    for thread in threads:
        thread.join(timeout=60)

    assert rows == [4, 4]
    postings = close_postings(session)
    assert (postings["game_end"], postings["settlement"], postings["fee"]) == (1, 1, 1)
