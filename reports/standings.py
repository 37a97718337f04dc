"""The standings as a file: CSV or XLSX, written in memory (a parlor's standings are small).

The same columns in both, money in the currency's minor unit, the average
placement to two places. Cells go through ``reports.cells``, as every
export's: a name a spreadsheet could read as a formula is written inert.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from openpyxl import Workbook

from ledger.settle.standing_selectors import Standings
from reports.cells import csv_row, xlsx_row

HEADER = (
    "member_number", "player", "ruleset_config", "games", "first", "second", "third", "fourth",
    "average_placement", "points", "chips", "money", "fee", "net_money", "chonbo", "dead_hands",
)  # fmt: skip

CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def standings_table(standings: Standings) -> Iterator[list[Any]]:
    for row in standings.rows:
        yield [
            row.member_number, row.player_name, row.ruleset_config_name, row.games,
            row.first, row.second, row.third, row.fourth, row.average_placement,
            row.points, row.chips, row.money, row.fee, row.net_money, row.chonbo,
            row.dead_hands,
        ]  # fmt: skip


def standings_file_name(standings: Standings, file_format: str) -> str:
    return (
        f"standings-{standings.parlor.pk}-{standings.first_day.isoformat()}"
        f"-{standings.last_day.isoformat()}.{file_format}"
    )


def standings_file(standings: Standings, file_format: str) -> bytes:
    """The standings as ``file_format`` ("csv" or "xlsx") bytes."""
    return table_file(HEADER, standings_table(standings), file_format)


def table_file(
    header: Sequence[str],
    rows: Iterable[Sequence[Any]],
    file_format: str,
    *,
    sheet: str = "Standings",
) -> bytes:
    """A small table (a header, its rows) as ``file_format`` ("csv" or "xlsx") bytes, in
    memory, every cell through ``reports.cells``: the standings' and the balances' files."""
    if file_format == "csv":
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(csv_row(header))
        writer.writerows(csv_row(row) for row in rows)
        return out.getvalue().encode("utf-8")
    if file_format == "xlsx":
        workbook = Workbook(write_only=True)
        page = workbook.create_sheet(sheet)
        page.append(xlsx_row(page, header))
        for row in rows:
            page.append(xlsx_row(page, row))
        buffer = io.BytesIO()
        workbook.save(buffer)
        return buffer.getvalue()
    raise ValueError(f"no standings file in {file_format!r}")
