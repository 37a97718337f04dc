"""The parlor's standings: each player's record over a span of business days, per ruleset.

One selector, one grouped aggregate query whatever the number of games: the
live standings rows (``ledger.models.Standing``, one per settlement row,
written by the close; a close undone by a correction never counts,
``ledger.settle.settlement_selectors``) of the games closed in the period, grouped
by player and ruleset configuration: games, placement counts and sum, points,
chips, money, the game fee, chonbo and dead hands (each row holds its seat's
penalties in the game's live hands). The rows carry the parlor, the ruleset
and the close's moment, so a year of a busy parlor is one scan of one table
(benchmarks/standings.py); the audit checks each row against the settlement,
the session and the penalties it was derived from.

A game belongs to the business day its (live) close was posted in, as in the
exports and statements. Every figure is an integer sum of ledger rows; the
average placement is the only ratio, a ``Decimal`` to two places.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal

from django.db.models import Count, Min, Q, Sum

from ledger.settle.business_days import business_day_bounds, business_day_of
from ledger.settle.settlement_selectors import live_standings
from parlor.models import Parlor

PLACES = (1, 2, 3, 4)


@dataclass(frozen=True, slots=True)
class StandingsRow:
    player_id: int
    member_number: str
    player_name: str
    ruleset_config_id: int
    ruleset_config_name: str
    games: int
    first: int
    second: int
    third: int
    fourth: int
    placement_sum: int
    points: int
    chips: int
    # Points and chips at the rate, before the game fee; net_money is what the player took home.
    money: int
    fee: int
    net_money: int
    chonbo: int
    dead_hands: int

    @property
    def average_placement(self) -> Decimal:
        if not self.games:
            return Decimal("0.00")
        ratio = Decimal(self.placement_sum) / Decimal(self.games)
        return ratio.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


# What ``ordering`` may name (a leading "-": descending); ties go by member number.
SORT_FIELDS = (
    *(f.name for f in fields(StandingsRow) if f.name not in ("player_id", "ruleset_config_id")),
    "average_placement",
)


@dataclass(frozen=True, slots=True)
class Standings:
    parlor: Parlor
    first_day: date
    last_day: date
    since: datetime
    until: datetime
    ruleset_config_id: int | None
    rows: list[StandingsRow]


def month_of(*, parlor: Parlor, moment: datetime) -> tuple[date, date]:
    """The first and last day of the month holding ``moment``'s business day (the default)."""
    day = business_day_of(parlor=parlor, moment=moment)
    first = day.replace(day=1)
    next_month = date(first.year + first.month // 12, first.month % 12 + 1, 1)
    return first, date.fromordinal(next_month.toordinal() - 1)


def parlor_standings(
    *,
    parlor: Parlor,
    first_day: date,
    last_day: date,
    ruleset_config_id: int | None = None,
    ordering: str = "-net_money",
) -> Standings:
    """Each player's record per ruleset configuration over business days ``first_day`` to
    ``last_day`` (both included), sorted by ``ordering`` (one of SORT_FIELDS, "-" first to
    sort descending); one query."""
    since, until = business_day_bounds(parlor=parlor, first=first_day, last=last_day)
    games = live_standings(parlor=parlor).filter(closed_at__gte=since, closed_at__lt=until)
    if ruleset_config_id is not None:
        games = games.filter(ruleset_config_id=ruleset_config_id)
    group = ("player_id", "ruleset_config_id")
    played = (
        games.order_by()
        .values(*group)
        .annotate(
            # Grouped by the ids alone (a name is one per id): PostgreSQL hashes the few
            # groups instead of sorting a year of rows by their names.
            member_number=Min("player__member_number"),
            player_name=Min("player__name"),
            ruleset_config_name=Min("ruleset_config__name"),
            games=Count("pk"),
            **{name: Count("pk", filter=Q(placement=place)) for name, place in _PLACE_NAMES},
            placement_sum=Sum("placement"),
            points=Sum("points"),
            chips=Sum("chips"),
            money=Sum("money"),
            fee=Sum("fee"),
            chonbo=Sum("chonbo"),
            dead_hands=Sum("dead_hands"),
        )
    )
    rows = []
    for row in played:
        rows.append(
            StandingsRow(
                player_id=row["player_id"],
                member_number=row["member_number"],
                player_name=row["player_name"],
                ruleset_config_id=row["ruleset_config_id"],
                ruleset_config_name=row["ruleset_config_name"],
                games=row["games"],
                first=row["first"],
                second=row["second"],
                third=row["third"],
                fourth=row["fourth"],
                placement_sum=row["placement_sum"],
                points=row["points"],
                chips=row["chips"],
                money=row["money"],
                fee=row["fee"],
                net_money=row["money"] - row["fee"],
                chonbo=row["chonbo"],
                dead_hands=row["dead_hands"],
            )
        )
    return Standings(
        parlor=parlor,
        first_day=first_day,
        last_day=last_day,
        since=since,
        until=until,
        ruleset_config_id=ruleset_config_id,
        rows=standings_sorted(rows, ordering=ordering),
    )


_PLACE_NAMES = (("first", 1), ("second", 2), ("third", 3), ("fourth", 4))


def standings_sorted(rows: list[StandingsRow], *, ordering: str) -> list[StandingsRow]:
    """``rows`` by ``ordering`` (a SORT_FIELDS name, "-" first: descending), then by
    member number and ruleset; an unknown name raises ValueError."""
    descending = ordering.startswith("-")
    name = ordering.lstrip("-")
    if name not in SORT_FIELDS:
        raise ValueError(f"cannot sort standings by {ordering!r}")
    rows = sorted(rows, key=lambda row: (row.member_number, row.ruleset_config_name))
    return sorted(rows, key=lambda row: getattr(row, name), reverse=descending)
