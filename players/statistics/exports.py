"""The desk's standings as a file, CSV or XLSX: the numbers, the money where the user sees it.

Written by ``reports.standings.table_file``, every cell through ``reports.cells`` (a
name a spreadsheet could read as a formula is written inert; numbers stay numbers).
Rates are fractions to four places, each beside its sample, as the page shows them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from players.statistics.selectors import DeskStandings
from reports.standings import CONTENT_TYPES, table_file

__all__ = ["CONTENT_TYPES", "file_name", "header", "rows", "standings_export"]
RATE_COLUMNS = ("top_rate", "top_two_rate", "last_avoidance_rate", "win_rate", "deal_in_rate",
                "riichi_rate", "tenpai_rate", "bust_rate")  # fmt: skip


def header(desk: DeskStandings) -> list[str]:
    columns = [
        "member_number", "player", "ruleset_config", "games", "first", "second", "third",
        "fourth", "average_placement", "hands", "wins", "deal_ins", "points", "rating",
        "rating_games",
    ]  # fmt: skip
    for name in RATE_COLUMNS:
        columns += [name, f"{name}_sample"]
    if desk.with_money:
        columns.append("net_money")
    return columns


def rows(desk: DeskStandings) -> Iterator[list[Any]]:
    for item in desk.lines:
        line, totals = item.line, item.line.totals
        row: list[Any] = [
            line.member_number, line.player_name, line.ruleset_config_name, totals.games,
            totals.first, totals.second, totals.third, totals.fourth,
            totals.average_placement.value, totals.hands, totals.wins, totals.deal_ins,
            totals.points, line.rating, line.rating_games,
        ]  # fmt: skip
        for name in RATE_COLUMNS:
            rate = getattr(totals, name)
            row += [rate.value, rate.sample]
        if desk.with_money:
            row.append(item.net_money)
        yield row


def file_name(desk: DeskStandings, file_format: str) -> str:
    period = desk.standings.period
    first = period.first.isoformat() if period.first else "start"
    last = period.last.isoformat() if period.last else "now"
    return f"standings-{desk.standings.parlor.pk}-{first}-{last}.{file_format}"


def standings_export(desk: DeskStandings, file_format: str) -> bytes:
    """The standings as ``file_format`` ("csv" or "xlsx") bytes."""
    return table_file(header(desk), rows(desk), file_format)
