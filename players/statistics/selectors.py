"""The statistics' reads: one selector per view, over the rows the close writes.

- ``player_statistics``: one player's numbers per ruleset configuration over a span of
  business days, their games (the points graph) and their rating over time; two
  queries whatever the number of games: the player's live ``SeatGame`` rows of the
  period, their ``PlayerRating`` rows (the rating now and its history).
- ``statistics_standings``: a parlor's players per ruleset configuration, summed in the
  database (one grouped query over the parlor's live rows of the period) beside their
  current ratings (one query); no money.
- ``scoreboard_standings``: the same, for the scoreboard's screen, as the parlor's
  options choose it (period, minimum games), or None while the manager has it off.

A game belongs to the business day its live close was posted in, as in the standings
and exports (``ledger.settle.business_days``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from types import SimpleNamespace
from typing import Any

from django.db.models import Count, F, Min, Q, QuerySet, Sum
from django.utils import timezone

from ledger.settle.business_days import business_day_bounds, business_day_of
from ledger.settle.standing_selectors import parlor_standings
from parlor.models import Parlor, Player
from players.statistics.history import entry_key, entry_rating
from players.statistics.models import (
    PlayerRating,
    ScoreboardPeriod,
    SeatGame,
)
from players.statistics.rows import live_seat_games, statistics_options
from players.statistics.totals import MEANS, RATES, SUMMED, Totals, totals_of

GAME_FIELDS = (
    "session_id", "closed_at", "ruleset_config_id", "ruleset_config__name", "seat", "seats",
    "final_score", "placement", "place_halves", "points", "chips", "chips_in_play", "busted",
    *SUMMED[:-2], "yaku", "han",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Period:
    """Business days ``first`` to ``last`` (both included); None on a side: open."""

    first: date | None = None
    last: date | None = None

    def q(self, parlor: Parlor) -> Q:
        since, until = self.bounds(parlor)
        condition = Q()
        if since is not None:
            condition &= Q(closed_at__gte=since)
        if until is not None:
            condition &= Q(closed_at__lt=until)
        return condition

    def bounds(self, parlor: Parlor) -> tuple[datetime | None, datetime | None]:
        since = until = None
        if self.first is not None:
            since = business_day_bounds(parlor=parlor, first=self.first, last=self.first)[0]
        if self.last is not None:
            until = business_day_bounds(parlor=parlor, first=self.last, last=self.last)[1]
        return since, until


@dataclass(frozen=True, slots=True)
class GamePoint:
    """One game of the player: the points graph's point."""

    session_id: int
    closed_at: datetime
    placement: int
    final_score: int
    points: int


@dataclass(frozen=True, slots=True)
class RatingPoint:
    session_id: int
    closed_at: datetime
    value: Decimal
    games: int


@dataclass(frozen=True, slots=True)
class CurrentRating:
    system: str
    value: Decimal
    games: int


@dataclass(frozen=True, slots=True)
class ConfigStatistics:
    """One player's numbers in one ruleset configuration over the period."""

    ruleset_config_id: int
    ruleset_config_name: str
    totals: Totals
    games: list[GamePoint]
    ratings: list[RatingPoint]
    # The rating now (all time, not only the period); None before a rated game.
    rating: CurrentRating | None
    # Players at the table (3 or 4): the places there are.
    seats: int


@dataclass(frozen=True, slots=True)
class PlayerStatistics:
    player: Player
    period: Period
    configs: list[ConfigStatistics]


def player_statistics(
    *, player: Player, period: Period = Period(), ruleset_config_id: int | None = None
) -> PlayerStatistics:
    """``player``'s numbers per ruleset configuration they played in the period (most games
    first), with their games and ratings in order; two queries."""
    parlor = player.parlor
    rows = live_seat_games().filter(period.q(parlor), player=player)
    current = PlayerRating.objects.filter(player=player)
    if ruleset_config_id is not None:
        rows = rows.filter(ruleset_config_id=ruleset_config_id)
        current = current.filter(ruleset_config_id=ruleset_config_id)
    # Each row read as values, its columns as attributes (``totals_of`` reads attributes).
    by_config: dict[int, list[Any]] = defaultdict(list)
    names: dict[int, str] = {}
    for values in rows.order_by("closed_at", "session_id").values(*GAME_FIELDS):
        row = SimpleNamespace(**values)
        by_config[values["ruleset_config_id"]].append(row)
        names[values["ruleset_config_id"]] = values["ruleset_config__name"]
    since, until = period.bounds(parlor)
    ratings: dict[int, list[RatingPoint]] = defaultdict(list)
    now: dict[int, CurrentRating] = {}
    for config_id, system, value, games, history in current.values_list(
        "ruleset_config_id", "system", "value", "games", "history"
    ):
        now[config_id] = CurrentRating(system, value, games)
        for entry in history:
            closed_at, session_id = entry_key(entry)
            if (since is None or closed_at >= since) and (until is None or closed_at < until):
                rated = entry_rating(entry)
                ratings[config_id].append(
                    RatingPoint(session_id, closed_at, rated.value, rated.games)
                )
    configs = [
        ConfigStatistics(
            ruleset_config_id=config_id,
            ruleset_config_name=names[config_id],
            totals=totals_of(played),
            games=[
                GamePoint(r.session_id, r.closed_at, r.placement, r.final_score, r.points)
                for r in played
            ],
            ratings=ratings[config_id],
            rating=now.get(config_id),
            seats=max(row.seats for row in played),
        )
        for config_id, played in by_config.items()
    ]
    configs.sort(key=lambda block: (-block.totals.games, block.ruleset_config_name))
    return PlayerStatistics(player=player, period=period, configs=configs)


