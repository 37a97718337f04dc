"""Corrections: reversals and new versions; nothing edited in place, nothing deleted."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from ledger.books.balances import session_scoreboard
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.models import (
    CorrectionKind,
    HandResult,
    Posting,
    PostingKind,
    Session,
    SessionState,
)
from ledger.play.corrections import correction_post, hand_amend, hand_void
from ledger.play.session_selectors import session_live_hands, session_settlement
from ledger.play.sessions import session_mark_settled
from ledger.settle.settlements import session_close
from tests.fixtures.sessions import Record
from tests.ledger.book_reading import legs, seat_points, unbalanced_postings
from tests.ledger.factories import PINFU_TANYAO, SessionFactory, draw, ron, tsumo

pytestmark = pytest.mark.django_db


def negated(
    rows: list[tuple[str, int, int, int, int, str]],
) -> list[tuple[str, int, int, int, int, str]]:
    return [(kind, seat, -p, -c, -m, reason) for kind, seat, p, c, m, reason in rows]


def test_void_reverses_every_posting_of_the_hand(
    session: Session, manager: User, record: Record
) -> None:
    first, second = record(session, draw(2), ron(1, 0, riichi=[1]))
    originals = list(second.postings.order_by("pk"))

    correction = hand_void(hand=second, reason="the ron was a false call", by=manager)

    for original in originals:
        reversal = Posting.objects.get(reverses=original)
        assert reversal.kind == PostingKind.CORRECTION
        assert reversal.correction == correction
        assert reversal.created_by == manager
        assert legs(reversal) == negated(legs(original))
    assert seat_points(session) == [-1000, -1000, 3000, -1000]  # the draw alone
    assert list(session_live_hands(session=session)) == [first]
    assert HandResult.objects.filter(session=session).count() == 2  # nothing deleted
    assert (correction.kind, correction.hand, correction.reason) == (
        CorrectionKind.VOID,
        second,
        "the ron was a false call",
    )


def test_amend_resettles_the_later_hands_like_a_fresh_entry(manager: User, record: Record) -> None:
    # Hand 1 was entered as seat 1 winning off seat 0; it was seat 2 off seat 3.
    # That changes the dealer for hand 2 and therefore hand 2's tsumo payments.
    corrected = SessionFactory()
    first, _, _ = record(corrected, ron(1, 0), tsumo(2), draw(0, 1))

    hand_amend(hand=first, payload=ron(2, 3), reason="wrong seats entered", by=manager)

    fresh = SessionFactory()
    record(fresh, ron(2, 3), tsumo(2), draw(0, 1))
    assert seat_points(corrected) == seat_points(fresh)
    board, expected = session_scoreboard(session=corrected), session_scoreboard(session=fresh)
    assert [row.points for row in board.rows] == [row.points for row in expected.rows]
    assert [h.result["scores"] for h in session_live_hands(session=corrected)] == [
        h.result["scores"] for h in session_live_hands(session=fresh)
    ]
    assert unbalanced_postings() == []


def test_amend_makes_new_versions_and_reverses_only_what_changed(
    session: Session, manager: User, staff: User, record: Record
) -> None:
    first, second, third = record(session, ron(1, 0), tsumo(2), draw(0, 1))

    correction = hand_amend(hand=first, payload=ron(2, 3), reason="wrong seats", by=manager)

    live = list(session_live_hands(session=session))
    assert [(h.ordinal, h.version) for h in live] == [(1, 2), (2, 2), (3, 2)]
    assert [h.supersedes for h in live] == [first, second, third]
    assert all(h.correction == correction for h in live)
    # The amended hand is the corrector's; a hand re-settled by knock-on keeps its enterer.
    assert live[0].entered_by == manager
    assert live[1].entered_by == staff
    for old in (first, second, third):
        for posting in old.postings.exclude(kind=PostingKind.CORRECTION):
            assert legs(posting.reversed_by) == negated(legs(posting))


def test_amend_that_changes_nothing_later_leaves_later_hands_alone(
    session: Session, manager: User, record: Record
) -> None:
    first, second = record(session, draw(2), draw(2))

    hand_amend(hand=first, payload=draw(2, note="seat 2 showed tenpai"), reason="note", by=manager)

    live = list(session_live_hands(session=session))
    assert [(h.ordinal, h.version) for h in live] == [(1, 2), (2, 1)]
    assert live[1] == second
    assert not Posting.objects.filter(reverses__hand=second).exists()


def test_a_superseded_version_cannot_be_corrected(
    session: Session, manager: User, record: Record
) -> None:
    (first,) = record(session, draw(2))
    hand_amend(hand=first, payload=draw(1), reason="wrong seat", by=manager)

    with pytest.raises(LedgerError) as refused:
        hand_void(hand=first, reason="again", by=manager)

    assert refused.value.code == LedgerErrorCode.HAND_NOT_LIVE


@pytest.mark.parametrize("reason", ["", "   "])
def test_a_correction_needs_a_reason(
    session: Session, manager: User, record: Record, reason: str
) -> None:
    (first,) = record(session, draw(2))

    with pytest.raises(LedgerError) as refused:
        hand_void(hand=first, reason=reason, by=manager)

    assert (refused.value.code, refused.value.field) == (LedgerErrorCode.REASON_REQUIRED, "reason")


def test_amend_needs_a_hand_and_void_takes_none(
    session: Session, manager: User, record: Record
) -> None:
    (first,) = record(session, draw(2))

    with pytest.raises(LedgerError) as amend:
        correction_post(hand=first, kind=CorrectionKind.AMEND, reason="x", by=manager)
    with pytest.raises(LedgerError) as void:
        correction_post(
            hand=first, kind=CorrectionKind.VOID, reason="x", by=manager, payload=draw(1)
        )

    assert amend.value.code == void.value.code == LedgerErrorCode.BAD_HAND


def test_a_void_that_breaks_a_later_hand_is_rejected_naming_it(
    session: Session, manager: User, record: Record
) -> None:
    # After hand 1 (the dealer noten) seat 1 deals, so its win in hand 2 is as East.
    east_win = {**PINFU_TANYAO, "seat_wind": "E"}
    first, _ = record(session, draw(), ron(1, 0, east_win))
    before = (Posting.objects.count(), HandResult.objects.count())

    with pytest.raises(LedgerError) as refused:
        hand_void(hand=first, reason="no such hand", by=manager)

    error = refused.value
    assert error.code == LedgerErrorCode.CORRECTION_REJECTED_BY_ENGINE
    assert error.field == "wins[0].record.seat_wind"
    assert error.message.startswith("hand 2: ")
    assert (Posting.objects.count(), HandResult.objects.count()) == before


def test_correcting_a_closed_session_undoes_the_close_and_reopens_it(
    session: Session, staff: User, manager: User, record: Record
) -> None:
    first, *_ = record(session, ron(1, 0, riichi=[1]), draw(2, riichi=[2]), draw(), draw())
    closed = session_close(session=session, by=manager)
    close_postings = list(Posting.objects.filter(session=session, hand__isnull=True))

    correction = hand_amend(hand=first, payload=ron(2, 0), reason="wrong winner", by=manager)

    session.refresh_from_db()
    assert session.state == SessionState.OPEN
    assert (session.closed_by, session.closed_at) == (None, None)
    assert correction.reopened_session
    assert {p.kind for p in close_postings} == {"game_end", "settlement", "fee"}
    for posting in close_postings:
        assert legs(posting.reversed_by) == negated(legs(posting))
    assert session_settlement(session=session) == []
    reclosed = session_close(session=session, by=manager)
    assert [row.pk for row in reclosed] != [row.pk for row in closed]
    assert session_settlement(session=session) == reclosed
    assert [row.placement for row in reclosed] != [row.placement for row in closed]


def test_a_settled_session_refuses_corrections(
    session: Session, staff: User, manager: User, record: Record
) -> None:
    first, *_ = record(session, draw(), draw(), draw(), draw())
    session_close(session=session, by=manager)
    session_mark_settled(session=session, by=manager)

    with pytest.raises(LedgerError) as refused:
        hand_void(hand=first, reason="too late", by=manager)

    assert refused.value.code == LedgerErrorCode.SESSION_SETTLED
