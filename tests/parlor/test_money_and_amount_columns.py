"""Amounts as the pages write them (issue 33, item 11): grouped, signed, in the currency."""

from __future__ import annotations

import pytest

from ledger.models import Settlement
from parlor.admin_columns import amount_column, grouped_amount
from parlor.models import Parlor
from words.money import money_text


def test_money_in_the_parlors_currency_grouped_and_signed() -> None:
    yen, dollars = Parlor(currency_minor_unit_digits=0), Parlor(currency_minor_unit_digits=2)

    assert money_text(-1400, yen) == "-1,400"
    assert money_text(1400, yen, signed=True) == "+1,400"
    assert money_text(0, yen, signed=True) == "0"
    assert money_text(-123456, dollars) == "-1,234.56"
    assert money_text(5, dollars, signed=True) == "+0.05"


def test_an_amount_column_is_headed_as_its_field_and_grouped() -> None:
    column = amount_column(Settlement, "points", signed=True)
    row = Settlement(points=-1400, final_score=39000)

    assert column(None, row) == "-1,400"
    assert str(column.short_description) == str(  # type: ignore[attr-defined]
        Settlement._meta.get_field("points").verbose_name
    )
    assert amount_column(Settlement, "final_score")(None, row) == "39,000"
    assert grouped_amount(None) == ""


@pytest.mark.parametrize(("value", "text"), [(25000, "25,000"), (-3900, "-3,900"), (0, "0")])
def test_grouped_amounts(value: int, text: str) -> None:
    assert grouped_amount(value) == text
