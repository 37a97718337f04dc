"""Benchmark: the players' statistics for a busy parlor's year and a chain of ten (issue 35).

    .venv/bin/python benchmarks/player_statistics.py               # 100,000 hands, 200 players
    .venv/bin/python benchmarks/player_statistics.py --parlors 10  # the chain: 1,000,000 hands
    .venv/bin/python benchmarks/player_statistics.py --hands 3000 --templates 40 --runs 2

Targets: every view of one player or one parlor under 200 ms; the ratings of the whole
data set (every pool of every parlor) recomputed from their first game under 10 s.

On a fresh PostgreSQL database (``--admin-url``; dropped at the end unless ``--keep-db``;
``--reuse-db NAME`` measures a kept one again without generating): each parlor has
``--players`` players, 20 tables and two ruleset configurations of the ``tenhou`` rules
(East-South and East only). ``--templates`` games are played hand by hand through the
engine from the real tenhou.net hands of ../shared/records (every hand kind: ron, tsumo,
double ron, riichi or not, open or closed, exhaustive draws with tenpai and nagashi,
dead hands, abortive draws, chonbo; winners, discarders and declarers at random), then
seated at random tables with four random players until each parlor's year holds
``--hands`` hands, and copied in with COPY (benchmarks/player_statistics_data.py), the seat
rows made by the service's own ``seat_games_for``. Then:

1. the ratings recomputed (``ratings_replay`` of every pool, tenhou's R, then OpenSkill
   for comparison): wall and CPU time, queries;
2. each view ``--runs`` times, over the busiest player and the first parlor: the
   selectors alone, then the pages and API answers through Django's test client
   (middleware, login, templates, serializers), printing the median and the worst
   wall time, the median CPU time of this process (Python and the driver; the
   database's own time is in the wall time) and the queries;
3. ``statistics_rebuild`` of one parlor (every seat row counted again from the hands),
   for the record (no target).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent))
from jobs_data import DEFAULT_ADMIN_URL, fresh_database  # noqa: E402

TARGET_MS = 200.0
RATINGS_TARGET_S = 10.0
# The year before today, so that the pages' "this month" and "this year" hold games.
YEAR_START = (datetime.now(ZoneInfo("Asia/Tokyo")) - timedelta(days=366)).replace(
    hour=12, minute=0, second=0, microsecond=0
)
TODAY = datetime.now(ZoneInfo("Asia/Tokyo")).date()
CONFIGS = (("East-South", {"length": "east_south"}), ("East only", {"length": "east"}))


def counted(action: Callable[[], Any]) -> tuple[Any, float, float, int]:
    """``action()``'s answer, wall ms, CPU ms of this process, queries."""
    from django.db import connection

    sent: list[str] = []

    def count(execute: Any, sql: str, *rest: Any) -> Any:
        sent.append(sql)
        return execute(sql, *rest)

    with connection.execute_wrapper(count):
        wall, cpu = time.perf_counter(), time.process_time()
        answer = action()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return answer, wall * 1000, cpu * 1000, len(sent)


def measure(label: str, runs: int, action: Callable[[], Any], check: Callable[[Any], str]) -> bool:
    walls, cpus, queries, said = [], [], 0, ""
    for _ in range(runs):
        answer, wall, cpu, queries = counted(action)
        walls.append(wall)
        cpus.append(cpu)
        said = check(answer)
    verdict = "ok" if max(walls) < TARGET_MS else "OVER"
    print(
        f"  {label}: wall median {statistics.median(walls):.1f} ms, max {max(walls):.1f} ms"
        f" [{verdict}]; CPU median {statistics.median(cpus):.1f} ms; {queries} queries; {said}",
        flush=True,
    )
    return verdict == "ok"


def build(args: argparse.Namespace) -> None:
    from django.contrib.auth.models import User
    from django.db import connection
    from player_statistics_data import ParlorWorld, copy_year, game_templates

    from parlor.models import Membership, Parlor, Player, Rate, RulesetConfig, Table

    staff = User.objects.create_user("bench-desk", is_staff=True)
    worlds = []
    for p in range(args.parlors):
        parlor = Parlor.objects.create(name=f"Bench parlor {p + 1:02d}", time_zone="Asia/Tokyo")
        Membership.objects.create(user=staff, parlor=parlor, role="manager")
        configs = [
            RulesetConfig.objects.create(
                parlor=parlor, name=name, ruleset_slug="tenhou", game_options=options
            )
            for name, options in CONFIGS
        ]
        rate = Rate.objects.create(parlor=parlor, name="Point 50", money_per_unit=50,
                                   money_per_chip=0, game_fee=500)  # fmt: skip
        tables = Table.objects.bulk_create(
            Table(parlor=parlor, name=f"T{i:02d}") for i in range(20)
        )
        players = Player.objects.bulk_create(
            Player(parlor=parlor, member_number=f"P{p:02d}-{i:04d}", name=f"Player {p}-{i}")
            for i in range(args.players)
        )
        worlds.append(ParlorWorld(parlor, configs, rate, tables, players, staff))
    started = time.perf_counter()
    templates: dict[int, list[Any]] = {}
    # Every parlor's configurations play the same two option sets: one pool of games each.
    for index, (name, options) in enumerate(CONFIGS):
        played = game_templates(args.templates, {**options}, seed=11 + index)
        for world in worlds:
            templates[world.configs[index].pk] = played
        hands = sum(len(t.payloads) for t in played)
        print(f"{name}: {len(played)} games played by the engine, {hands} hands"
              f" ({time.perf_counter() - started:.0f} s)", flush=True)  # fmt: skip
    started = time.perf_counter()
    written = copy_year(worlds, templates, hands=args.hands, start=YEAR_START, seed=5,
                        with_hands=not args.no_hand_rows)  # fmt: skip
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")  # as autovacuum would have, after so many inserts
    print(f"data: {written} ({time.perf_counter() - started:.0f} s to copy and analyse)")


