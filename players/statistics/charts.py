"""The player's two graphs as drawing instructions: points per game (bars), rating over time.

The pages draw them as inline SVG in a fixed ``WIDTH`` x ``HEIGHT`` frame scaled to the
page's width; labels are HTML beside the frame, so they keep their size. Coordinates
are plain numbers computed here, never text from the books.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

WIDTH, HEIGHT = 600, 160
PAD = 4


@dataclass(frozen=True, slots=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    gain: bool


@dataclass(frozen=True, slots=True)
class BarChart:
    bars: list[Bar]
    zero_y: float
    top: int
    bottom: int


def points_chart(points: Sequence[int]) -> BarChart | None:
    """One bar per game, up for points won, down for points lost, from a zero line."""
    if not points:
        return None
    top, bottom = max(max(points), 0), min(min(points), 0)
    span = (top - bottom) or 1
    usable = HEIGHT - 2 * PAD
    zero_y = PAD + usable * top / span
    step = WIDTH / len(points)
    width = max(step * 0.8, 0.5)
    bars = []
    for index, value in enumerate(points):
        height = usable * abs(value) / span
        y = zero_y - height if value >= 0 else zero_y
        bars.append(Bar(round(index * step + (step - width) / 2, 2), round(y, 2),
                        round(width, 2), round(max(height, 0.5), 2), value >= 0))  # fmt: skip
    return BarChart(bars=bars, zero_y=round(zero_y, 2), top=top, bottom=bottom)


@dataclass(frozen=True, slots=True)
class LineChart:
    # The polyline's "x,y x,y ..." points.
    points: str
    first: Decimal
    last: Decimal
    high: Decimal
    low: Decimal


def rating_chart(values: Sequence[Decimal]) -> LineChart | None:
    """The rating after each game, as a line across the frame (the start at the left)."""
    if not values:
        return None
    high, low = max(values), min(values)
    span = (high - low) or Decimal(1)
    usable = HEIGHT - 2 * PAD
    step = WIDTH / max(len(values) - 1, 1)
    coordinates = []
    for index, value in enumerate(values):
        x = index * step if len(values) > 1 else WIDTH / 2
        y = PAD + float((high - value) / span) * usable
        coordinates.append(f"{x:.2f},{y:.2f}")
    return LineChart(" ".join(coordinates), values[0], values[-1], high, low)
