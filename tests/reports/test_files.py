"""Export files opened (csv, openpyxl, pypdf) and their figures checked against the ledger.

The game is tests/ledger/tasks/support.py's GAME, closed: money per seat
-1,495 / 1,945 / 350 / -800, a 500 fee each, net -1,995 / 1,445 / -150 / -1,300.
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections import defaultdict
from datetime import timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth.models import User
from openpyxl import load_workbook

from ledger.books.balances import player_balance
from ledger.models import HandResult, LedgerEntry, Session, Settlement
from parlor.services.preferences import user_language_set
from reports.models import ExportJob, ExportState
from reports.progress import Progress
from reports.scope import window_of
from reports.services import export_request, export_run
from reports.sources import entries_sheet
from reports.statements import statement_html
from reports.writers import xlsx_write
from tests.ledger.tasks.support import FEE, MONEY, NET, POINTS
from tests.reports.support import closed_session, require_pdf, today

pytestmark = pytest.mark.django_db


def run(session: Session, by: User, **asked: Any) -> ExportJob:
    asked.setdefault("scope", "day")
    if asked["scope"] == "day":
        asked.setdefault("date_from", today(session))
    job = export_request(parlor=session.parlor, by=by, **asked)
    result = export_run(job_id=job.pk)
    job.refresh_from_db()
    assert result["state"] == ExportState.DONE, job.error
    return job


def csv_rows(job: ExportJob) -> list[dict[str, str]]:
    with job.file.open("rb") as file:
        return list(csv.DictReader(io.StringIO(file.read().decode("utf-8"))))


def xlsx_sheets(job: ExportJob) -> dict[str, list[dict[str, Any]]]:
    with job.file.open("rb") as file:
        workbook = load_workbook(io.BytesIO(file.read()), read_only=True)
    sheets = {}
    for sheet in workbook.worksheets:
        header, *rows = list(sheet.iter_rows(values_only=True))
        sheets[sheet.title] = [dict(zip(header, row, strict=True)) for row in rows]
    return sheets


def by_seat(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(rows, key=lambda row: int(row["seat"]))


def test_settlements_csv_has_each_seat_money_fee_and_net_as_worked_out(staff: User) -> None:
    session = closed_session(by=staff)

    rows = by_seat(csv_rows(run(session, staff, kind="settlements", format="csv")))

    assert [int(row["points"]) for row in rows] == POINTS
    assert [int(row["money"]) for row in rows] == MONEY
    assert [int(row["fee"]) for row in rows] == [FEE] * 4
    assert [int(row["net_money"]) for row in rows] == NET
    stored = Settlement.objects.filter(session=session).order_by("seat")
    assert [row["member_number"] for row in rows] == [s.player.member_number for s in stored]
    assert {row["currency"] for row in rows} == {session.parlor.currency_code}
    assert {row["business_day"] for row in rows} == {today(session).isoformat()}
    assert all("+" in row["closed_at"] or "-" in row["closed_at"][19:] for row in rows)


def test_settlements_xlsx_has_the_same_figures(staff: User) -> None:
    session = closed_session(by=staff)

    sheets = xlsx_sheets(run(session, staff, kind="settlements", format="xlsx"))

    rows = by_seat(sheets["Settlements"])
    assert [row["money"] for row in rows] == MONEY
    assert [row["net_money"] for row in rows] == NET
    assert [row["placement"] for row in rows] == [4, 1, 2, 3]


def test_ledger_entries_balance_per_posting_and_sum_to_each_players_balance(staff: User) -> None:
    session = closed_session(by=staff)

    rows = csv_rows(run(session, staff, kind="ledger_entries", format="csv"))

    assert len(rows) == LedgerEntry.objects.filter(posting__session=session).count()
    per_posting: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    per_player: dict[str, int] = defaultdict(int)
    for row in rows:
        for i, amount in enumerate(("points", "chips", "money")):
            per_posting[row["posting"]][i] += int(row[amount])
        if row["member_number"]:
            per_player[row["member_number"]] += int(row["money"])
    assert all(sums == [0, 0, 0] for sums in per_posting.values())
    for seat in session.seats.select_related("player"):
        player = seat.player
        assert per_player[player.member_number] == player_balance(player=player).money


def test_a_players_entries_are_only_their_own_legs(staff: User) -> None:
    session = closed_session(by=staff)
    winner = session.seats.get(seat=1).player

    rows = csv_rows(
        run(session, staff, kind="ledger_entries", format="csv", scope="player", player=winner)
    )

    assert rows and {row["member_number"] for row in rows} == {winner.member_number}
    assert sum(int(row["money"]) for row in rows) == player_balance(player=winner).money
    assert sum(int(row["money"]) for row in rows) == NET[1]


def test_another_business_day_exports_only_the_header(staff: User) -> None:
    session = closed_session(by=staff)

    job = run(
        session,
        staff,
        kind="settlements",
        format="csv",
        date_from=today(session) - timedelta(days=1),
    )

    assert csv_rows(job) == []
    assert (job.progress_total, job.progress_done, job.percent) == (0, 0, 100)


def test_a_long_table_goes_on_in_a_second_sheet(staff: User, tmp_path: Path) -> None:
    session = closed_session(by=staff)
    job = export_request(
        kind="ledger_entries",
        scope="day",
        format="xlsx",
        parlor=session.parlor,
        by=staff,
        date_from=today(session),
    )
    table = entries_sheet(window_of(job))
    total = table.count()
    path = tmp_path / "split.xlsx"

    xlsx_write(path, [table], Progress(job_id=job.pk, total=total), rows_per_sheet=6)

    workbook = load_workbook(path, read_only=True)
    titles = workbook.sheetnames
    assert titles[:3] == ["Ledger entries", "Ledger entries (2)", "Ledger entries (3)"]
    data_rows = 0
    for sheet in workbook.worksheets:
        rows = list(sheet.iter_rows(values_only=True))
        assert rows[0][0] == "business_day" and len(rows) <= 6
        data_rows += len(rows) - 1
    assert data_rows == total
    job.refresh_from_db()
    assert (job.progress_done, job.progress_total) == (total, total)


def test_progress_counts_rows_and_a_finished_job_is_not_run_again(staff: User) -> None:
    session = closed_session(by=staff)
    job = run(session, staff, kind="ledger_entries", format="xlsx")
    name = job.file.name

    again = export_run(job_id=job.pk)

    job.refresh_from_db()
    assert again == {"job": job.pk, "state": "done", "ran": False}
    assert job.progress_total == LedgerEntry.objects.filter(posting__session=session).count()
    assert (job.progress_done, job.attempts, job.file.name) == (job.progress_total, 1, name)


def test_a_job_redelivered_while_running_starts_over_and_replaces_its_file(staff: User) -> None:
    session = closed_session(by=staff)
    job = run(session, staff, kind="settlements", format="csv")
    first = job.file.name
    ExportJob.objects.filter(pk=job.pk).update(state=ExportState.RUNNING)  # the worker died

    export_run(job_id=job.pk)

    job.refresh_from_db()
    assert (job.state, job.attempts) == (ExportState.DONE, 2)
    assert len(csv_rows(job)) == 4
    assert not job.file.storage.exists(first) or first == job.file.name


def test_a_failing_export_is_marked_failed_with_the_error(
    staff: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = closed_session(by=staff)
    job = export_request(
        kind="settlements",
        scope="day",
        format="csv",
        parlor=session.parlor,
        by=staff,
        date_from=today(session),
    )

    def broken(*args: Any) -> None:
        raise ValueError("disk full")

    monkeypatch.setattr("reports.services.csv_write", broken)
    result = export_run(job_id=job.pk)

    job.refresh_from_db()
    assert result["state"] == ExportState.FAILED
    assert (job.state, job.error) == (ExportState.FAILED, "ValueError: disk full")


def pdf_text(data: bytes) -> str:
    from pypdf import PdfReader

    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_a_players_pdf_statement_shows_their_totals_and_their_win(staff: User) -> None:
    require_pdf()
    session = closed_session(by=staff)
    winner = session.seats.get(seat=1).player

    job = run(session, staff, kind="statements", format="pdf", scope="player", player=winner)

    with job.file.open("rb") as file:
        data = file.read()
    assert data.startswith(b"%PDF")
    text = pdf_text(data)
    assert winner.member_number in text and winner.name in text
    assert "+38,900" in text  # points with oka and uma
    assert "1,945" in text and "1,445" in text  # money, and net of the fee
    assert "Biggest wins" in text  # the ron drawn as tiles
    won_at = HandResult.objects.get(session=session, ordinal=1).entered_at
    local = won_at.astimezone(ZoneInfo(session.parlor.time_zone))
    assert local.strftime("%Y-%m-%d %H:%M") in text  # times in the parlor's zone


def test_a_days_statements_are_a_zip_of_one_pdf_per_player(staff: User) -> None:
    require_pdf()
    session = closed_session(by=staff)

    job = run(session, staff, kind="statements", format="pdf")

    assert job.file.name.endswith(".zip")
    with job.file.open("rb") as file, zipfile.ZipFile(io.BytesIO(file.read())) as archive:
        names = sorted(archive.namelist())
        players = sorted(seat.player.member_number for seat in session.seats.all())
        assert names == [f"{member}.pdf" for member in players]
        loser = session.seats.get(seat=0).player
        loser_text = pdf_text(archive.read(f"{loser.member_number}.pdf"))
        assert "-1,995" in loser_text
        assert "Biggest wins" not in loser_text  # another seat's win is not drawn here
    assert (job.progress_done, job.progress_total) == (4, 4)


def test_a_statement_speaks_the_language_the_players_login_chose(staff: User) -> None:
    session = closed_session(by=staff)
    player = session.seats.get(seat=1).player
    player.user = User.objects.create_user("member-1")
    player.save(update_fields=["user"])
    user_language_set(user=player.user, language="ja")
    job = export_request(kind="statements", scope="player", format="pdf", parlor=session.parlor,
                         player=player, by=staff)  # fmt: skip

    html = statement_html(window=window_of(job), player=player)

    assert "明細" in html and "合計" in html and "立直" in html  # statement, totals, riichi
    assert "全期間" in html  # the period: all time
    assert "Statement" not in html
