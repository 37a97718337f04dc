"""The counter desk's pages: check-in, money entries confirmed first and recorded once, the
check-out slip confirmed (never one's own), the till counted, confirmed and closed once."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from ledger.counter.models import CounterEntry, TillClose
from ledger.counter.visits import Visit, VisitSettlement
from ledger.models import AccountKind
from ledger.play.hands import hand_record
from ledger.settle.settlements import session_close
from tests.ledger.counter.helpers import Desk, cash_in_till, desk, money_of
from tests.ledger.factories import SessionFactory, ron
from tests.parlor.factories import ParlorFactory, PlayerFactory

pytestmark = pytest.mark.django_db
COUNTER = "/desk/counter/"


def _client(user: object) -> Client:
    client = Client()
    client.force_login(user)  # type: ignore[arg-type]
    return client


@pytest.fixture
def counter() -> Desk:
    return desk(players=4)


def _checked_in(counter: Desk, client: Client, index: int = 1) -> Visit:
    player = counter.players[index]
    answer = client.post(
        COUNTER, {"parlor": counter.parlor.pk, "do": "check_in", "player": player.pk}
    )
    assert answer.status_code == 302
    return Visit.objects.get(player=player, checked_out_at__isnull=True)


def test_a_deposit_is_shown_back_then_recorded_once(counter: Desk) -> None:
    staff = _client(counter.staff)
    visit = _checked_in(counter, staff)
    page = staff.get(COUNTER, {"parlor": counter.parlor.pk}).content.decode()
    assert f'id="visit-{visit.pk}"' in page
    body = {
        "parlor": counter.parlor.pk, "do": "money", "visit": visit.pk,
        "kind": "deposit_taken", "amount": "10000", "method": "cash", "category": "",
    }  # fmt: skip
    asked = staff.post(COUNTER, body)
    assert asked.status_code == 200 and "confirm-yes" in asked.content.decode()
    assert "Take a deposit of 10,000" in asked.content.decode()
    assert not CounterEntry.objects.exists()  # nothing before the confirmation
    confirmed = {**body, **{k: str(v) for k, v in asked.context["fields"].items()}}
    staff.post(COUNTER, confirmed)
    staff.post(COUNTER, confirmed)  # a double tap
    assert CounterEntry.objects.filter(kind="deposit_taken").count() == 1
    assert money_of(counter.parlor, AccountKind.PLAYER_DEPOSIT, visit.player) == 10000
    assert CounterEntry.objects.get().visit_id == visit.pk


def test_a_tab_sale_needs_what_was_sold(counter: Desk) -> None:
    staff = _client(counter.staff)
    visit = _checked_in(counter, staff)
    body = {
        "parlor": counter.parlor.pk, "do": "money", "visit": visit.pk,
        "kind": "sale_on_tab", "amount": "500", "method": "cash", "category": "",
    }  # fmt: skip
    refused = staff.post(COUNTER, body, follow=True).content.decode()
    assert "Say what was sold" in refused
    asked = staff.post(COUNTER, {**body, "category": "drink"})
    assert "Put drink for 500 on" in asked.content.decode()


def test_the_check_out_slip_is_confirmed_then_settled(counter: Desk) -> None:
    staff = _client(counter.staff)
    visit = _checked_in(counter, staff)
    session = SessionFactory(parlor=counter.parlor, players=counter.players, by=counter.manager)
    hand_record(session=session, hand=ron(0, 1), entered_by=counter.manager)
    page = staff.get(f"/desk/counter/visits/{visit.pk}/").content.decode()
    assert 'id="checkout-blocked"' in page and "still playing" in page
    session_close(session=session, by=counter.manager, stop=True)
    page = staff.get(f"/desk/counter/visits/{visit.pk}/")
    text = page.content.decode()
    assert 'id="settle-confirm"' in text and "pays" in text
    assert Visit.objects.get(pk=visit.pk).is_open  # showing the slip settles nothing
    version = page.context["form"].initial["version"]
    staff.post(f"/desk/counter/visits/{visit.pk}/", {"version": version, "method": "cash"})
    staff.post(f"/desk/counter/visits/{visit.pk}/", {"version": version, "method": "cash"})
    assert VisitSettlement.objects.filter(visit=visit).count() == 1
    assert money_of(counter.parlor, AccountKind.PLAYER, visit.player) == 0
    assert cash_in_till(counter.parlor) > 0
    settled = staff.get(f"/desk/counter/visits/{visit.pk}/").content.decode()
    assert 'id="slip-settled"' in settled and 'id="settle-confirm"' not in settled
    for paper in ("a4", "receipt"):
        pdf = staff.get(
            f"/desk/counter/visits/{visit.pk}/print/", {"paper": paper, "format": "pdf"}
        )
        assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"


def test_ones_own_visit_offers_no_confirmation(counter: Desk) -> None:
    player = counter.players[0]
    player.user = counter.staff
    player.save(update_fields=["user"])
    manager = _client(counter.manager)
    visit = _checked_in(counter, manager, index=0)
    with translation.override("en"):
        page = _client(counter.staff).get(f"/desk/counter/visits/{visit.pk}/").content.decode()
    assert "your own visit" in page and 'id="settle-confirm"' not in page


def test_another_parlors_visit_is_not_found(counter: Desk) -> None:
    other = PlayerFactory(parlor=ParlorFactory())
    visit = Visit.objects.create(
        parlor=other.parlor, player=other, business_day="2026-11-29", checked_in_by=counter.manager
    )
    assert _client(counter.staff).get(f"/desk/counter/visits/{visit.pk}/").status_code == 404


def test_the_till_is_counted_shown_and_closed_once(counter: Desk) -> None:
    staff = _client(counter.staff)
    visit = _checked_in(counter, staff)
    body = {
        "parlor": counter.parlor.pk, "do": "money", "visit": visit.pk,
        "kind": "deposit_taken", "amount": "10000", "method": "cash", "category": "",
    }  # fmt: skip
    asked = staff.post(COUNTER, body)
    staff.post(COUNTER, {**body, **{k: str(v) for k, v in asked.context["fields"].items()}})
    assert staff.get("/desk/till/", {"parlor": counter.parlor.pk}).status_code == 403
    manager = _client(counter.manager)
    page = manager.get("/desk/till/", {"parlor": counter.parlor.pk})
    assert page.context["expected"] == "10,000"
    count = {"parlor": counter.parlor.pk, "kind": "day", "count-5000": "1", "count-1000": "4"}
    shown = manager.post("/desk/till/", count)
    assert shown.status_code == 200 and shown.context["shown"]["difference"] == "-1,000"
    assert not TillClose.objects.exists()
    confirm = {**count, "confirmed": "yes", "after_close": "0"}
    manager.post("/desk/till/", confirm)
    manager.post("/desk/till/", confirm)
    close = TillClose.objects.get()
    assert (close.expected, close.counted, close.difference) == (10000, 9000, -1000)