@dataclass(frozen=True, slots=True)
class StandingsLine:
    """One player's line in one ruleset configuration: their totals and rating."""

    player_id: int
    member_number: str
    player_name: str
    ruleset_config_id: int
    ruleset_config_name: str
    totals: Totals
    rating: Decimal | None
    rating_games: int

    def sort_value(self, name: str) -> Any:
        """The value ``name`` (a SORT_FIELDS entry) sorts by; None for an empty sample."""
        if name in RATES or name in MEANS:
            return getattr(self.totals, name).value
        if name in _TOTALS_SORTED:
            return getattr(self.totals, name)
        if name == "chips_per_game":
            return self.totals.chips_per_game
        return getattr(self, name)


_TOTALS_SORTED = ("games", "points", "wins", "deal_ins", "riichi", "chonbo", "dead_hands")
# What ``ordering`` may name (a leading "-": descending).
SORT_FIELDS = (
    "member_number", "player_name", "ruleset_config_name", "rating", *_TOTALS_SORTED,
    *RATES, *MEANS, "chips_per_game",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class StatisticsStandings:
    parlor: Parlor
    period: Period
    ruleset_config_id: int | None
    min_games: int
    ordering: str
    lines: list[StandingsLine] = field(default_factory=list)


def _grouped(rows: QuerySet[SeatGame]) -> Any:
    chips = Q(chips_in_play=True)
    return (
        rows.order_by()
        .values("player_id", "ruleset_config_id")
        .annotate(
            # Grouped by the ids alone (a name is one per id), as the money standings are.
            member_number=Min("player__member_number"),
            player_name=Min("player__name"),
            ruleset_config_name=Min("ruleset_config__name"),
            games=Count("pk"),
            **{name: Count("pk", filter=Q(placement=place)) for name, place in _PLACES},
            lasts=Count("pk", filter=Q(placement=F("seats"))),
            place_halves_squares=Sum(F("place_halves") * F("place_halves")),
            busted=Count("pk", filter=Q(busted=True)),
            chip_games=Count("pk", filter=chips),
            chips=Sum("chips", filter=chips),
            **{name: Sum(name) for name in SUMMED},
        )
    )


_PLACES = (("first", 1), ("second", 2), ("third", 3), ("fourth", 4))


def statistics_standings(
    *,
    parlor: Parlor,
    period: Period,
    ruleset_config_id: int | None = None,
    min_games: int = 0,
    ordering: str = "-rating",
) -> StatisticsStandings:
    """The parlor's players per ruleset configuration over the period, those with at least
    ``min_games`` games, sorted by ``ordering`` (a SORT_FIELDS name, "-" first for
    descending; ties by member number); two queries."""
    name = ordering.lstrip("-")
    if name not in SORT_FIELDS:
        raise ValueError(f"cannot sort standings by {ordering!r}")
    rows = live_seat_games().filter(period.q(parlor), parlor=parlor)
    ratings = PlayerRating.objects.filter(parlor=parlor)
    if ruleset_config_id is not None:
        rows = rows.filter(ruleset_config_id=ruleset_config_id)
        ratings = ratings.filter(ruleset_config_id=ruleset_config_id)
    grouped = _grouped(rows)
    if min_games:
        grouped = grouped.filter(games__gte=min_games)
    rated = {
        (player_id, config_id): (value, games)
        for player_id, config_id, value, games in ratings.values_list(
            "player_id", "ruleset_config_id", "value", "games"
        )
    }
    lines = []
    for sums in grouped:
        key = (sums["player_id"], sums["ruleset_config_id"])
        value, rating_games = rated.get(key, (None, 0))
        lines.append(
            StandingsLine(
                player_id=key[0],
                member_number=sums["member_number"],
                player_name=sums["player_name"],
                ruleset_config_id=key[1],
                ruleset_config_name=sums["ruleset_config_name"],
                totals=Totals.from_sums(sums),
                rating=value,
                rating_games=rating_games,
            )
        )
    return StatisticsStandings(
        parlor=parlor,
        period=period,
        ruleset_config_id=ruleset_config_id,
        min_games=min_games,
        ordering=ordering,
        lines=standings_sorted(lines, ordering=ordering),
    )


def standings_sorted(lines: Sequence[StandingsLine], *, ordering: str) -> list[StandingsLine]:
    """``lines`` by ``ordering``, those without a value (no sample, no rating) last either
    way; ties by member number and ruleset configuration."""
    descending = ordering.startswith("-")
    name = ordering.lstrip("-")
    ordered = sorted(lines, key=lambda line: (line.member_number, line.ruleset_config_name))
    known = [line for line in ordered if line.sort_value(name) is not None]
    unknown = [line for line in ordered if line.sort_value(name) is None]
    return sorted(known, key=lambda line: line.sort_value(name), reverse=descending) + unknown


PERIOD_LABELS: dict[str, Any] = {
    ScoreboardPeriod.ALL: ScoreboardPeriod.ALL.label,
    ScoreboardPeriod.YEAR: ScoreboardPeriod.YEAR.label,
    ScoreboardPeriod.MONTH: ScoreboardPeriod.MONTH.label,
}


def period_of(*, parlor: Parlor, kind: str, moment: datetime | None = None) -> Period:
    """The period a ``ScoreboardPeriod`` names, around ``moment`` (now)."""
    day = business_day_of(parlor=parlor, moment=moment or timezone.now())
    if kind == ScoreboardPeriod.MONTH:
        return Period(day.replace(day=1), day)
    if kind == ScoreboardPeriod.YEAR:
        return Period(day.replace(month=1, day=1), day)
    return Period()


def scoreboard_standings(*, parlor: Parlor) -> StatisticsStandings | None:
    """The standings the parlor's scoreboard shows (its options), or None while they are off."""
    options = statistics_options(parlor_id=parlor.pk)
    if not options.scoreboard_standings:
        return None
    return statistics_standings(
        parlor=parlor,
        period=period_of(parlor=parlor, kind=options.scoreboard_period),
        min_games=options.scoreboard_min_games,
        ordering="-rating",
    )


@dataclass(frozen=True, slots=True)
class DeskLine:
    """A standings line as the desk sees it: the numbers, and the money when it may see it."""

    line: StandingsLine
    # None: the user may not see this parlor's money (``view_books``).
    net_money: int | None

    def sort_value(self, name: str) -> Any:
        return self.net_money if name == "net_money" else self.line.sort_value(name)


DESK_SORT_FIELDS = (*SORT_FIELDS, "net_money")


@dataclass(frozen=True, slots=True)
class DeskStandings:
    standings: StatisticsStandings
    with_money: bool
    lines: list[DeskLine]


def desk_standings(
    *,
    parlor: Parlor,
    first_day: date,
    last_day: date,
    ruleset_config_id: int | None = None,
    min_games: int = 0,
    ordering: str = "-rating",
    with_money: bool = False,
) -> DeskStandings:
    """The admin's standings: ``statistics_standings`` and, ``with_money``, each line's net
    money from the parlor's money standings (``ledger.settle.standing_selectors``): 3 queries."""
    name = ordering.lstrip("-")
    if name not in DESK_SORT_FIELDS or (name == "net_money" and not with_money):
        raise ValueError(f"cannot sort standings by {ordering!r}")
    standings = statistics_standings(
        parlor=parlor,
        period=Period(first_day, last_day),
        ruleset_config_id=ruleset_config_id,
        min_games=min_games,
        ordering="-rating" if name == "net_money" else ordering,
    )
    money: dict[tuple[int, int], int] = {}
    if with_money:
        rows = parlor_standings(
            parlor=parlor,
            first_day=first_day,
            last_day=last_day,
            ruleset_config_id=ruleset_config_id,
        ).rows
        money = {(row.player_id, row.ruleset_config_id): row.net_money for row in rows}
    lines = [
        DeskLine(line, money.get((line.player_id, line.ruleset_config_id)) if with_money else None)
        for line in standings.lines
    ]
    if name == "net_money":
        lines.sort(key=lambda desk: (desk.line.member_number, desk.line.ruleset_config_name))
        lines.sort(key=lambda desk: desk.net_money or 0, reverse=ordering.startswith("-"))
    return DeskStandings(standings=standings, with_money=with_money, lines=lines)
