"""The counter in the admin: entries and till closes, read-only lists (issue 34).

The desk records entries and closes the till through the services (the API,
``api/counter/``); here staff and managers see what was recorded, in their own
parlors only, and nobody changes or deletes a row (the tables refuse it too).
"""

from __future__ import annotations

from django.contrib import admin

from ledger.admin.roles import LedgerAdmin
from ledger.counter.models import CounterEntry, TillClose
from parlor.admin_columns import amount_column


@admin.register(CounterEntry)
class CounterEntryAdmin(LedgerAdmin[CounterEntry]):
    parlor_path = "parlor"
    list_display = [
        "created_at", "business_day", "kind", "player", "money_amount", "method", "category",
        "reverses", "memo", "created_by",
    ]  # fmt: skip
    list_filter = ["kind", "method", "category", "business_day"]
    list_select_related = ["parlor", "player", "created_by", "reverses"]
    date_hierarchy = "created_at"
    search_fields = ["player__name", "player__member_number", "memo"]
    readonly_fields = (
        "parlor", "business_day", "kind", "player", "money_amount", "method", "category",
        "memo", "posting", "reverses", "created_by", "created_at",
    )  # fmt: skip
    fields = readonly_fields
    money_amount = amount_column(CounterEntry, "amount", money_of=lambda row: row.parlor)


@admin.register(TillClose)
class TillCloseAdmin(LedgerAdmin[TillClose]):
    parlor_path = "parlor"
    list_display = [
        "closed_at", "business_day", "kind", "opening", "cash", "expected_till", "counted_till",
        "difference_amount", "closed_by",
    ]  # fmt: skip
    list_filter = ["kind", "business_day"]
    list_select_related = ["parlor", "closed_by"]
    readonly_fields = (
        "parlor", "business_day", "kind", "opening", "cash", "expected_till", "counted_till",
        "difference_amount", "denominations", "difference_entry", "memo", "closed_by",
        "closed_at",
    )  # fmt: skip
    fields = readonly_fields
    opening = amount_column(TillClose, "opening_float", money_of=lambda row: row.parlor)
    cash = amount_column(TillClose, "cash_entries", signed=True, money_of=lambda row: row.parlor)
    expected_till = amount_column(TillClose, "expected", money_of=lambda row: row.parlor)
    counted_till = amount_column(TillClose, "counted", money_of=lambda row: row.parlor)
    difference_amount = amount_column(
        TillClose, "difference", signed=True, money_of=lambda row: row.parlor
    )
