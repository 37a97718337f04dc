"""What an export covers: one parlor, perhaps one player, and a span of business days."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from django.db.models import Q

from ledger.settle.business_days import business_day_bounds
from parlor.models import Parlor, Player
from reports.models import ExportJob, ExportScope


@dataclass(frozen=True, slots=True)
class Window:
    """``since`` inclusive, ``until`` exclusive (aware); None: open on that side."""

    parlor: Parlor
    player: Player | None
    first_day: date | None
    last_day: date | None
    since: datetime | None
    until: datetime | None

    def moment_filter(self, field: str) -> Q:
        """``Q`` keeping the rows whose ``field`` (a datetime) falls in the window."""
        condition = Q()
        if self.since is not None:
            condition &= Q(**{f"{field}__gte": self.since})
        if self.until is not None:
            condition &= Q(**{f"{field}__lt": self.until})
        return condition


def window_of(job: ExportJob) -> Window:
    """The window of a job: business days ``date_from`` to ``date_to``, both included."""
    parlor = job.parlor
    since = until = None
    if job.date_from is not None:
        since = business_day_bounds(parlor=parlor, first=job.date_from, last=job.date_from)[0]
    if job.date_to is not None:
        until = business_day_bounds(parlor=parlor, first=job.date_to, last=job.date_to)[1]
    return Window(
        parlor=parlor,
        player=job.player if job.scope == ExportScope.PLAYER else None,
        first_day=job.date_from,
        last_day=job.date_to,
        since=since,
        until=until,
    )
