"""The day report includes the counter and the till (issue 34): every entry of the day
with what it did to the till, and the day's closes with the counted difference; a
reversal after the close falls in the next period and shows in the next close."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from django.utils import timezone
from openpyxl import load_workbook

from ledger.counter.models import CounterEntryKind as K
from ledger.counter.services import counter_entry_reverse
from ledger.counter.till import till_close, till_period
from reports.models import ExportJob, ExportKind
from reports.services import day_reports_build
from tests.ledger.counter.helpers import desk, record
from tests.ledger.factories import SessionFactory

pytestmark = pytest.mark.django_db


def _sheets(content: bytes) -> dict[str, list[dict[str, object]]]:
    workbook = load_workbook(io.BytesIO(content))
    found = {}
    for sheet in workbook.worksheets:
        header, *rows = list(sheet.iter_rows(values_only=True))
        found[sheet.title] = [dict(zip(header, row, strict=True)) for row in rows]
    return found


def test_the_day_report_shows_the_counter_and_the_till() -> None:
    counter = desk()
    SessionFactory(parlor=counter.parlor)  # a parlor that plays gets a day report
    player = counter.players[0]
    record(counter, K.DEPOSIT_TAKEN, 10000, player=player)
    sale = record(counter, K.SALE, 700, category="drink")
    record(counter, K.SALE, 400, method="qr", category="food")
    till_close(
        parlor=counter.parlor,
        kind="day",
        denominations={"10000": 1, "500": 1, "100": 1},  # 10,600 for 10,700: short 100
        by=counter.manager,
    )
    counter_entry_reverse(entry=sale, by=counter.manager, memo="rung up twice")

    built = day_reports_build(now=timezone.now() + timedelta(days=1))
    job = ExportJob.objects.get(kind=ExportKind.DAY_REPORT, pk__in=built)
    sheets = _sheets(job.file.read())

    rows = sheets["Counter"]
    assert [(r["kind"], r["amount"], r["method"], r["till_cash"]) for r in rows] == [
        ("deposit_taken", 10000, "cash", 10000),
        ("sale", 700, "cash", 700),
        ("sale", 400, "qr", 0),
        ("till_short", 100, "cash", -100),
        ("sale", 700, "cash", -700),  # the reversal, after the close
    ]
    assert rows[-1]["reverses_entry"] == sale.pk
    (close,) = sheets["Till"]
    assert (close["expected"], close["counted"], close["difference"]) == (10700, 10600, -100)
    assert close["denominations"] == "10000x1, 500x1, 100x1"
    # The next period opens on what was counted and holds the reversal.
    period = till_period(parlor=counter.parlor)
    assert (period.opening_float, period.cash_entries) == (10600, -700)


def test_a_parlor_with_counter_entries_and_no_game_gets_its_day_report() -> None:
    """A parlor that only took money at the counter that day (no table played) still
    gets the day's report, with its Counter sheet."""
    counter = desk()
    record(counter, K.SALE, 600, category="drink")
    built = day_reports_build(now=timezone.now() + timedelta(days=1))
    job = ExportJob.objects.get(kind=ExportKind.DAY_REPORT, parlor=counter.parlor)
    assert job.pk in built
    rows = _sheets(job.file.read())["Counter"]
    assert [(r["kind"], r["amount"]) for r in rows] == [("sale", 600)]
