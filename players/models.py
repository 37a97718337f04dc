"""The players app's models: the statistics' derived rows (``players.statistics.models``)."""

from players.statistics.models import (
    PlayerRating,
    SeatGame,
    StandingsPage,
    StatisticsOptions,
)

__all__ = ["PlayerRating", "SeatGame", "StandingsPage", "StatisticsOptions"]
