"""Rating a pool's games and keeping each player's rating history (``PlayerRating``).

A player's row in a pool (parlor, ruleset configuration) holds their rating now and
their ``history``: one entry per rated game, in the pool's total order (close time,
then session id), ``[session id, close time, rating, games rated]`` and, under OpenSkill,
``mu`` and ``sigma``; whole numbers only, exactly as computed: the close time in
microseconds since 1970 (UTC), the rating in hundredths, mu and sigma in ten-thousandths.
Numbers, not text: a chain's year of entries is written as JSON without a quote to
escape (text made the write a third of a full replay; docs/statistics.md, "Speed"). One row per
player and pool, written whole: a year of a chain (1,000,000 hands) is rated again in a
few thousand rows, not one per seat (benchmarks/player_statistics.py).

- ``rating_carry_on``: a close whose game comes after each of its players' last rated
  game (the usual case): their rows read, one entry appended each, written back.
- ``ratings_replay``: a pool's games from a point of the order on: every history cut
  there, the live games from there rated again (a close that comes earlier than a
  player's last game, a correction that reopened a close, a new rating system).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Case, DateTimeField, Q, When

from players.statistics.models import MODEL_PLACES, RATING_PLACES, PlayerRating, SeatGame
from players.statistics.ratings import PlayerRating as Rated
from players.statistics.ratings import RatingSystem, rating_system
from players.statistics.rows import OrderKey, from_key, live_seat_games, statistics_lock

BATCH = 2000
Entry = list[Any]


EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
MICROSECOND = timedelta(microseconds=1)


def micros_of(moment: datetime) -> int:
    """``moment`` as whole microseconds since 1970 (UTC), exactly."""
    return (moment - EPOCH) // MICROSECOND


def moment_of(micros: int) -> datetime:
    return EPOCH + micros * MICROSECOND


def units_of(value: Decimal, places: int) -> int:
    """``value`` in whole units of ``places`` decimal places; refuses to round."""
    units = value.scaleb(places)
    if units != units.to_integral_value():
        raise ValueError(f"{value} has more than {places} decimal places")
    return int(units)


def entry_of(session_id: int, closed_at: datetime | int, rated: Rated) -> Entry:
    """The history's entry for ``rated`` after the game of ``session_id`` closed at
    ``closed_at`` (a time, or already in microseconds)."""
    micros = closed_at if isinstance(closed_at, int) else micros_of(closed_at)
    entry: Entry = [session_id, micros, units_of(rated.value, RATING_PLACES), rated.games]
    if rated.mu is not None and rated.sigma is not None:
        entry += [units_of(rated.mu, MODEL_PLACES), units_of(rated.sigma, MODEL_PLACES)]
    return entry


def entry_key(entry: Entry) -> OrderKey:
    return moment_of(entry[1]), entry[0]


def entry_rating(entry: Entry) -> Rated:
    mu = Decimal(entry[4]).scaleb(-MODEL_PLACES) if len(entry) > 4 else None
    sigma = Decimal(entry[5]).scaleb(-MODEL_PLACES) if len(entry) > 5 else None
    return Rated(
        value=Decimal(entry[2]).scaleb(-RATING_PLACES), games=entry[3], mu=mu, sigma=sigma
    )


class _Pool:
    """The histories of one pool's players being rated, written back at the end."""

    def __init__(self, parlor_id: int, ruleset_config_id: int, system: RatingSystem) -> None:
        self.parlor_id, self.ruleset_config_id, self.system = parlor_id, ruleset_config_id, system
        self.histories: dict[int, list[Entry]] = {}
        self.ratings: dict[int, Rated] = {}

    def keep(self, player_id: int, history: list[Entry]) -> None:
        self.histories[player_id] = history
        if history:
            self.ratings[player_id] = entry_rating(history[-1])

    def rate(self, session_id: int, closed_at: datetime, seats: Sequence[tuple[int, int]]) -> None:
        """One game: ``seats`` its (player, final points) in seat order."""
        start = self.system.start()
        before = [self.ratings.get(player, start) for player, _ in seats]
        after = self.system.rate(before, [score for _, score in seats])
        micros = micros_of(closed_at)
        for (player, _), rated in zip(seats, after, strict=True):
            self.ratings[player] = rated
            self.histories.setdefault(player, []).append(entry_of(session_id, micros, rated))

    def write(self) -> None:
        """Every player's row written over (one statement a batch); a player left without a
        game loses theirs."""
        gone = [player for player, history in self.histories.items() if not history]
        if gone:
            PlayerRating.objects.filter(
                ruleset_config_id=self.ruleset_config_id, player_id__in=gone
            ).delete()
        rows = [
            PlayerRating(
                parlor_id=self.parlor_id,
                ruleset_config_id=self.ruleset_config_id,
                system=self.system.name,
                player_id=player,
                games=rated.games,
                value=rated.value,
                mu=rated.mu,
                sigma=rated.sigma,
                last_closed_at=entry_key(history[-1])[0],
                last_session_id=history[-1][0],
                history=history,
            )
            for player, history in self.histories.items()
            if history
            for rated in [self.ratings[player]]
        ]
        PlayerRating.objects.bulk_create(
            rows,
            batch_size=BATCH,
            update_conflicts=True,
            unique_fields=["player", "ruleset_config"],
            update_fields=CURRENT_FIELDS,
        )


