"""The counter's read-only admin lists (issue 34): the desk sees its own parlor's entries
and till closes, never another parlor's, and nobody adds, changes or deletes one."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.test import Client

from ledger.counter.models import CounterEntryKind as K
from ledger.counter.till import till_close
from tests.api.support import role_groups
from tests.ledger.counter.helpers import desk, record

__all__ = ["role_groups"]

pytestmark = pytest.mark.django_db

ENTRIES = "/admin/ledger/counterentry/"
CLOSES = "/admin/ledger/tillclose/"


def client_of(user: object) -> Client:
    client = Client()
    client.force_login(user)  # type: ignore[arg-type]
    return client


def test_the_desk_sees_its_own_counter_read_only() -> None:
    mine, theirs = desk(), desk()
    entry = record(mine, K.DEPOSIT_TAKEN, 12000, player=mine.players[0])
    other = record(theirs, K.SALE, 500, category="drink")
    close = till_close(
        parlor=mine.parlor, kind="shift", denominations={"10000": 1}, by=mine.manager
    )

    staff = client_of(mine.staff)
    listing = staff.get(ENTRIES)
    assert listing.status_code == 200
    shown = {row.pk for row in listing.context["cl"].result_list}
    assert entry.pk in shown and other.pk not in shown
    assert "12,000" in listing.content.decode()
    page = staff.get(f"{ENTRIES}{entry.pk}/change/")
    assert page.status_code == 200 and b'name="amount"' not in page.content
    assert staff.get(f"{ENTRIES}{other.pk}/change/").status_code == 404
    assert staff.get(f"{ENTRIES}add/").status_code == 403
    assert staff.post(f"{ENTRIES}{entry.pk}/delete/", {"post": "yes"}).status_code == 403

    closes = client_of(mine.manager).get(CLOSES)
    assert closes.status_code == 200
    assert [row.pk for row in closes.context["cl"].result_list] == [close.pk]
    assert "-2,000" in closes.content.decode()  # 10,000 counted for 12,000 expected
    assert client_of(theirs.manager).get(f"{CLOSES}{close.pk}/change/").status_code == 404


def test_the_posting_admin_shows_the_parlors_counter_postings_and_no_others(
    role_groups: None,
) -> None:
    """A counter posting has no session: the Posting admin finds it by the parlor whose
    accounts it moves, for that parlor's managers only."""
    mine, theirs = desk(), desk()
    entry = record(mine, K.DEPOSIT_TAKEN, 12000, player=mine.players[0])
    other = record(theirs, K.SALE, 500, category="drink")
    mine.manager.groups.add(Group.objects.get(name="manager"))  # the role's view permissions

    manager = client_of(mine.manager)
    listing = manager.get("/admin/ledger/posting/")
    shown = {row.pk for row in listing.context["cl"].result_list}
    assert entry.posting_id in shown and other.posting_id not in shown
    page = manager.get(f"/admin/ledger/posting/{entry.posting_id}/change/")
    assert page.status_code == 200
    assert "12000" in page.content.decode().replace(",", "")  # its legs, inline
    elsewhere = manager.get(f"/admin/ledger/posting/{other.posting_id}/change/")
    assert elsewhere.status_code in (302, 404)
    assert other.posting_id in {
        row.pk for row in client_of(theirs.manager).get("/admin/ledger/posting/").context[
            "cl"
        ].result_list
    }
