"""Cells a spreadsheet reads as data, never as a formula: every CSV and XLSX the service writes.

Player names, table names, memos and correction reasons are text that staff
type. A name such as ``=HYPERLINK("http://...","click")`` written verbatim
into a CSV runs as a formula when a manager opens the file in a spreadsheet
(CSV or formula injection). The rule is OWASP's (CSV Injection): a text cell
that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is
written with a single quote before it, so that a spreadsheet reads it as
text, not as a formula; in XLSX every text is a string cell, never a formula (an
``=`` text would otherwise be one, and ``#N/A`` an error value), and one
that starts with those characters also carries the "quote prefix" style,
so that editing the cell keeps it text. Numbers, dates and times are not
text: they are written as they are (``-1495`` stays the number -1,495).

Every writer goes through ``csv_row`` or ``xlsx_row``
(``reports/writers.py``, ``reports/standings.py``);
docs/jobs.md, "Exports".
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from openpyxl.cell.cell import ERROR_CODES, Cell, WriteOnlyCell
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

# OWASP's list: what a spreadsheet may read as the start of a formula.
FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
QUOTE = "'"


def formula_risk(text: str) -> bool:
    """Whether a spreadsheet could read ``text`` as a formula."""
    return text.startswith(FORMULA_TRIGGERS)


def inert_text(text: str) -> str:
    """``text`` with a single quote before it when a spreadsheet could read it as a formula."""
    return QUOTE + text if formula_risk(text) else text


def csv_cell(value: Any) -> Any:
    """A value for ``csv.writer``: text made inert, times in ISO 8601, None empty."""
    if isinstance(value, str):
        return inert_text(value)
    if isinstance(value, datetime):
        return value.isoformat()
    return "" if value is None else value


def csv_row(values: Iterable[Any]) -> list[Any]:
    return [csv_cell(value) for value in values]


def _text_cell(sheet: WriteOnlyWorksheet, text: str) -> Cell:
    cell = WriteOnlyCell(sheet, text)
    cell.data_type = "s"  # openpyxl guessed a formula ("=...") or an error ("#N/A")
    cell.quotePrefix = formula_risk(text)
    return cell


def xlsx_cell(sheet: WriteOnlyWorksheet, value: Any) -> Any:
    """A value for a write-only sheet's ``append``: text as a string cell, times without zone.

    A plain ``str`` is already a string cell unless openpyxl would guess a
    formula or an error from it; only those (and the texts a spreadsheet
    could read as a formula) get a cell of their own, so a long export
    builds no object per text cell.
    """
    if isinstance(value, str):
        if formula_risk(value) or value in ERROR_CODES:
            return _text_cell(sheet, value)
        return value
    if isinstance(value, datetime) and value.tzinfo is not None:
        return value.replace(tzinfo=None)  # XLSX has no time zones: the parlor's wall time
    return value


def xlsx_row(sheet: WriteOnlyWorksheet, values: Iterable[Any]) -> list[Any]:
    return [xlsx_cell(sheet, value) for value in values]
