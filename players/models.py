"""The players app's models: the statistics' derived rows (``players.statistics.models``)."""

from players.statistics.models import (
    PlayerRating,
    RatingEntry,
    SeatGame,
    StandingsPage,
    StatisticsOptions,
)

__all__ = ["PlayerRating", "RatingEntry", "SeatGame", "StandingsPage", "StatisticsOptions"]
