"""``related_loaded``: the relation serves the rows given, as Django's prefetch serves them."""

from __future__ import annotations

from typing import Any

import pytest
from django.db.models import prefetch_related_objects
from django.forms.models import model_to_dict

from ledger.models import HandResult, Session
from orm_bypass.related import related_loaded
from orm_bypass.switch import plain_django
from tests.fixtures.sessions import Record
from tests.ledger.factories import draw

pytestmark = pytest.mark.django_db


def _shown(hand: HandResult) -> list[Any]:
    return [
        (model_to_dict(posting), [model_to_dict(entry) for entry in posting.entries.all()])
        for posting in hand.postings.all()
    ]


def test_the_rows_given_are_served_without_a_query_as_djangos_prefetch_serves_them(
    session: Session, record: Record, django_assert_num_queries: Any
) -> None:
    (recorded,) = record(session, draw(0, 1, riichi=[1]))
    djangos = HandResult.objects.get(pk=recorded.pk)
    prefetch_related_objects([djangos], "postings__entries")
    ours = HandResult.objects.get(pk=recorded.pk)
    postings = list(ours.postings.order_by("pk"))
    for posting in postings:
        related_loaded(posting, "entries", list(posting.entries.order_by("pk")))
    related_loaded(ours, "postings", postings)

    with django_assert_num_queries(0):
        assert _shown(ours) == _shown(djangos)
    assert len(postings) == 2  # the hand's and the riichi deposit's


def test_switched_off_django_reads_them_back(session: Session, record: Record) -> None:
    (recorded,) = record(session, draw(0))
    hand = HandResult.objects.get(pk=recorded.pk)

    with plain_django("related_loaded"):
        related_loaded(hand, "postings", [])

    assert [p.pk for p in hand.postings.all()] == [p.pk for p in recorded.postings.all()]
