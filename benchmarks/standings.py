"""Benchmark: the parlor's standings for a year of a busy parlor (target: under 200 ms).

    .venv/bin/python benchmarks/standings.py                  # 100,000 hands, 200 players
    .venv/bin/python benchmarks/standings.py --hands 3200     # a smoke run

On a fresh PostgreSQL database (``--admin-url``; dropped at the end unless
``--keep-db``): one 16-hand East-South game recorded and closed through the
services, copied in bulk (benchmarks/jobs_data.py) until the year holds
``--hands`` hands, each game with eight dead hands (penalties). Then
``parlor_standings`` runs ``--runs`` times over the whole year, over one
month and over the year for one ruleset, and prints for each the wall time,
the CPU time of this process (Python and the driver; the database's own
time is in the wall time) and the number of queries.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from datetime import date, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent))
from jobs_data import (  # noqa: E402
    DEFAULT_ADMIN_URL,
    copy_closed_session,
    fresh_database,
    parlor_with_players,
    recorded_session,
)

TARGET_MS = 200.0
YEAR_START = datetime(2025, 1, 1, 12, 0, tzinfo=ZoneInfo("Asia/Tokyo"))


def measure(label: str, runs: int, **kwargs: object) -> bool:
    from django.db import connection

    from ledger.settle.standing_selectors import parlor_standings

    walls, cpus, queries, rows = [], [], 0, 0
    sent: list[str] = []

    def count(execute: Any, sql: str, *rest: Any) -> Any:
        sent.append(sql)
        return execute(sql, *rest)

    for _ in range(runs):
        sent.clear()
        with connection.execute_wrapper(count):
            wall, cpu = time.perf_counter(), time.process_time()
            standings = parlor_standings(**kwargs)  # type: ignore[arg-type]
            walls.append((time.perf_counter() - wall) * 1000)
            cpus.append((time.process_time() - cpu) * 1000)
        queries, rows = len(sent), len(standings.rows)
    games = sum(row.games for row in standings.rows) // 4
    verdict = "ok" if max(walls) < TARGET_MS else "OVER"
    print(
        f"{label}: {games} games, {rows} rows; wall median {statistics.median(walls):.1f} ms,"
        f" max {max(walls):.1f} ms [{verdict}]; CPU median {statistics.median(cpus):.1f} ms;"
        f" {queries} queries"
    )
    return verdict == "ok"


def measure_all(parlor: Any, config_id: int, runs: int) -> bool:
    year = {"first_day": date(2025, 1, 1), "last_day": date(2025, 12, 31)}
    ok = measure("year", runs, parlor=parlor, **year)
    ok &= measure(
        "one month", runs, parlor=parlor, first_day=date(2025, 6, 1), last_day=date(2025, 6, 30)
    )
    ok &= measure(
        "year, one ruleset, by average placement", runs, parlor=parlor,
        ruleset_config_id=config_id, ordering="average_placement", **year,
    )  # fmt: skip
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--admin-url", default=DEFAULT_ADMIN_URL)
    parser.add_argument("--keep-db", action="store_true")
    args = parser.parse_args()

    with fresh_database(args.admin_url, keep=args.keep_db, prefix="bench_standings"):
        from django.db import connection

        from ledger.models import HandResult, LedgerEntry, Penalty, Session
        from ledger.settle.closing import session_close_once

        world = parlor_with_players(players=args.players, tables=20)
        template = recorded_session(world)
        session_close_once(session_id=template.pk, by=world["staff"])
        Session.objects.filter(pk=template.pk).update(opened_at=YEAR_START)
        started = time.perf_counter()
        copy_closed_session(template, world, copies=max(1, args.hands // 16), start=YEAR_START)
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")  # as autovacuum would have, after so many inserts
        print(
            f"data: {Session.objects.count()} sessions, {HandResult.objects.count()} hands,"
            f" {LedgerEntry.objects.count()} ledger entries, {Penalty.objects.count()} penalties"
            f" ({time.perf_counter() - started:.0f} s to insert)"
        )
        ok = measure_all(world["parlor"], world["config"].pk, args.runs)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
