"""The fee models through a real close: posted in the books, on the Settlement rows, on the slip.

The game is tests/ledger/tasks/support.py's ``GAME`` at 50 per 1,000 points: money
-1,495 / 1,945 / 350 / -800 by seat; first place is seat 1 (28,900), last seat 0
(20,100). Each test names its fee terms and works the figures out by hand.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db.models import F

from ledger.books.audit import ledger_audit
from ledger.books.balances import player_balance
from ledger.models import AccountKind, LedgerEntry, Posting, PostingKind, Session, Settlement
from ledger.play.corrections import hand_amend
from ledger.settle.closing import session_close_once
from ledger.settle.settlements import session_close
from parlor.models import Player, PlayerClass, Rate, TimeFeeBasis
from reports.slips import Paper, session_slip, slip_html, slip_locale
from tests.ledger.factories import parlor_manager, ron
from tests.ledger.tasks.support import MONEY, finished_session

pytestmark = pytest.mark.django_db


def closed(staff: User, **rate: Any) -> Session:
    terms = {f"rate__{name}": value for name, value in rate.items()}
    session = finished_session(by=staff, **terms)
    session_close_once(session_id=session.pk, by=parlor_manager(session.parlor))
    session.refresh_from_db()
    return session


def fees_by_seat(session: Session) -> list[int]:
    return [row.fee for row in Settlement.objects.filter(session=session).order_by("seat")]


def fee_account_money(session: Session) -> int:
    entries = LedgerEntry.objects.filter(
        posting__session=session, account__kind=AccountKind.PARLOR_FEE
    )
    return sum(entry.money for entry in entries)


def assert_books_clean(session: Session) -> None:
    report = ledger_audit(session_ids=[session.pk])
    assert report.findings == [], report.findings


def test_a_top_fee_in_addition_posts_from_first_place(staff: User) -> None:
    session = closed(staff, game_fee=500, top_fee=1000)

    # Seat 1 (first) pays 500 + 1,000; the others 500. Nets: -1,995 / 445 / -150 / -1,300.
    assert fees_by_seat(session) == [500, 1500, 500, 500]
    nets = [row.net_money for row in Settlement.objects.filter(session=session).order_by("seat")]
    assert nets == [-1995, 445, -150, -1300]
    assert fee_account_money(session) == 3000
    top = LedgerEntry.objects.get(posting__session=session, reason="top_fee")
    assert top.money == -1000 and top.account.player == session.seats.get(seat=1).player
    assert_books_clean(session)


def test_a_top_only_fee_is_the_game_fee_paid_by_the_winner(staff: User) -> None:
    session = closed(staff, game_fee=1000, game_fee_payer="winner")

    assert fees_by_seat(session) == [0, 1000, 0, 0]
    assert_books_clean(session)


def _seventy_minutes_later(monkeypatch: Any, session_id: int) -> None:
    """The close happens 70 minutes and some seconds after the session opened."""
    Session.objects.filter(pk=session_id).update(opened_at=F("opened_at") - timedelta(minutes=70))


@pytest.mark.parametrize(
    ("basis", "per_hour", "step", "expected"),
    [
        # 600 a person-hour in 30-minute steps: 70 minutes are 90 billed, 900 each.
        (TimeFeeBasis.PERSON_HOUR, 600, 30, [900, 900, 900, 900]),
        # 2,500 a table-hour in 10-minute steps: 2,917 for 70 minutes, 729 each, the odd
        # one from first place (seat 1).
        (TimeFeeBasis.TABLE_HOUR, 2500, 10, [729, 730, 729, 729]),
    ],
)
def test_a_time_fee_from_the_sessions_start_to_its_close(
    staff: User, monkeypatch: Any, basis: str, per_hour: int, step: int, expected: list[int]
) -> None:
    rate = {"game_fee": 0, "time_fee": per_hour, "time_fee_basis": basis}
    session = finished_session(
        by=staff, **{f"rate__{k}": v for k, v in rate.items()}, rate__time_fee_step_minutes=step
    )
    _seventy_minutes_later(monkeypatch, session.pk)
    session_close_once(session_id=session.pk, by=parlor_manager(session.parlor))
    session.refresh_from_db()

    assert fees_by_seat(session) == expected
    assert fee_account_money(session) == sum(expected)
    assert_books_clean(session)


def test_the_time_fee_stays_the_first_closes_after_a_correction(
    staff: User, manager: User, monkeypatch: Any
) -> None:
    session = finished_session(by=staff, rate__game_fee=0, rate__time_fee=600)
    _seventy_minutes_later(monkeypatch, session.pk)
    session_close(session=session, by=manager)
    # Hours later a hand is corrected and the game closed again: the table time is still
    # the first close's 70 minutes (90 billed), not the hours since.
    session.refresh_from_db()
    later = session.opened_at + timedelta(hours=4)
    monkeypatch.setattr("ledger.settle.closing_selectors.timezone.now", lambda: later)
    first = session.hands.get(ordinal=1)
    hand_amend(hand=first, payload=ron(2, 0), reason="wrong winner", by=manager)
    session_close(session=session, by=manager)

    live = Settlement.objects.filter(session=session, posting__reversed_by__isnull=True)
    assert sorted(row.fee for row in live) == [900, 900, 900, 900]


def test_class_discounts_and_the_first_visit(staff: User) -> None:
    session = finished_session(by=staff, rate__game_fee=500, rate__top_fee=1000)
    parlor = session.parlor
    student = PlayerClass.objects.create(parlor=parlor, name="Student", percent_off=20)
    PlayerClass.objects.create(parlor=parlor, name="First visit", percent_off=100, first_visit=True)
    players = [seat.player for seat in session.seats.order_by("seat")]
    Player.objects.filter(pk=players[1].pk).update(fee_class=student)
    # Seats 0, 2 and 3 played three days ago: no first visit for them; seat 1 did not.
    someone = Player.objects.create(parlor=parlor, member_number="X1", name="Someone else")
    before = [players[0], players[2], players[3], someone]
    earlier = finished_session(by=staff, parlor=parlor, players=before)
    Session.objects.filter(pk=earlier.pk).update(opened_at=session.opened_at - timedelta(days=3))

    session_close_once(session_id=session.pk, by=parlor_manager(parlor))

    rows = list(Settlement.objects.filter(session=session).order_by("seat"))
    # Seat 1 (first place, a student on a first visit): 1,500, the first visit's 100% is
    # worth more than the student's 20%: 0. The others pay 500.
    assert [row.fee for row in rows] == [500, 0, 500, 500]
    assert rows[1].fee_detail == {
        "game": 500, "top": 1000, "time": 0, "discount": 1500, "class": "First visit",
    }  # fmt: skip
    assert fee_account_money(session) == 1500
    assert_books_clean(session)


def test_a_student_pays_less_on_a_later_visit(staff: User) -> None:
    session = finished_session(by=staff, rate__game_fee=500, rate__top_fee=1000)
    student = PlayerClass.objects.create(parlor=session.parlor, name="Student", percent_off=20)
    first_place = session.seats.get(seat=1).player
    Player.objects.filter(pk=first_place.pk).update(fee_class=student)

    session_close_once(session_id=session.pk, by=parlor_manager(session.parlor))

    # 1,500 less 20% = 1,200 (no first-visit class in this parlor).
    assert fees_by_seat(session) == [500, 1200, 500, 500]
    with slip_locale(session=session, language="en"):
        slip = session_slip(session=session)
        assert slip is not None
        receipt = slip_html(slip=slip, paper=Paper.RECEIPT)
        a4 = slip_html(slip=slip, paper=Paper.A4)
    for html in (receipt, a4):
        assert "top fee" in html and "1,000" in html and "discount (Student)" in html
        assert "-300" in html and "1,200" in html


def test_a_points_only_rate_posts_no_money(staff: User) -> None:
    session = closed(staff, game_fee=0, points_only=True)

    kinds = set(Posting.objects.filter(session=session, hand__isnull=True).values_list(
        "kind", flat=True))  # fmt: skip
    assert kinds == {PostingKind.GAME_END}
    rows = list(Settlement.objects.filter(session=session).order_by("seat"))
    assert [(row.money, row.fee) for row in rows] == [(0, 0)] * 4
    for row in rows:
        balance = player_balance(player=row.player)
        assert (balance.points, balance.chips, balance.money) == (row.points, row.chips, 0)
    assert [row.points for row in rows] == [-29900, 38900, 7000, -16000]
    assert_books_clean(session)
    with slip_locale(session=session, language="ja"):
        slip = session_slip(session=session)
        assert slip is not None
        html = slip_html(slip=slip, paper=Paper.RECEIPT)
    assert "ゲーム代" not in html.split('id="slip-seats"')[1].split("</section>")[0]


def test_a_points_only_session_corrected_and_closed_again(staff: User, manager: User) -> None:
    session = closed(staff, game_fee=0, points_only=True)
    first = session.hands.get(ordinal=1)

    hand_amend(hand=first, payload=ron(2, 0), reason="wrong winner", by=manager)
    session_close(session=session, by=manager)

    live = Settlement.objects.filter(session=session, posting__reversed_by__isnull=True)
    assert live.count() == 4
    assert sum(player_balance(player=row.player).money for row in live) == 0
    assert_books_clean(session)


def test_a_points_only_rate_with_a_fee_is_refused_by_name() -> None:
    from django.core.exceptions import ValidationError

    from tests.parlor.factories import RateFactory

    rate: Rate = RateFactory.build(points_only=True, game_fee=500)
    with pytest.raises(ValidationError) as refused:
        rate.clean()
    assert "points_only" in refused.value.message_dict


def test_the_money_of_a_normal_game_is_unchanged(staff: User) -> None:
    session = closed(staff, game_fee=500)

    assert [row.money for row in Settlement.objects.filter(session=session).order_by("seat")] == (
        MONEY
    )
    assert fees_by_seat(session) == [500] * 4
