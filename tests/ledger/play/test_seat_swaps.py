"""Seats swapped by mistake: from hand N on, two seats exchanged and the later hands re-scored."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from engine.game import vocabulary
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.models import Correction, CorrectionKind, HandResult, Session
from ledger.play import seat_swaps
from ledger.play.seat_swaps import (
    DEAD_SEAT_FIELDS,
    SEAT_FIELDS,
    SEAT_LIST_FIELDS,
    WIN_SEAT_FIELDS,
    payload_seats_swapped,
    seats_swap,
    seats_swap_preview,
)
from ledger.play.session_selectors import session_live_hands
from ledger.settle.settlements import session_close
from parlor.policy import PolicyRefusal
from tests.fixtures.sessions import Record
from tests.ledger.book_reading import seat_points, unbalanced_postings
from tests.ledger.factories import SessionFactory, draw, ron, tsumo

pytestmark = pytest.mark.django_db

# Fields that name no seat.
NO_SEAT = {"kind", "note", "dealer_passes", "cause", "wins", "dead", "record", "special"}


def test_every_field_of_the_game_json_is_known_to_name_a_seat_or_not() -> None:
    named = {*SEAT_FIELDS, *SEAT_LIST_FIELDS}
    assert set(vocabulary.HAND_FIELDS) <= named | NO_SEAT
    assert set(vocabulary.WIN_FIELDS) <= set(WIN_SEAT_FIELDS) | NO_SEAT
    assert set(vocabulary.DEAD_FIELDS) == {*DEAD_SEAT_FIELDS, "cause"}


def test_a_payload_swaps_every_seat_it_names() -> None:
    payload: dict[str, Any] = {
        "kind": "win",
        "riichi": [1, 3],
        "dead": [{"seat": 2, "cause": "taahai"}],
        "wins": [{"winner": 1, "discarder": 2, "pao": 0, "record": {"hand": "123m"}}],
    }

    assert payload_seats_swapped(payload, 1, 2) == {
        "kind": "win",
        "riichi": [2, 3],
        "dead": [{"seat": 1, "cause": "taahai"}],
        "wins": [{"winner": 2, "discarder": 1, "pao": 0, "record": {"hand": "123m"}}],
    }
    assert payload_seats_swapped({"kind": "chonbo", "offender": 3}, 0, 3)["offender"] == 0


def test_a_swap_from_hand_two_reads_the_later_hands_as_a_fresh_entry_would(
    session: Session, manager: User, staff: User, record: Record
) -> None:
    # Hands 2 and 3 were entered with seats 1 and 2 taken for each other.
    first, _, _ = record(session, ron(2, 3), ron(1, 0, riichi=[1]), tsumo(1))

    preview = seats_swap_preview(
        session=session, from_ordinal=2, seats=(1, 2), reason="took South for West", by=manager
    )
    correction = seats_swap(
        session=session, from_ordinal=2, seats=(1, 2), reason="took South for West", by=manager
    )

    fresh = SessionFactory()
    record(fresh, ron(2, 3), ron(2, 0, riichi=[2]), tsumo(2))
    assert seat_points(session) == seat_points(fresh)
    live = list(session_live_hands(session=session))
    assert [(h.ordinal, h.version) for h in live] == [(1, 1), (2, 2), (3, 2)]
    assert live[0] == first and all(h.correction == correction for h in live[1:])
    assert [h.entered_by for h in live[1:]] == [staff, staff]
    assert correction.kind == CorrectionKind.AMEND and correction.hand.ordinal == 2
    assert "swapped from hand 2" in correction.reason and "took South for West" in correction.reason
    assert [c.ordinal for c in preview.changed] == [2, 3]
    assert preview.totals_after == tuple(seat_points(fresh))
    assert unbalanced_postings() == []


def test_the_preview_writes_nothing(session: Session, manager: User, record: Record) -> None:
    record(session, ron(2, 3), ron(1, 0))

    seats_swap_preview(session=session, from_ordinal=1, seats=(1, 2), reason="x", by=manager)

    assert Correction.objects.count() == 0 and HandResult.objects.count() == 2


def test_the_swap_is_all_or_nothing(
    session: Session, manager: User, record: Record, monkeypatch: pytest.MonkeyPatch
) -> None:
    record(session, ron(1, 3), ron(1, 0), tsumo(2))
    points = seat_points(session)
    calls = []
    write = seat_swaps.hands_repost.__globals__["hand_result_write"]

    def failing(**kwargs: Any) -> Any:
        calls.append(kwargs["ordinal"])
        if len(calls) == 2:
            raise RuntimeError("the database went away")
        return write(**kwargs)

    monkeypatch.setitem(seat_swaps.hands_repost.__globals__, "hand_result_write", failing)

    with pytest.raises(RuntimeError):
        seats_swap(session=session, from_ordinal=1, seats=(1, 2), reason="x", by=manager)

    assert calls == [1, 2]
    assert Correction.objects.count() == 0 and HandResult.objects.count() == 3
    assert seat_points(session) == points


def test_a_swap_reopens_a_closed_session(manager: User, record: Record) -> None:
    session = SessionFactory()
    record(session, ron(1, 3), draw(), draw(), draw())  # an East-only game ends
    session_close(session=session, by=manager)

    correction = seats_swap(session=session, from_ordinal=1, seats=(1, 2), reason="x", by=manager)

    session.refresh_from_db()
    assert correction.reopened_session and session.state == "open"


@pytest.mark.parametrize(
    ("from_ordinal", "seats", "field"),
    [(1, (1, 1), "seats"), (1, (0, 4), "seats"), (2, (0, 1), "from_ordinal")],
)
def test_a_swap_that_names_nothing_to_swap_is_refused(
    session: Session,
    manager: User,
    record: Record,
    from_ordinal: int,
    seats: tuple[int, int],
    field: str,
) -> None:
    # Hand 2 is a draw nobody was tenpai in: it names no seat.
    record(session, ron(1, 3), draw())

    with pytest.raises(LedgerError) as refused:
        seats_swap(session=session, from_ordinal=from_ordinal, seats=seats, reason="x", by=manager)

    assert (refused.value.code, refused.value.field) == (LedgerErrorCode.BAD_HAND, field)


def test_staff_may_not_swap_seats(session: Session, staff: User, record: Record) -> None:
    record(session, ron(1, 3))

    with pytest.raises(PolicyRefusal):
        seats_swap(session=session, from_ordinal=1, seats=(1, 2), reason="x", by=staff)
