"""Admin columns of amounts written as the pages write them: 25,000 and -1,400, never 25000.

Django prints an integer field as it is; a parlor's lists and detail pages show points,
chips and money with thousands separators (issue 33), signed where the amount is a gain
or a loss, money in the parlor's currency (``words.money``). ``amount_column(Model,
"field")`` is a display method for ``list_display`` and ``readonly_fields``, headed and
ordered as the field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import admin
from django.db.models import Model

from parlor.models import Parlor
from words.money import money_text


def grouped_amount(value: int | None, *, signed: bool = False) -> str:
    """``25,000``; signed: ``+3,900``, ``-1,400``, ``0``."""
    if value is None:
        return ""
    return f"{value:+,}" if signed and value else f"{value:,}"


# What a column shows where the row's game cannot pay that amount (a chips-only game's points).
NOT_PAID = "—"


def amount_column(
    model: type[Model],
    name: str,
    *,
    signed: bool = False,
    money_of: Callable[[Any], Parlor] | None = None,
    paid_if: Callable[[Any], bool] | None = None,
) -> Callable[[Any, Any], str]:
    """``money_of(row)``: the parlor whose currency the amount is in (money columns).
    ``paid_if(row)``: False where the row's game cannot pay this amount: a dash, not a 0."""
    field = model._meta.get_field(name)

    @admin.display(description=getattr(field, "verbose_name", name), ordering=name)
    def column(model_admin: Any, row: Any) -> str:
        if paid_if is not None and not paid_if(row):
            return NOT_PAID
        value = getattr(row, name)
        if money_of is not None and value is not None:
            return money_text(value, money_of(row), signed=signed)
        return grouped_amount(value, signed=signed)

    column.__name__ = f"{name}_amount"
    return column
