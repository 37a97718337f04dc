"""A list costs the same number of queries for 1 row as for 10 (no query per row)."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ledger.models import Session
from ledger.play.corrections import hand_void
from ledger.play.hands import hand_record
from ledger.settle.settlements import session_close
from parlor.services.roles import ROLE_MANAGER
from reports.models import ExportJob
from tests.api.support import RoleClients, post, post_hand
from tests.api.test_sessions import opening
from tests.api.world import World, dealer_busts_seat_1
from tests.ledger.factories import SessionFactory, draw, ron
from tests.parlor.factories import (
    ParlorFactory,
    PlayerFactory,
    RateFactory,
    RulesetConfigFactory,
    TableFactory,
    house_member,
)

pytestmark = pytest.mark.django_db


def _user() -> User:
    user, _ = User.objects.get_or_create(username="rows-builder")
    return house_member(user, ROLE_MANAGER)


def _session_with_draws(n: int) -> Session:
    session = SessionFactory()
    for _ in range(n):
        # Dealer tenpai, seat 1's hand dead (kuikae): one penalty row per hand.
        hand = draw(0, dead=[{"seat": 1, "cause": "kuikae"}])
        hand_record(session=session, hand=hand, entered_by=_user())
    return session


def sessions(n: int) -> str:
    for _ in range(n):
        SessionFactory()
    return "/api/sessions/"


def hands(n: int) -> str:
    return f"/api/sessions/{_session_with_draws(n).pk}/hands/"


def corrections(n: int) -> str:
    session = _session_with_draws(n)
    for hand in reversed(list(session.hands.order_by("ordinal"))):
        hand_void(hand=hand, reason="test", by=_user())
    return "/api/corrections/"


def penalties(n: int) -> str:
    _session_with_draws(n)
    return "/api/penalties/"


def statements(n: int) -> str:
    _session_with_draws(n)
    return "/api/statements/"


def balances(n: int) -> str:
    for _ in range(n):
        PlayerFactory()
    return "/api/balances/"


def settlements(n: int) -> str:
    # Each closed session has 4 rows: 1 -> 4 rows, 3 -> 12.
    for _ in range(max(1, n // 3)):
        session = SessionFactory()
        hand_record(session=session, hand=dealer_busts_seat_1(), entered_by=_user())
        session_close(session=session, by=_user())
    return "/api/settlements/"


def exports(n: int) -> str:
    parlor = ParlorFactory()
    for _ in range(n):
        ExportJob.objects.create(
            kind="settlements", scope="day", format="csv", parlor=parlor,
            date_from=datetime.date(2026, 1, 1), date_to=datetime.date(2026, 1, 1),
            requested_by=User.objects.create_user(f"asks-{ExportJob.objects.count()}"),
        )  # fmt: skip
    return "/api/exports/"


def parlor_rows(factory: Callable[..., object], path: str) -> Callable[[int], str]:
    def build(n: int) -> str:
        parlor = ParlorFactory()
        for _ in range(n):
            factory(parlor=parlor)
        return path

    return build


LISTS = {
    "sessions": sessions,
    "hands": hands,
    "corrections": corrections,
    "penalties": penalties,
    "statements": statements,
    "balances": balances,
    "settlements": settlements,
    "exports": exports,
    "players": parlor_rows(PlayerFactory, "/api/players/"),
    "tables": parlor_rows(TableFactory, "/api/tables/"),
    "ruleset-configs": parlor_rows(RulesetConfigFactory, "/api/ruleset-configs/"),
    "rates": parlor_rows(RateFactory, "/api/rates/"),
}


def queries_for(api_as: RoleClients, path: str) -> tuple[int, int]:
    client = api_as("manager")
    client.get(path)  # warm-up: content types and the like are cached after the first request
    with CaptureQueriesContext(connection) as captured:
        response = client.get(path)
    assert response.status_code == 200
    return len(captured), response.json()["count"]


@pytest.mark.parametrize("name", list(LISTS))
def test_list_query_count_does_not_grow_with_rows(name: str, api_as: RoleClients) -> None:
    build = LISTS[name]
    few_queries, few_rows = queries_for(api_as, build(1))
    # A second, larger batch on top of the first.
    many_queries, many_rows = queries_for(api_as, build(10))

    assert many_rows > few_rows
    assert many_queries == few_queries


def test_recording_a_hand_costs_the_same_queries_early_and_late(
    role_groups: None, api_as: RoleClients
) -> None:
    staff = api_as("staff")
    session = _session_with_draws(1)
    url = f"/api/sessions/{session.pk}/hands/"
    counts = []
    for _ in range(2):
        with CaptureQueriesContext(connection) as captured:
            assert post_hand(staff, url, draw(0)).status_code == 201
        counts.append(len(captured))
        for _ in range(8):
            post_hand(staff, url, draw(0))

    assert counts[0] == counts[1]


def test_recording_a_hand_takes_at_most_nine_queries(
    role_groups: None, api_as: RoleClients, django_assert_max_num_queries: Any
) -> None:
    """Token and roles, the transaction (2), the session's lock, the session with its seats,
    accounts and game state, the hand, its postings and their entries (Django's bulk_create:
    an insert per table, the same on every database), the idempotency key with the response.
    Issue 17's limit was eight, held by a hand-written statement that wrote the three tables
    at once; issue 31 put the books on Django's writer (docs/performance.md)."""
    staff = api_as("staff")
    session = _session_with_draws(0)
    url = f"/api/sessions/{session.pk}/hands/"
    assert post_hand(staff, url, draw(0)).status_code == 201

    with django_assert_max_num_queries(9):
        response = post_hand(staff, url, ron(1, 0, riichi=[1]), **{"Idempotency-Key": "hand-2"})

    assert response.status_code == 201
    assert {posting["kind"] for posting in response.json()["postings"]} == {"hand", "deposit"}


