"""The players app's admin: the statistics' (``players.statistics.admin``)."""

from players.statistics import admin

__all__ = ["admin"]
