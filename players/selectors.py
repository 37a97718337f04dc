"""What a player's own pages read: their sessions, one session's hands, their money by day.

Everything is narrowed to one player. Of their table-mates only what was on
the table is read: names, seats, points and chips of a session they sat in,
and placements; never another player's money or balance.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db.models import Count, DateTimeField, ExpressionWrapper, F, Prefetch, QuerySet, Sum
from django.db.models.functions import TruncDate

from ledger.models import Session, SessionSeat, Settlement
from ledger.settle.settlement_selectors import live_settlements
from parlor.models import Player


def player_sessions(*, player: Player) -> QuerySet[Session]:
    """The sessions the player sat in, newest first, with table, ruleset and seats loaded."""
    seats = SessionSeat.objects.select_related("player").order_by("seat")
    return (
        Session.objects.filter(seats__player=player)
        .select_related("table", "ruleset_config", "parlor")
        .prefetch_related(Prefetch("seats", seats))
        .order_by("-opened_at", "-pk")
    )


def player_session(*, player: Player, session_id: int) -> Session | None:
    """One session the player sat in; None for any other (the pages answer 404)."""
    return player_sessions(player=player).filter(pk=session_id).first()


def player_results(*, player: Player, sessions: list[int]) -> dict[int, Settlement]:
    """The player's own live settlement of each closed session among ``sessions``."""
    rows = live_settlements(player=player).filter(session_id__in=sessions)
    return {row.session_id: row for row in rows}


def session_placements(*, session: Session) -> dict[int, int]:
    """Each seat's placement in the session's live close (seat -> place); empty while open."""
    rows = live_settlements(session=session).values_list("seat", "placement")
    return dict(rows)


@dataclass(frozen=True, slots=True)
class PlayerDay:
    day: date
    games: int
    points: int
    chips: int
    money: int
    fee: int

    @property
    def net_money(self) -> int:
        return self.money - self.fee


def player_days(
    *, player: Player, first: date | None = None, last: date | None = None
) -> list[PlayerDay]:
    """The player's closed games summed per business day (newest first), one query.

    A game belongs to the business day its live close was posted in: the
    close's time, moved back by the closing hour, as a date in the parlor's
    zone (``ledger.settle.business_days``).
    """
    zone = ZoneInfo(player.parlor.time_zone)
    shifted = ExpressionWrapper(
        F("posting__created_at") - timedelta(hours=settings.LEDGER_CLOSING_HOUR),
        output_field=DateTimeField(),
    )
    rows = live_settlements(player=player).order_by().annotate(day=TruncDate(shifted, tzinfo=zone))
    if first is not None:
        rows = rows.filter(day__gte=first)
    if last is not None:
        rows = rows.filter(day__lte=last)
    grouped = (
        rows.values("day")
        .annotate(
            games=Count("pk"),
            points=Sum("points"),
            chips=Sum("chips"),
            money=Sum("money"),
            fee=Sum("fee"),
        )
        .order_by("-day")
    )
    return [
        PlayerDay(
            day=row["day"],
            games=row["games"],
            points=row["points"],
            chips=row["chips"],
            money=row["money"],
            fee=row["fee"],
        )
        for row in grouped
    ]
