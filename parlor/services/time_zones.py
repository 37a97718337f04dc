"""The time zone the staff's pages print in: the parlor's, not the server's UTC.

Lists, filters ("today") and dates in the admin follow the active time zone.
An installation whose parlors share one zone (the usual case: one parlor, or
a chain in one country) prints in it. Parlors in different zones have no one
answer for a list that mixes them: those pages stay in ``settings.TIME_ZONE``
and the per-parlor pages (the session page, documents) print each parlor's
own zone.
"""

from __future__ import annotations

from parlor.models import Parlor


def shared_parlor_time_zone() -> str | None:
    """The one time zone every parlor is in; None with no parlor or several zones (one query)."""
    zones = list(Parlor.objects.values_list("time_zone", flat=True).distinct()[:2])
    return zones[0] if len(zones) == 1 else None
