"""'View site' leads to the open sessions; parlor delete pages say what really happens."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client

from ledger.models import Session
from parlor.models import Rate
from tests.parlor.factories import ParlorFactory, RateFactory

pytestmark = pytest.mark.django_db


def test_view_site_leads_to_the_open_sessions(client_as: Callable[[str], Client]) -> None:
    client = client_as("manager")
    ParlorFactory()  # the manager's parlor
    index = client.get("/admin/").content.decode()
    assert 'href="/"' in index  # the admin's "View site"

    landing = client.get("/", follow=True)

    assert landing.status_code == 200
    assert landing.redirect_chain[-1][0] == "/admin/ledger/session/?state__exact=open"


def test_a_rate_used_by_a_session_says_it_cannot_be_deleted_and_stays(
    closed_session: Session, admin_client: Client
) -> None:
    rate = closed_session.rate
    url = f"/admin/parlor/rate/{rate.pk}/delete/"

    page = admin_client.get(url).content.decode()
    admin_client.post(url, {"post": "yes"})

    assert "cannot be deleted, and nothing has been deleted" in page
    assert "untick “active”" in page
    assert "would require deleting" not in page and "permission" not in page
    assert "Yes, I’m sure" not in page
    assert Rate.objects.filter(pk=rate.pk).exists()


def test_bulk_delete_of_protected_rates_says_so(
    closed_session: Session, admin_client: Client
) -> None:
    rate = closed_session.rate
    page = admin_client.post(
        "/admin/parlor/rate/", {"action": "delete_selected", "_selected_action": [rate.pk]}
    ).content.decode()

    assert "cannot be deleted, and nothing has been deleted" in page
    assert Rate.objects.filter(pk=rate.pk).exists()


def test_an_unused_rate_is_deleted_as_the_page_says(admin_client: Client) -> None:
    rate = RateFactory()
    url = f"/admin/parlor/rate/{rate.pk}/delete/"

    assert "Are you sure" in admin_client.get(url).content.decode()
    admin_client.post(url, {"post": "yes"})

    assert not Rate.objects.filter(pk=rate.pk).exists()