def ratings(parlors: list[Any]) -> bool:
    from django.db import transaction

    from players.statistics.history import ratings_replay
    from players.statistics.models import StatisticsOptions
    from players.statistics.rows import live_seat_games

    pools = [
        (parlor.pk, config_id)
        for parlor in parlors
        for config_id in sorted(
            set(live_seat_games().filter(parlor=parlor).values_list("ruleset_config_id",
                                                                     flat=True))
        )
    ]  # fmt: skip
    ok = True
    for system in ("tenhou", "openskill"):
        for parlor in parlors:
            StatisticsOptions.objects.update_or_create(parlor=parlor,
                                                       defaults={"rating_system": system})

        def replay_all() -> int:
            games = 0
            for parlor_id, config_id in pools:
                with transaction.atomic():
                    games += ratings_replay(parlor_id=parlor_id, ruleset_config_id=config_id)
            return games

        games, wall, cpu, queries = counted(replay_all)
        verdict = "ok" if wall / 1000 < RATINGS_TARGET_S else "OVER"
        target = f" [{verdict}]" if system == "tenhou" else " (no target: the option)"
        print(f"ratings, {system}: {games} games in {len(pools)} pools recomputed in"
              f" {wall / 1000:.2f} s wall{target}, {cpu / 1000:.2f} s CPU, {queries} queries",
              flush=True)  # fmt: skip
        ok &= verdict == "ok" or system != "tenhou"
    for parlor in parlors:  # the default again, for the views
        StatisticsOptions.objects.filter(parlor=parlor).update(rating_system="tenhou")
    assert sum(ratings_replay(parlor_id=p, ruleset_config_id=c) for p, c in pools) == games
    return ok


