"""Writing the statistics: a close's seat rows, the ratings carried on or replayed, a rebuild.

- ``seat_games_for``: the ``SeatGame`` row of each seat of a close, from the game's live
  hands (``counting``) and its settlement.
- ``close_derive`` (a close, ``ledger.settle.events.session_closed``): the close's rows, and its
  players rated on from their current ratings when the game comes after each of their
  rated games (the usual case: four queries in all, the hands already in hand);
  otherwise the pool replayed from the game on (``players.statistics.history``).
- ``close_reversal_derive``: a correction reopened a close: its pool is replayed from
  the game it undid, so every later game is rated as if it had never been.
- ``statistics_options_save``: the manager's choices; a new rating system replays.
- ``statistics_rebuild``: every row of some parlors derived again from the books
  (``manage.py statistics_rebuild``).

A failure of the statistics' own computation is logged and writes nothing: it never
fails the close or the correction that announced it; the rows are rebuildable, the
books are not.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction

from engine_door.results import HandOutcome
from ledger.models import HandResult, Session, Settlement
from ledger.play.games import ruleset_game_rules
from ledger.settle.settlement_selectors import live_settlements
from parlor import policy
from parlor.policy import Action
from players.statistics.counting import (
    HandFacts,
    averaged_places,
    busted_seats,
    game_counts,
)
from players.statistics.history import rating_carry_on, ratings_replay
from players.statistics.models import PlayerRating, SeatGame, StatisticsOptions
from players.statistics.rows import live_seat_games, statistics_lock

logger = logging.getLogger(__name__)
BATCH = 2000


def seat_games_for(
    *, session: Session, settlements: Sequence[Settlement], hands: Sequence[HandFacts]
) -> list[SeatGame]:
    """The (unsaved) rows of a close: ``settlements`` its rows by seat (with ``posting``),
    ``hands`` the session's live hands in order."""
    rules = ruleset_game_rules(
        ruleset_slug=session.ruleset_slug,
        options=session.ruleset_options,
        game_options=session.game_options,
    )
    seats = len(settlements)
    counts = game_counts(hands, seats=seats)
    scores = [row.final_score for row in settlements]
    halves = averaged_places(scores)
    last = hands[-1].outcome if hands else None
    busted = busted_seats(
        last.scores if last else scores,
        game_ends=last.game_ends if last else (),
        bust=rules.bust,
    )
    rows = []
    for row in settlements:
        seat_counts = counts[row.seat]
        rows.append(
            SeatGame(
                session_id=session.pk,
                posting_id=row.posting_id,
                parlor_id=session.parlor_id,
                ruleset_config_id=session.ruleset_config_id,
                player_id=row.player_id,
                closed_at=row.posting.created_at,
                seat=row.seat,
                seats=seats,
                final_score=row.final_score,
                placement=row.placement,
                place_halves=halves[row.seat],
                points=row.points,
                chips=row.chips,
                chips_in_play=rules.chips_in_play,
                busted=row.seat in busted,
                **{name: getattr(seat_counts, name) for name in SEAT_COUNT_FIELDS},
                yaku=dict(seat_counts.yaku),
                han=dict(seat_counts.han),
            )
        )
    return rows


SEAT_COUNT_FIELDS = (
    "hands", "wins", "tsumo_wins", "open_wins", "riichi_wins", "points_won",
    "points_won_squares", "deal_ins", "deal_ins_riichi", "deal_ins_open", "deal_ins_closed",
    "points_dealt_in", "points_dealt_in_squares", "riichi", "draws", "draws_tenpai", "nagashi",
    "aborts", "chonbo", "dead_hands",
)  # fmt: skip


def _facts(rows: Iterable[tuple[dict[str, object], dict[str, object]]]) -> list[HandFacts]:
    return [HandFacts(payload, HandOutcome.from_json(result)) for payload, result in rows]


