"""Reading visits: the open ones of a parlor, a player's open visit."""

from __future__ import annotations

from django.db.models import QuerySet

from ledger.models import Visit
from parlor.models import Player


def visits_with_people() -> QuerySet[Visit]:
    """Visits with their player and the accounts that checked them in and out (one query)."""
    return Visit.objects.select_related(
        "parlor", "player", "checked_in_by", "checked_out_by", "override_by"
    )


def open_visit_of(*, player: Player) -> Visit | None:
    return Visit.objects.filter(player=player, checked_out_at__isnull=True).first()
