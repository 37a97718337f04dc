"""Admin lists print times in the parlor's time zone, as the session page does, not in UTC."""

from __future__ import annotations

from collections.abc import Callable
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.utils import formats

from ledger.models import Posting, Session
from parlor.models import Parlor
from parlor.services.time_zones import shared_parlor_time_zone
from tests.parlor.factories import ParlorFactory

pytestmark = pytest.mark.django_db


def printed(moment: object, zone: str) -> str:
    return str(formats.localize(moment.astimezone(ZoneInfo(zone))))  # type: ignore[attr-defined]


def test_the_postings_list_prints_the_parlors_local_time(
    closed_session: Session, client_as: Callable[[str], Client]
) -> None:
    posting = Posting.objects.filter(session=closed_session).latest("pk")
    zone = closed_session.parlor.time_zone
    assert zone == "Asia/Tokyo"

    page = client_as("manager").get("/admin/ledger/posting/").content.decode()

    assert printed(posting.created_at, zone) in page
    assert printed(posting.created_at, "UTC") not in page


def test_parlors_in_several_zones_share_none() -> None:
    assert shared_parlor_time_zone() is None
    ParlorFactory(time_zone="Asia/Tokyo")
    assert shared_parlor_time_zone() == "Asia/Tokyo"
    ParlorFactory(time_zone="Europe/Paris")
    assert shared_parlor_time_zone() is None
    assert Parlor.objects.count() == 2