def close_derive(
    *,
    session: Session,
    settlements: Sequence[Settlement],
    hands: Sequence[tuple[Mapping[str, Any], HandOutcome]],
) -> None:
    """A close's rows and its players' ratings; ``hands`` the game's live hands as the close
    replayed them (payload, outcome). Never fails the close (the module's docstring)."""
    if not settlements:
        return
    options = statistics_lock(parlor_id=session.parlor_id)
    players = [row.player_id for row in settlements]
    current = list(
        PlayerRating.objects.filter(
            ruleset_config_id=session.ruleset_config_id, player_id__in=players
        )
    )
    try:
        facts = [HandFacts(payload, outcome) for payload, outcome in hands]
        rows = seat_games_for(session=session, settlements=settlements, hands=facts)
    except Exception:
        logger.exception(
            "statistics of session %s not derived; manage.py statistics_rebuild derives them",
            session.pk,
        )
        return
    SeatGame.objects.bulk_create(rows)
    if not rating_carry_on(system_name=options.rating_system, rows=rows, current=current):
        ratings_replay(
            parlor_id=session.parlor_id,
            ruleset_config_id=session.ruleset_config_id,
            since=(rows[0].closed_at, session.pk),
        )


def close_reversal_derive(*, session: Session, posting_created_at: datetime) -> None:
    """A reversed close's pool rated again from the game it undid; never fails the correction."""
    try:
        with transaction.atomic():
            ratings_replay(
                parlor_id=session.parlor_id,
                ruleset_config_id=session.ruleset_config_id,
                since=(posting_created_at, session.pk),
            )
    except Exception:
        logger.exception(
            "ratings after the correction of session %s not replayed; manage.py"
            " statistics_rebuild replays them",
            session.pk,
        )


def statistics_options_save(*, options: StatisticsOptions, by: User) -> int:
    """Save a parlor's choices (the manager's); a new rating system rates every pool of the
    parlor again from its first game. Returns the games rated."""
    policy.check(by, Action.MANAGE_STATISTICS, parlor_id=options.parlor_id)
    with transaction.atomic():
        before = statistics_lock(parlor_id=options.parlor_id).rating_system
        options.save()
        if before == options.rating_system:
            return 0
        pools = (
            live_seat_games()
            .filter(parlor_id=options.parlor_id)
            .order_by()
            .values_list("ruleset_config_id", flat=True)
            .distinct()
        )
        return sum(
            ratings_replay(parlor_id=options.parlor_id, ruleset_config_id=config_id)
            for config_id in sorted(pools)
        )


@dataclass(frozen=True, slots=True)
class RebuildReport:
    closes: int
    seat_games: int
    rated_games: int


def statistics_rebuild(*, parlor_ids: Sequence[int]) -> RebuildReport:
    """Every ``SeatGame`` of the parlors' live closes derived again from the hands and
    settlements, and every pool rated from its first game; one transaction per parlor."""
    closes = seat_games = rated = 0
    for parlor_id in parlor_ids:
        with transaction.atomic():
            statistics_lock(parlor_id=parlor_id)
            SeatGame.objects.filter(parlor_id=parlor_id).delete()
            written, pools = _seat_games_rebuild(parlor_id)
            closes += written[0]
            seat_games += written[1]
            PlayerRating.objects.filter(parlor_id=parlor_id).delete()
            for config_id in sorted(pools):
                rated += ratings_replay(parlor_id=parlor_id, ruleset_config_id=config_id)
    return RebuildReport(closes=closes, seat_games=seat_games, rated_games=rated)


def _seat_games_rebuild(parlor_id: int) -> tuple[tuple[int, int], set[int]]:
    settlements = (
        live_settlements()
        .filter(session__parlor_id=parlor_id)
        .select_related("posting", "session")
        .order_by("session_id", "seat")
    )
    by_session: dict[int, list[Settlement]] = defaultdict(list)
    for row in settlements.iterator(chunk_size=BATCH):
        by_session[row.session_id].append(row)
    closes = written = 0
    pools: set[int] = set()
    ids = sorted(by_session)
    for start in range(0, len(ids), BATCH // 4):
        chunk = ids[start : start + BATCH // 4]
        hands: dict[int, list[tuple[dict[str, object], dict[str, object]]]] = defaultdict(list)
        live = (
            HandResult.objects.live()
            .filter(session_id__in=chunk)
            .order_by("session_id", "ordinal")
            .values_list("session_id", "payload", "result")
        )
        for session_id, payload, result in live.iterator(chunk_size=BATCH):
            hands[session_id].append((payload, result))
        rows: list[SeatGame] = []
        for session_id in chunk:
            settled = by_session[session_id]
            session = settled[0].session
            pools.add(session.ruleset_config_id)
            rows += seat_games_for(
                session=session, settlements=settled, hands=_facts(hands[session_id])
            )
            closes += 1
        SeatGame.objects.bulk_create(rows, batch_size=BATCH)
        written += len(rows)
    return (closes, written), pools
