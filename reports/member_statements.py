"""The staff members' monthly statements as a payroll file (CSV or XLSX), every cell through
``reports.cells`` (a member's name a spreadsheet could read as a formula is written inert).

One row per member and month, the figures of ``ledger.floor.member_statement`` in the
currency's minor unit; then one row per game and per advance, so that payroll can check
each total against its lines.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any
from zoneinfo import ZoneInfo

from django.utils import timezone

from ledger.floor.member_statement import MemberStatement
from parlor.models import Parlor
from reports.standings import CONTENT_TYPES, table_file

__all__ = ["CONTENT_TYPES", "HEADER", "statements_file", "statements_file_name"]

HEADER = (
    "month", "member_number", "member", "line", "date", "table", "games", "results", "fees",
    "back_pay", "advanced", "returned", "outstanding_before", "outstanding_after", "currency",
)  # fmt: skip


def statements_table(statements: list[MemberStatement]) -> Iterator[list[Any]]:
    for statement in statements:
        player, currency = statement.player, statement.parlor.currency_code
        zone = ZoneInfo(statement.parlor.time_zone)
        month = f"{statement.month:%Y-%m}"
        head = [month, player.member_number, player.name]
        yield [
            *head, "total", None, None, len(statement.games), statement.results, statement.fees,
            statement.back_pay, statement.advanced, statement.returned,
            statement.outstanding_before, statement.outstanding_after, currency,
        ]  # fmt: skip
        for game in statement.games:
            closed = timezone.localtime(game.closed_at, zone).replace(tzinfo=None)
            yield [
                *head, "game", closed, game.table, 1, game.result, game.fee, game.back_pay,
                None, None, None, None, currency,
            ]  # fmt: skip
        for line in statement.advances:
            out, back = max(-line.amount, 0), max(line.amount, 0)
            yield [
                *head, line.entry.kind, line.entry.business_day, None, None, None, None, None,
                out, back, None, None, currency,
            ]  # fmt: skip


def statements_file(statements: list[MemberStatement], file_format: str) -> bytes:
    return table_file(HEADER, statements_table(statements), file_format, sheet="Members")


def statements_file_name(*, parlor: Parlor, month: date, file_format: str) -> str:
    return f"members-{parlor.pk}-{month:%Y-%m}.{file_format}"