def views(parlor: Any, runs: int) -> bool:
    from django.db.models import Count
    from django.test import Client

    from ledger.models import ScoreboardLink
    from parlor.models import Membership, Player, RulesetConfig
    from players.statistics.models import StatisticsOptions
    from players.statistics.rows import live_seat_games
    from players.statistics.selectors import (
        Period,
        desk_standings,
        player_statistics,
        statistics_standings,
    )

    busiest = (
        live_seat_games().filter(parlor=parlor).values("player_id").annotate(n=Count("pk"))
        .order_by("-n").first()
    )  # fmt: skip
    player = Player.objects.select_related("parlor").get(pk=busiest["player_id"])
    year = Period(TODAY - timedelta(days=365), TODAY)
    month = Period(TODAY.replace(day=1), TODAY)
    config = RulesetConfig.objects.filter(parlor=parlor).order_by("pk").first()
    print(f"views of {parlor.name} and its busiest player ({busiest['n']} games):", flush=True)

    def games_of(stats: Any) -> str:
        return f"{sum(c.totals.games for c in stats.configs)} games"

    def lines_of(standings: Any) -> str:
        return f"{len(standings.lines)} lines"

    ok = measure("player_statistics, all time", runs,
                 lambda: player_statistics(player=player), games_of)
    ok &= measure("player_statistics, the year, one ruleset", runs,
                  lambda: player_statistics(player=player, period=year,
                                            ruleset_config_id=config.pk), games_of)
    ok &= measure("statistics_standings, the year", runs,
                  lambda: statistics_standings(parlor=parlor, period=year), lines_of)
    ok &= measure("statistics_standings, one month, one ruleset, >= 5 games, by win rate", runs,
                  lambda: statistics_standings(parlor=parlor, period=month,
                                               ruleset_config_id=config.pk, min_games=5,
                                               ordering="-win_rate"), lines_of)
    ok &= measure("desk_standings (with money), the year", runs,
                  lambda: desk_standings(parlor=parlor, first_day=year.first,
                                         last_day=year.last, with_money=True), lines_of)
    # Through the whole request path: login, middleware, templates or serializers.
    from django.contrib.auth.models import User

    login = User.objects.create_user(f"bench-player-{player.pk}")
    Membership.objects.create(user=login, parlor=parlor, role="player")
    player.user = login
    player.save(update_fields=["user"])
    me = Client()
    me.force_login(login)
    desk = Client()
    desk.force_login(User.objects.get(username="bench-desk"))
    link = ScoreboardLink.objects.create(parlor=parlor)
    StatisticsOptions.objects.update_or_create(
        parlor=parlor, defaults={"scoreboard_standings": True, "scoreboard_period": "all"}
    )
    from rest_framework.authtoken.models import Token

    token = Token.objects.create(user=login).key
    desk_token = Token.objects.create(user=User.objects.get(username="bench-desk")).key

    def status(response: Any) -> str:
        assert response.status_code == 200, response.content[:300]
        return f"HTTP 200, {len(response.content) // 1024} KiB"

    pages: list[tuple[str, Callable[[], Any]]] = [
        ("GET /me/statistics/ (all time)", lambda: me.get("/me/statistics/")),
        ("GET /me/statistics/?period=year", lambda: me.get("/me/statistics/?period=year")),
        ("GET /admin/players/standingspage/ (the year, with money)",
         lambda: desk.get("/admin/players/standingspage/", {"parlor": parlor.pk,
                                                            "date_from": str(year.first),
                                                            "date_to": str(year.last)})),
        ("GET the admin's standings as XLSX",
         lambda: desk.get("/admin/players/standingspage/", {"parlor": parlor.pk,
                                                            "date_from": str(year.first),
                                                            "date_to": str(year.last),
                                                            "export": "xlsx"})),
        ("GET /scoreboard/{token}/standings/ (all time)",
         lambda: Client().get(f"/scoreboard/{link.token}/standings/")),
        ("GET /api/me/statistics/",
         lambda: Client().get("/api/me/statistics/", HTTP_AUTHORIZATION=f"Token {token}")),
        ("GET /api/players/{id}/statistics/ (the desk)",
         lambda: Client().get(f"/api/players/{player.pk}/statistics/",
                              HTTP_AUTHORIZATION=f"Token {desk_token}")),
        ("GET /api/statistics/standings/ (the year)",
         lambda: Client().get("/api/statistics/standings/",
                              {"parlor": parlor.pk, "date_from": str(year.first),
                               "date_to": str(year.last)},
                              HTTP_AUTHORIZATION=f"Token {token}")),
    ]  # fmt: skip
    for label, action in pages:
        action()  # first request: templates compiled, caches warm
        ok &= measure(label, runs, action, status)
    return ok


def rebuild(parlor: Any) -> None:
    from players.statistics.services import statistics_rebuild

    report, wall, cpu, queries = counted(lambda: statistics_rebuild(parlor_ids=[parlor.pk]))
    print(f"statistics_rebuild of {parlor.name}: {report.closes} closes, {report.seat_games}"
          f" seat rows, {report.rated_games} games rated in {wall / 1000:.1f} s wall,"
          f" {cpu / 1000:.1f} s CPU, {queries} queries (no target)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--parlors", type=int, default=1)
    parser.add_argument("--hands", type=int, default=100_000, help="per parlor")
    parser.add_argument("--players", type=int, default=200, help="per parlor")
    parser.add_argument("--templates", type=int, default=2000, help="games played per ruleset")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--no-hand-rows", action="store_true",
                        help="leave the hands out (no rebuild measured)")
    parser.add_argument("--no-rebuild", action="store_true")
    parser.add_argument("--admin-url", default=DEFAULT_ADMIN_URL)
    parser.add_argument("--keep-db", action="store_true")
    parser.add_argument("--reuse-db", default="", help="measure a kept database again")
    args = parser.parse_args()
    os.environ.update(ALLOWED_HOSTS="testserver,localhost", DEBUG="0",
                      SECRET_KEY="bench-" + "x" * 50, SECURE_SSL_REDIRECT="0",
                      SESSION_COOKIE_SECURE="0", CSRF_COOKIE_SECURE="0",
                      SECURE_HSTS_SECONDS="0")  # fmt: skip

    if args.reuse_db:
        from api_load import database_url

        os.environ["DATABASE_URL"] = database_url(args.admin_url, args.reuse_db)
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        import django

        django.setup()
        ok = measure_all(args)
    else:
        with fresh_database(args.admin_url, keep=args.keep_db, prefix="bench_statistics"):
            build(args)
            ok = measure_all(args)
    sys.exit(0 if ok else 1)


def measure_all(args: argparse.Namespace) -> bool:
    from parlor.models import Parlor

    parlors = list(Parlor.objects.filter(name__startswith="Bench parlor").order_by("pk"))
    ok = ratings(parlors)
    ok &= views(parlors[0], args.runs)
    if not args.no_rebuild and not args.no_hand_rows:
        rebuild(parlors[-1])
    return ok


if __name__ == "__main__":
    main()
