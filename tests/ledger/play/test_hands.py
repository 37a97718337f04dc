"""hand_record and hand_preview: the engine settles, the ledger posts what it moved."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

import engine
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.models import (
    Correction,
    HandResult,
    LedgerEntry,
    Penalty,
    Posting,
    PostingKind,
    Session,
    SessionState,
)
from ledger.play.corrections import hand_void
from ledger.play.hands import hand_preview, hand_record
from tests.fixtures.sessions import Record
from tests.ledger.book_reading import legs, seat_points
from tests.ledger.factories import chonbo, draw, ron, tsumo

pytestmark = pytest.mark.django_db

LEDGER_MODELS = (HandResult, Posting, LedgerEntry, Penalty, Correction)


def row_counts() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in LEDGER_MODELS}


def test_riichi_ron_posts_the_payment_and_the_stick_round_trip(
    session: Session, staff: User
) -> None:
    # Seat 1 riichi, pinfu tanyao on seat 0's discard: 3 han 30 fu, non-dealer ron 3,900.
    hand = hand_record(session=session, hand=ron(1, 0, riichi=[1]), entered_by=staff)

    postings = {p.kind: p for p in hand.postings.all()}
    assert set(postings) == {PostingKind.HAND, PostingKind.DEPOSIT}
    assert legs(postings[PostingKind.HAND]) == [
        ("player", 0, -3900, 0, 0, "ron"),
        ("player", 1, 3900, 0, 0, "ron"),
    ]
    assert legs(postings[PostingKind.DEPOSIT]) == [
        ("player", 1, -1000, 0, 0, "riichi"),
        ("table_pot", -1, 1000, 0, 0, "riichi"),
        ("player", 1, 1000, 0, 0, "sticks"),
        ("table_pot", -1, -1000, 0, 0, "sticks"),
    ]
    assert seat_points(session) == [-3900, 3900, 0, 0]


def test_hand_result_keeps_the_payload_the_engine_result_and_its_version(
    session: Session, staff: User
) -> None:
    payload = ron(1, 0, riichi=[1])

    hand = hand_record(session=session, hand=payload, entered_by=staff)

    hand.refresh_from_db()
    assert hand.payload == payload
    assert hand.kind == "win"
    assert hand.engine_version == engine.__version__
    assert hand.entered_by == staff
    assert hand.result["wins"][0]["score"]["total"] == 4900  # 3,900 and the riichi stick
    assert hand.result["scores"] == [21100, 28900, 25000, 25000]


def test_noten_payments_go_between_players(session: Session, record: Record) -> None:
    # One tenpai, three noten: 3,000 split, each noten pays 1,000 to seat 2.
    (hand,) = record(session, draw(2))

    (posting,) = hand.postings.all()
    assert posting.kind == PostingKind.HAND
    assert seat_points(session) == [-1000, -1000, 3000, -1000]


def test_tsumo_takes_a_share_from_each_player(session: Session, record: Record) -> None:
    # Non-dealer tsumo, 3 han 20 fu: 1,300 from the dealer, 700 from each other player.
    record(session, tsumo(2))

    assert seat_points(session) == [-1300, -700, 2700, -700]


def test_preview_writes_nothing_and_shows_what_record_posts(
    session: Session, staff: User, record: Record
) -> None:
    record(session, draw(2, riichi=[2]))
    before = row_counts()

    preview = hand_preview(session=session, hand=ron(1, 0, riichi=[1]))

    assert row_counts() == before
    hand = hand_record(session=session, hand=ron(1, 0, riichi=[1]), entered_by=staff)
    assert preview.ordinal == hand.ordinal == 2
    assert preview.result == hand.result
    posted = [(p.kind, legs(p)) for p in hand.postings.order_by("pk")]
    planned = [
        (
            p.kind,
            [
                (
                    leg.account.kind,
                    -1
                    if leg.account.player is None
                    else session.seats.get(player=leg.account.player).seat,
                    leg.points,
                    leg.chips,
                    leg.money,
                    leg.reason,
                )
                for leg in p.legs
                if not leg.is_zero
            ],
        )
        for p in preview.postings
    ]
    assert planned == posted


def test_ordinals_are_dense_and_a_voided_number_is_not_reused(
    manager: User, session: Session, staff: User, record: Record
) -> None:
    hands = record(session, draw(0), draw(0), draw(1))
    assert [hand.ordinal for hand in hands] == [1, 2, 3]

    hand_void(hand=hands[2], reason="entered twice", by=manager)
    (fourth,) = record(session, draw(1))

    assert fourth.ordinal == 4


def test_closed_session_refuses_new_hands(session: Session, staff: User) -> None:
    Session.objects.filter(pk=session.pk).update(state=SessionState.CLOSED)

    with pytest.raises(LedgerError) as refused:
        hand_record(session=session, hand=draw(0), entered_by=staff)

    assert refused.value.code == LedgerErrorCode.SESSION_NOT_OPEN
    assert not HandResult.objects.exists()
    with pytest.raises(LedgerError) as previewed:
        hand_preview(session=session, hand=draw(0))
    assert previewed.value.code == LedgerErrorCode.SESSION_NOT_OPEN


def test_engine_rejection_names_the_hand_number_and_the_field(
    session: Session, staff: User, record: Record
) -> None:
    record(session, draw(0))
    before = row_counts()
    bad_tile = ron(1, 0, {"hand": "234m345p456s23488x", "win_tile": "4s"})

    with pytest.raises(LedgerError) as refused:
        hand_record(session=session, hand=bad_tile, entered_by=staff)

    error = refused.value
    assert error.code == LedgerErrorCode.HAND_REJECTED_BY_ENGINE
    assert error.engine_code == "bad_tiles"
    assert error.field == "wins[0].record.hand"
    assert error.message.startswith("hand 2: ")
    assert "23488x" in error.message
    assert row_counts() == before


@pytest.mark.parametrize(
    ("hand", "field", "engine_code"),
    [
        pytest.param({"kind": "win"}, "wins", "bad_game", id="win-without-wins"),
        pytest.param(draw(7), "tenpai[0]", "bad_game", id="seat-not-at-table"),
        pytest.param(ron(1, 1), "wins[0].discarder", "bad_game", id="winner-discards"),
        pytest.param(
            ron(1, 0, {"hand": "123m456m789m11z22z3z", "win_tile": "3z"}),
            "wins[0].record",
            "not_a_winning_hand",
            id="not-a-winning-hand",
        ),
        pytest.param({"kind": "nap"}, "kind", "bad_game", id="unknown-kind"),
    ],
)
def test_engine_errors_name_the_field_of_the_hand(
    session: Session, staff: User, hand: dict[str, object], field: str, engine_code: str
) -> None:
    with pytest.raises(LedgerError) as refused:
        hand_record(session=session, hand=hand, entered_by=staff)

    assert refused.value.field == field
    assert refused.value.engine_code == engine_code


def test_a_hand_that_is_not_an_object_is_refused(session: Session, staff: User) -> None:
    with pytest.raises(LedgerError) as refused:
        hand_record(session=session, hand=["win"], entered_by=staff)  # type: ignore[arg-type]

    assert refused.value.code == LedgerErrorCode.BAD_HAND
    assert refused.value.field == "hand"


def test_hands_after_the_end_of_the_game_are_refused(session: Session, record: Record) -> None:
    # East only: four dealerships without the dealer keeping the deal end the game.
    record(session, draw(), draw(), draw(), draw())

    with pytest.raises(LedgerError) as refused:
        record(session, draw())

    assert refused.value.code == LedgerErrorCode.HAND_REJECTED_BY_ENGINE
    assert refused.value.message.startswith("hand 5: the game already ended after hand 4")


def test_chonbo_is_posted_as_a_penalty_posting(session: Session, record: Record) -> None:
    # Non-dealer chonbo, a reverse mangan: 4,000 to the dealer, 2,000 to each other player.
    (hand,) = record(session, chonbo(2))

    (posting,) = hand.postings.all()
    assert posting.kind == PostingKind.PENALTY
    assert seat_points(session) == [4000, 2000, -8000, 2000]
