"""Writing sheets to a file, row by row: CSV with ``csv.writer``, XLSX write-only.

Every cell goes through ``reports.cells``: text a spreadsheet could
read as a formula is made inert, numbers stay numbers. CSV prints times as
ISO 8601 with the parlor's offset. XLSX cells cannot hold a time zone, so
they get the parlor's local wall time. An XLSX sheet
holds at most 1,048,576 rows: a longer sheet goes on in "<title> (2)", and so on.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Sequence
from pathlib import Path

from openpyxl import Workbook

from reports.cells import csv_row, xlsx_row
from reports.progress import Progress
from reports.sources import Row, Sheet

XLSX_MAX_ROWS = 1_048_576


def csv_write(path: Path, sheet: Sheet, progress: Progress) -> None:
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(csv_row(sheet.header))
        for row in sheet.rows():
            writer.writerow(csv_row(row))
            progress.advance()
    progress.finish()


def _sheet_title(title: str, part: int) -> str:
    return title if part == 1 else f"{title} ({part})"


def _xlsx_sheets(
    workbook: Workbook, title: str, header: Sequence[str], rows: Iterable[Row], limit: int
) -> int:
    """Append ``rows`` under ``header``, starting a new sheet when one is full; rows written."""
    part, written, in_sheet = 1, 0, 0
    sheet = workbook.create_sheet(_sheet_title(title, part))
    sheet.append(xlsx_row(sheet, header))
    for row in rows:
        if in_sheet == limit - 1:  # the header takes one row
            part, in_sheet = part + 1, 0
            sheet = workbook.create_sheet(_sheet_title(title, part))
            sheet.append(xlsx_row(sheet, header))
        sheet.append(xlsx_row(sheet, row))
        in_sheet += 1
        written += 1
    return written


def xlsx_write(
    path: Path, sheets: Sequence[Sheet], progress: Progress, *, rows_per_sheet: int = XLSX_MAX_ROWS
) -> None:
    workbook = Workbook(write_only=True)
    for sheet in sheets:
        _xlsx_sheets(workbook, sheet.title, sheet.header, _counted(sheet, progress), rows_per_sheet)
    workbook.save(path)
    progress.finish()


def _counted(sheet: Sheet, progress: Progress) -> Iterable[Row]:
    for row in sheet.rows():
        yield row
        progress.advance()
