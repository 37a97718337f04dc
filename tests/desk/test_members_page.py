"""``/desk/floor/members/``: the desk advances cash after confirming; the manager sets the back
pay and reads each member's month, as HTML and as a payroll file summed back to the books."""

from __future__ import annotations

import csv
import io

import pytest
from django.contrib.auth.models import User
from django.db.models import Sum
from django.test import Client
from django.utils import timezone
from openpyxl import load_workbook

from ledger.floor.members import back_pay_rate_set
from ledger.floor.services import shift_clock_in
from ledger.models import AccountKind, CounterEntry, LedgerEntry
from ledger.play.hands import hand_record
from ledger.settle.business_days import business_day_of
from ledger.settle.settlements import session_close
from parlor.models import Parlor, Player
from tests.ledger.factories import SessionFactory, ron
from tests.parlor.factories import ParlorFactory, PlayerFactory

pytestmark = pytest.mark.django_db

DAISANGEN = {
    "hand": "777z234m55p",
    "win_tile": "7z",
    "melds": [{"kind": "pon", "tiles": "555z"}, {"kind": "pon", "tiles": "666z"}],
}
URL = "/desk/floor/members/"


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def played(staff: User, manager: User) -> tuple[Parlor, Player]:
    """A member (named like a formula) who played one game at a back pay of 400."""
    parlor = ParlorFactory(name="Members parlor")
    member = PlayerFactory(parlor=parlor, name='=HYPERLINK("http://x","Mei")')
    shift_clock_in(user=staff, player=member, by=staff)
    back_pay_rate_set(parlor=parlor, amount=400, by=manager)
    others = [PlayerFactory(parlor=parlor) for _ in range(3)]
    session = SessionFactory(parlor=parlor, players=[member, *others])
    hand_record(session=session, hand=ron(0, 1, DAISANGEN), entered_by=manager)
    session_close(session=session, by=manager)
    return parlor, member


def test_the_desk_confirms_an_advance_before_the_till_pays_it(
    played: tuple[Parlor, Player], staff: User
) -> None:
    parlor, member = played
    desk = signed_in(staff)
    page = desk.get(URL, {"parlor": parlor.pk}).content.decode()
    assert 'id="advance-form"' in page
    assert 'id="rate-form"' not in page and 'id="statements"' not in page  # the manager's
    body = {"parlor": parlor.pk, "do": "advance", "advance-player": member.pk,
            "advance-amount": "5000", "advance-memo": ""}  # fmt: skip
    asked = desk.post(URL, body)
    assert asked.status_code == 200 and 'id="confirm-advance"' in asked.content.decode()
    assert not CounterEntry.objects.exists()
    done = desk.post(URL, {**body, "confirm": "1"}, follow=True)
    assert CounterEntry.objects.get().amount == 5000
    assert "5,000" in done.content.decode()  # what is out, on the members' table
    too_much = desk.post(URL, {**body, "do": "return", "advance-amount": "9000", "confirm": "1"},
                         follow=True)  # fmt: skip
    assert "Only" in str(list(too_much.context["messages"])[0])
    assert CounterEntry.objects.count() == 1


def test_the_manager_sets_back_pay_and_downloads_the_month_summed_back_to_the_books(
    played: tuple[Parlor, Player], manager: User
) -> None:
    parlor, member = played
    boss = signed_in(manager)
    boss.post(URL, {"parlor": parlor.pk, "do": "rate", "rate-amount": "600", "rate-memo": "raise"})
    page = boss.get(URL, {"parlor": parlor.pk}).content.decode()
    assert 'id="rate-history"' in page and "raise" in page and 'id="statements"' in page
    month = f"{business_day_of(parlor=parlor, moment=timezone.now()):%Y-%m}"

    csv_body = boss.get(URL, {"parlor": parlor.pk, "month": month, "format": "csv"})
    rows = list(csv.DictReader(io.StringIO(csv_body.content.decode())))
    total = next(row for row in rows if row["line"] == "total")
    entries = LedgerEntry.objects.filter(account__player=member)

    def booked(kind: AccountKind) -> int:
        return int(entries.filter(account__kind=kind).aggregate(m=Sum("money"))["m"] or 0)

    assert int(total["results"]) == booked(AccountKind.PLAYER)
    assert int(total["back_pay"]) == booked(AccountKind.MEMBER_BACK_PAY) == 400
    assert total["games"] == "1" and total["member"].startswith("'=")  # inert, not a formula
    xlsx = boss.get(URL, {"parlor": parlor.pk, "month": month, "format": "xlsx"})
    sheet = load_workbook(io.BytesIO(xlsx.content)).active
    assert sheet is not None
    cells = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert cells[1][2] == member.name and cells[1][9] == 400
    assert sheet.cell(row=2, column=3).data_type == "s"
