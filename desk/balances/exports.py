"""The balances page's lines as CSV or XLSX, every cell through ``reports.cells``.

Money in the currency's minor unit, the player's sign (negative: owes the
parlor); names a spreadsheet could read as a formula are written inert.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from zoneinfo import ZoneInfo

from django.utils import timezone

from ledger.books.player_balances import PlayerBalanceRow
from parlor.models import Parlor
from reports.standings import CONTENT_TYPES, table_file

__all__ = ["CONTENT_TYPES", "HEADER", "balances_file", "balances_file_name"]

HEADER = (
    "member_number", "player", "active", "results", "deposit", "prepaid", "due",
    "open_points", "open_chips", "credit_limit", "above_limit", "last_game",
)  # fmt: skip


def balances_table(rows: list[PlayerBalanceRow], parlor: Parlor) -> Iterator[list[Any]]:
    zone = ZoneInfo(parlor.time_zone)  # the last game in the parlor's wall time
    for row in rows:
        last = timezone.localtime(row.last_game, zone) if row.last_game else None
        yield [
            row.member_number, row.name, row.is_active, row.results, row.deposit, row.prepaid,
            row.due, row.points, row.chips, row.credit_limit, row.above_limit, last,
        ]  # fmt: skip


def balances_file(rows: list[PlayerBalanceRow], parlor: Parlor, file_format: str) -> bytes:
    return table_file(HEADER, balances_table(rows, parlor), file_format, sheet="Balances")


def balances_file_name(parlor: Parlor, only: str | None, file_format: str) -> str:
    return f"balances-{parlor.pk}{'-' + only if only else ''}.{file_format}"