def test_balances_take_three_queries(
    role_groups: None, api_as: RoleClients, django_assert_num_queries: Any
) -> None:
    """Token and roles, the session with its seats, players and accounts, the entries' sums:
    the view reads no session of its own."""
    staff = api_as("staff")
    session = _session_with_draws(2)

    with django_assert_num_queries(3):
        response = staff.get(f"/api/sessions/{session.pk}/balances/")

    assert response.status_code == 200
    assert [seat["seat"] for seat in response.json()["seats"]] == [0, 1, 2, 3]


def test_closing_reads_the_session_once_before_the_service(
    role_groups: None, api_as: RoleClients, django_assert_num_queries: Any
) -> None:
    """The view reads the session row alone (no seats): the service locks it and reads the
    rest, its postings in one insert and their entries in another, no savepoint of its own:
    17 queries with the idempotency key, one for the players' fee classes (the fee
    models' discounts, ``ledger.settle.fee_selectors``), one for the seats' staff shifts (a
    seated member may not close; members' back pay, issue 36), and 4 for the statistics
    (the parlor's ratings lock, the players' ratings, the seats' rows, the ratings
    written): 23 (docs/performance.md lists them)."""
    manager = api_as("manager")
    session = SessionFactory()
    hand_record(session=session, hand=dealer_busts_seat_1(), entered_by=_user())

    with django_assert_num_queries(23):
        response = post(manager, f"/api/sessions/{session.pk}/close/", **{"Idempotency-Key": "c"})

    assert response.status_code == 200, response.content
    assert len(response.json()) == 4


@pytest.mark.requires_postgres  # elsewhere the accounts' insert and check differ
def test_opening_a_session_takes_fourteen_queries(
    world: World, api_as: RoleClients, django_assert_num_queries: Any
) -> None:
    """Token and roles, the transaction (2); the table with its parlor, the four players in
    one query, the ruleset and the rate; the table's lock and its open sessions; the
    session, its seats and its accounts inserted and the accounts checked; the idempotency
    key. The response shows the session written: no query to read it back."""
    staff = api_as("staff")

    with django_assert_num_queries(14):
        response = post(staff, "/api/sessions/", opening(world), **{"Idempotency-Key": "open"})

    assert response.status_code == 201, response.content
    assert response.json() == staff.get(f"/api/sessions/{response.json()['id']}/").json()


@pytest.mark.parametrize("session_id", [2**63, 2**64 + 5, 0])
def test_a_session_id_out_of_the_integer_range_is_not_found(
    world: World, api_as: RoleClients, session_id: int
) -> None:
    """The prepared reads take the URL's id as it is; one no row can have is a 404 on every
    database (SQLite would otherwise raise binding it)."""
    staff, manager = api_as("staff"), api_as("manager")

    assert staff.get(f"/api/sessions/{session_id}/balances/").status_code == 404
    assert post_hand(staff, f"/api/sessions/{session_id}/hands/", draw(0)).status_code == 404
    assert post(manager, f"/api/sessions/{session_id}/close/").status_code == 404
