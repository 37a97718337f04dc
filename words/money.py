"""Money as the parlor's currency writes it: integers in the minor unit, shown grouped.

``money_text(-1995, parlor)`` is ``-1,995`` for yen (no minor digits) and ``-19.95``
for a currency of two; ``signed=True`` writes ``+`` before a gain.
"""

from __future__ import annotations

from typing import Protocol


class Currency(Protocol):
    """Who writes money: a ``parlor.models.Parlor`` (its currency's minor unit digits)."""

    @property
    def currency_minor_unit_digits(self) -> int: ...


def money_text(amount: int, parlor: Currency, *, signed: bool = False) -> str:
    """Minor units as the currency writes them: ``-1,995`` (JPY), ``19.45`` (2 digits)."""
    sign = "-" if amount < 0 else "+" if signed and amount > 0 else ""
    digits = parlor.currency_minor_unit_digits
    if not digits:
        return f"{sign}{abs(amount):,}"
    major, minor = divmod(abs(amount), 10**digits)
    return f"{sign}{major:,}.{minor:0{digits}d}"
