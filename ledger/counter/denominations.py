"""Each currency's notes and coins, as data: face values in the currency's minor unit.

A till is counted by denomination (``ledger.counter.till``). A parlor whose
currency is not listed here counts with any positive face value.
"""

from __future__ import annotations

DENOMINATIONS: dict[str, tuple[int, ...]] = {
    # Notes of 10,000, 5,000, 2,000 and 1,000 yen; coins of 500, 100, 50, 10, 5 and 1 yen.
    "JPY": (10000, 5000, 2000, 1000, 500, 100, 50, 10, 5, 1),
    # In cents: notes of 100, 50, 20, 10, 5, 2 and 1 dollars; coins of 1 dollar to 1 cent.
    "USD": (10000, 5000, 2000, 1000, 500, 200, 100, 50, 25, 10, 5, 1),
    # In cents: notes of 500 to 5 euros; coins of 2 euros to 1 cent.
    "EUR": (50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1),
    # In won (no minor unit): notes of 50,000 to 1,000; coins of 500 to 10.
    "KRW": (50000, 10000, 5000, 1000, 500, 100, 50, 10),
    # In cents: notes of 1,000 to 10 dollars; coins of 5 dollars to 10 cents.
    "HKD": (100000, 50000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10),
    "TWD": (2000, 1000, 500, 200, 100, 50, 10, 5, 1),
}


def denominations_of(currency_code: str) -> tuple[int, ...] | None:
    """The face values a till of ``currency_code`` is counted in (None: any)."""
    return DENOMINATIONS.get(currency_code.upper())
