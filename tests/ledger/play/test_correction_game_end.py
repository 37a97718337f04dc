"""A correction's preview says when the game's end moves, and shows chips (issue 33, item 6).

East-only riichi-standard (the factory's session): the deal passes East, South, West,
North; the game ends when the North dealer loses the deal ("rounds_complete").
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from ledger.models import CorrectionKind, HandResult, Session
from ledger.play.corrections import correction_preview, hand_amend, hand_void
from ledger.play.game_end import GameEndChange, last_correction_end
from ledger.play.hands import hand_record
from ledger.play.seat_swaps import seats_swap, seats_swap_preview
from ledger.play.session_selectors import session_live_hands
from tests.fixtures.sessions import Record
from tests.ledger.factories import SessionFactory, ron

pytestmark = pytest.mark.django_db

# Each dealer loses the deal: the game is over after hand 4.
FINISHED = (ron(1, 0), ron(2, 1), ron(3, 2), ron(0, 3))


def _hand(session: Session, ordinal: int) -> HandResult:
    return session_live_hands(session=session).get(ordinal=ordinal)


def test_a_swap_that_keeps_west_dealing_reopens_the_game(record: Record, manager: User) -> None:
    """Seats 2 and 3 swapped from hand 3: West wins her own deal (renchan), so the North
    dealer never loses it: the game that ended after hand 4 goes on."""
    session = SessionFactory()
    record(session, *FINISHED)

    preview = seats_swap_preview(
        session=session, from_ordinal=3, seats=(2, 3), reason="West and North", by=manager
    )

    assert preview.game_end == GameEndChange(4, None, ("rounds_complete",), ())
    assert preview.game_end.moves
    seats_swap(session=session, from_ordinal=3, seats=(2, 3), reason="West and North", by=manager)
    corrected = last_correction_end(session=session)
    assert corrected is not None and corrected.end == preview.game_end
    # Once the next hand is entered, the correction is history.
    record(session, ron(0, 2))
    assert last_correction_end(session=session) is None


def test_an_amendment_that_makes_the_north_dealer_lose_ends_the_game(
    record: Record, manager: User
) -> None:
    session = SessionFactory()
    record(session, ron(1, 0), ron(2, 1), ron(3, 2), ron(3, 0))  # North keeps the deal

    preview = correction_preview(
        hand=_hand(session, 4), kind=CorrectionKind.AMEND, reason="Aoi won", payload=ron(0, 3)
    )

    assert preview.game_end == GameEndChange(None, 4, (), ("rounds_complete",))
    hand_amend(hand=_hand(session, 4), payload=ron(0, 3), reason="Aoi won", by=manager)
    corrected = last_correction_end(session=session)
    assert corrected is not None and corrected.end.after == 4


def test_voiding_the_last_hand_moves_the_end_and_a_correction_that_does_not_says_nothing(
    record: Record, manager: User
) -> None:
    session = SessionFactory()
    record(session, *FINISHED)

    same = correction_preview(
        hand=_hand(session, 1), kind=CorrectionKind.AMEND, reason="typo", payload=ron(1, 0)
    )
    voided = correction_preview(hand=_hand(session, 4), kind=CorrectionKind.VOID, reason="no")

    assert not same.game_end.moves and same.game_end.before == 4
    assert voided.game_end == GameEndChange(4, None, ("rounds_complete",), ())
    hand_void(hand=_hand(session, 4), reason="never played", by=manager)
    corrected = last_correction_end(session=session)
    assert corrected is not None and corrected.end.before == 4 and corrected.end.after is None


def _speed_tonpuu() -> Session:
    return SessionFactory(
        ruleset_config__ruleset_slug="speed-tonpuu", ruleset_config__game_options={}
    )


def test_a_swap_preview_shows_each_hands_chips_before_and_after(
    staff: User, manager: User
) -> None:
    """Speed Tonpuu: a ron with a red five moves a chip from the discarder to the winner."""
    session = _speed_tonpuu()
    red = {"hand": "234m340p456s23488s", "win_tile": "4s"}
    hand_record(session=session, hand=ron(2, 3, record=red), entered_by=staff)

    preview = seats_swap_preview(
        session=session, from_ordinal=1, seats=(1, 2), reason="South and West", by=manager
    )

    (changed,) = preview.changed
    assert changed.chips_before == (0, 0, 1, -1) and changed.chips_after == (0, 1, 0, -1)
    assert (preview.chips_before, preview.chips_after) == ((0, 0, 1, -1), (0, 1, 0, -1))
    assert not preview.game_end.moves


def test_a_game_without_chips_moves_none(record: Record, manager: User) -> None:
    session = SessionFactory()
    record(session, ron(1, 0))
    preview: Any = correction_preview(
        hand=_hand(session, 1), kind=CorrectionKind.VOID, reason="typo"
    )
    assert preview.changed[0].chips_before == (0, 0, 0, 0)
    assert preview.changed[0].chips_after is None  # voided
    assert preview.chips_after == (0, 0, 0, 0)