CURRENT_FIELDS = ["parlor", "system", "games", "value", "mu", "sigma", "last_closed_at",
                  "last_session", "history"]  # fmt: skip


def rating_carry_on(
    *, system_name: str, rows: Sequence[SeatGame], current: Sequence[PlayerRating]
) -> bool:
    """Rate the game of ``rows`` (a close's, seat order) on from its players' ``current``
    rows; False, writing nothing, when it cannot be (a player has a later rated game, or
    was rated by another system): the pool must be replayed from the game instead."""
    first = rows[0]
    key = (first.closed_at, first.session_id)
    for rating in current:
        if rating.system != system_name or (rating.last_closed_at, rating.last_session_id) >= key:
            return False
    pool = _Pool(first.parlor_id, first.ruleset_config_id, rating_system(system_name))
    for rating in current:
        pool.keep(rating.player_id, list(rating.history))
    pool.rate(first.session_id, first.closed_at, [(r.player_id, r.final_score) for r in rows])
    pool.write()
    return True


@transaction.atomic
def ratings_replay(*, parlor_id: int, ruleset_config_id: int, since: OrderKey | None = None) -> int:
    """Rate the pool's live games from ``since`` on (None: from its first); returns how
    many games were rated. Takes the parlor's statistics lock."""
    options = statistics_lock(parlor_id=parlor_id)
    pool = _Pool(parlor_id, ruleset_config_id, rating_system(options.rating_system))
    where = Q(parlor_id=parlor_id, ruleset_config_id=ruleset_config_id)
    later = (
        live_seat_games()
        .filter(where & from_key(since))
        .order_by("closed_at", "session_id", "seat")
    )
    ratings = PlayerRating.objects.filter(where)
    if since is not None:
        players = set(later.values_list("player_id", flat=True))
        ratings = ratings.filter(Q(player_id__in=players) | _rated_since(since))
    if since is None:  # every history starts again: only who has one is needed
        for player_id in ratings.values_list("player_id", flat=True):
            pool.keep(player_id, [])
    else:
        for player_id, history in ratings.values_list("player_id", "history"):
            pool.keep(player_id, _cut(history, since))
    games = 0
    # The close time read once a game (its first seat's row; NULL on the others): a
    # year's times parsed a quarter as often (docs/statistics.md, "Speed").
    first_seat = Case(When(seat=0, then="closed_at"), output_field=DateTimeField())
    rows = later.values_list("session_id", first_seat, "player_id", "final_score")
    for session_id, closed_at, seats in _games(rows.iterator(chunk_size=BATCH * 5)):
        pool.rate(session_id, closed_at, seats)
        games += 1
    pool.write()
    return games


def _rated_since(since: OrderKey) -> Q:
    closed_at, session_id = since
    return Q(last_closed_at__gt=closed_at) | Q(
        last_closed_at=closed_at, last_session_id__gte=session_id
    )


def _cut(history: list[Entry], since: OrderKey) -> list[Entry]:
    """The entries before ``since``."""
    kept = list(history)
    while kept and entry_key(kept[-1]) >= since:
        kept.pop()
    return kept


def _games(
    rows: Iterator[tuple[int, datetime | None, int, int]],
) -> Iterator[tuple[int, datetime, list[tuple[int, int]]]]:
    """(session, close time, [(player, final points), ...]) per game, from its seats' rows
    in seat order (the close time on the first seat's)."""
    current: tuple[int, datetime] | None = None
    seats: list[tuple[int, int]] = []
    for session_id, closed_at, player_id, final_score in rows:
        if current is None or session_id != current[0]:
            if current is not None:
                yield current[0], current[1], seats
                seats = []
            if closed_at is None:
                raise ValueError(f"session {session_id}'s statistics rows have no seat 0")
            current = (session_id, closed_at)
        seats.append((player_id, final_score))
    if current is not None:
        yield current[0], current[1], seats
