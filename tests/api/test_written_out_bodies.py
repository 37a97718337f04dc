"""The hand, posting and entry bodies written out by hand equal DRF's own rendering of the
declared fields (which stay the OpenAPI schema's source): every field, value and order."""

from __future__ import annotations

import json
from contextlib import ExitStack
from typing import Any
from unittest import mock

import pytest
from rest_framework import serializers

from api.books.postings import EntrySerializer, PostingSerializer, seat_context
from api.play.serializers.hands import HandResultSerializer
from ledger.models import Posting, Session
from ledger.play.corrections import hand_void
from ledger.play.hands import hand_preview, hand_record
from ledger.play.listings import hands_with_postings
from ledger.settle.settlements import session_close
from tests.ledger.factories import SessionFactory, chonbo, draw, parlor_manager, ron, tsumo

pytestmark = pytest.mark.django_db


WRITTEN_OUT = (HandResultSerializer, PostingSerializer, EntrySerializer)


def _as_drf_renders(serializer: serializers.BaseSerializer[Any], instance: Any) -> Any:
    """DRF's generic walk over the declared fields, nested serializers included."""
    drf = serializers.Serializer.to_representation
    with ExitStack() as generic:
        for cls in WRITTEN_OUT:
            generic.enter_context(mock.patch.object(cls, "to_representation", drf))
        return json.loads(json.dumps(serializer.to_representation(instance)))


def _played_session() -> Session:
    """Speed Tonpuu (chips in its game end), every kind of posting, closed (money)."""
    session = SessionFactory(
        ruleset_config__ruleset_slug="speed-tonpuu", ruleset_config__game_options={}
    )
    by = parlor_manager(session.parlor)
    hands = [
        ron(1, 0, riichi=[1, 2]),  # a riichi deposit and a ron
        draw(0, dead=[{"seat": 1, "cause": "kuikae"}]),  # a draw with a dead-hand penalty
        tsumo(2),
        chonbo(3),
    ]
    for hand in hands:
        hand_record(session=session, hand=hand, entered_by=by)
    second = session.hands.get(ordinal=2)
    hand_void(hand=second, reason="entered twice", by=by)  # reversals with no entry seat
    session_close(session=session, by=by, stop=True)
    return session


def test_hand_bodies_equal_drfs_rendering() -> None:
    session = _played_session()
    context = seat_context(Session.objects.prefetch_related("seats").get(pk=session.pk))
    hands = list(hands_with_postings(session=session, include_corrected=True))
    assert len(hands) >= 4
    for hand in hands:
        serializer = HandResultSerializer(hand, context=context)
        written = json.loads(json.dumps(serializer.data))
        assert written == _as_drf_renders(serializer, hand)
        assert list(written) == list(serializer.fields)
        assert written["postings"], f"hand {hand.ordinal} posted nothing to compare"


def test_posting_and_entry_bodies_equal_drfs_rendering() -> None:
    session = _played_session()
    context = seat_context(Session.objects.prefetch_related("seats").get(pk=session.pk))
    postings = Posting.objects.filter(session=session).prefetch_related("entries__account")
    kinds = set()
    for posting in postings:
        serializer = PostingSerializer(posting, context=context)
        assert json.loads(json.dumps(serializer.data)) == _as_drf_renders(serializer, posting)
        kinds.add(posting.kind)
    assert {"hand", "correction", "deposit", "penalty", "game_end", "settlement"} <= kinds, kinds
    legs = [entry for posting in postings for entry in posting.entries.all()]
    assert any(leg.chips for leg in legs) and any(leg.money for leg in legs)


def test_planned_legs_equal_drfs_rendering() -> None:
    session = SessionFactory()
    preview = hand_preview(session=session, hand=ron(1, 0, riichi=[1]))
    context = seat_context(Session.objects.prefetch_related("seats").get(pk=session.pk))
    legs = [leg for planned in preview.postings for leg in planned.legs if not leg.is_zero]
    assert legs
    for leg in legs:
        serializer = EntrySerializer(leg, context=context)
        assert serializer.data == _as_drf_renders(serializer, leg)
        assert serializer.data["seat"] is not None or serializer.data["player"] is None
