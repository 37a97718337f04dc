"""A rate or a mean as the statistics show it: its value, its sample, its standard error.

A rate is ``count / sample`` (hands or games); its standard error the binomial one,
``sqrt(p (1 - p) / n)``. A mean (average placement, average points) carries the
standard error of the mean, ``s / sqrt(n)`` from the sample's spread. A figure is
*small* when its sample is under ``SMALL_SAMPLE``: at 100 a rate near one half is
still uncertain by five points either way, and the pages say so beside it
(docs/statistics.md, "Small samples"). Ratios are ``Decimal``s; the figures they
come from are integer counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal

SMALL_SAMPLE = 100
_PLACES = Decimal("0.0001")


def _ratio(numerator: Decimal | int, denominator: int) -> Decimal:
    return (Decimal(numerator) / Decimal(denominator)).quantize(_PLACES, ROUND_HALF_EVEN)


@dataclass(frozen=True, slots=True)
class Rate:
    """``count`` of ``sample``; ``value`` None when the sample is empty."""

    count: int
    sample: int

    @property
    def value(self) -> Decimal | None:
        return _ratio(self.count, self.sample) if self.sample else None

    @property
    def standard_error(self) -> Decimal | None:
        if not self.sample:
            return None
        p = Decimal(self.count) / Decimal(self.sample)
        return (p * (1 - p) / self.sample).sqrt().quantize(_PLACES, ROUND_HALF_EVEN)

    @property
    def small(self) -> bool:
        return self.sample < SMALL_SAMPLE

    @property
    def percent(self) -> Decimal | None:
        """The rate in percent to one place (23.4)."""
        value = self.value
        return None if value is None else (value * 100).quantize(Decimal("0.1"))

    @property
    def error_percent(self) -> Decimal | None:
        error = self.standard_error
        return None if error is None else (error * 100).quantize(Decimal("0.1"))


@dataclass(frozen=True, slots=True)
class Mean:
    """The mean of ``sample`` values summing to ``total`` whose squares sum to ``squares``
    (integers: points, or places in halves with ``scale`` 2)."""

    total: int
    squares: int
    sample: int
    scale: int = 1

    @property
    def value(self) -> Decimal | None:
        return _ratio(self.total, self.sample * self.scale) if self.sample else None

    @property
    def standard_error(self) -> Decimal | None:
        n = self.sample
        if n < 2:
            return None
        # Sample variance from the sums, in the values' own scale: exact integers first.
        spread = Decimal(n * self.squares - self.total * self.total) / Decimal(n * (n - 1))
        variance = spread / (self.scale * self.scale)
        return (max(variance, Decimal(0)) / n).sqrt().quantize(_PLACES, ROUND_HALF_EVEN)

    @property
    def small(self) -> bool:
        return self.sample < SMALL_SAMPLE
