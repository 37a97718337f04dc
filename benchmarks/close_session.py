"""Benchmark: the close_session task on a 16-hand session (target: under 200 ms).

    .venv/bin/python benchmarks/close_session.py                 # 30 closes, in process
    .venv/bin/python benchmarks/close_session.py --worker        # also through Redis and a worker
    .venv/bin/python benchmarks/close_session.py --runs 2        # a smoke run

On a fresh PostgreSQL database (``--admin-url``; dropped at the end unless
``--keep-db``): records ``--runs`` East-South games of 16 hands through the
services (benchmarks/jobs_data.py), then closes each with the task and
prints the times: ``apply`` runs the task in this process (Celery's task
wrapper, the service, the engine's replay of the 16 hands, the postings and
the commit); ``--worker`` also sends ``--runs`` closes through Redis to a
``celery worker`` process and prints the round trip, send to result.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from jobs_data import (  # noqa: E402
    DEFAULT_ADMIN_URL,
    ROOT,
    fresh_database,
    parlor_with_players,
    recorded_session,
)

TARGET_MS = 200.0


def summary(label: str, seconds: list[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return (
        f"{label}: n={len(ms)} median {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms,"
        f" min {ms[0]:.1f} ms, max {ms[-1]:.1f} ms"
    )


def close_in_process(sessions: list[int], by: int) -> list[float]:
    from ledger.tasks import close_session

    times = []
    for session_id in sessions:
        started = time.perf_counter()
        result = close_session.apply(args=[session_id, by]).get()
        times.append(time.perf_counter() - started)
        assert result["ok"] and result["closed_now"], result
    return times


def close_through_worker(sessions: list[int], by: int, db_url: str, redis_url: str) -> list[float]:
    from celery import Celery

    queue = f"bench-close-{uuid.uuid4().hex}"
    env = {
        **os.environ,
        "DATABASE_URL": db_url,
        "CELERY_BROKER_URL": redis_url,
        "LOG_LEVEL": "WARNING",
    }
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo",
         "--without-mingle", "--without-gossip", "--without-heartbeat", f"--queues={queue}",
         f"--hostname={queue}@%h", "--loglevel=WARNING"],
        cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    client = Celery("bench", broker=redis_url, backend=redis_url, set_as_current=False)
    try:
        client.send_task("ledger.tasks.health_ping", queue=queue).get(timeout=60)  # warm up
        times = []
        for session_id in sessions:
            started = time.perf_counter()
            result = client.send_task(
                "ledger.tasks.close_session", args=[session_id, by], queue=queue
            )
            reply = result.get(timeout=60)
            times.append(time.perf_counter() - started)
            assert reply["ok"] and reply["closed_now"], reply
        return times
    finally:
        worker.terminate()
        worker.wait(timeout=30)
        client.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--admin-url", default=DEFAULT_ADMIN_URL)
    parser.add_argument("--keep-db", action="store_true")
    parser.add_argument("--worker", action="store_true", help="also close through Redis")
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/15")
    args = parser.parse_args()

    with fresh_database(args.admin_url, keep=args.keep_db, prefix="bench_close") as db_url:
        runs = args.runs * (2 if args.worker else 1)
        world = parlor_with_players(players=4 * runs, tables=runs)
        started = time.perf_counter()
        sessions = [
            recorded_session(world, table=i, seats=[4 * i + s for s in range(4)]).pk
            for i in range(runs)
        ]
        per_hand = (time.perf_counter() - started) / (16 * runs) * 1000
        print(f"recorded {runs} sessions of 16 hands ({per_hand:.1f} ms per hand_record)")
        staff = world["staff"].pk
        in_process = close_in_process(sessions[: args.runs], staff)
        print(summary("close_session, in process", in_process))
        verdict = "meets" if statistics.median(in_process) * 1000 < TARGET_MS else "MISSES"
        print(f"target: under {TARGET_MS:.0f} ms -> {verdict}")
        if args.worker:
            through = close_through_worker(sessions[args.runs :], staff, db_url, args.redis_url)
            print(summary("close_session, send to result through Redis and a worker", through))


if __name__ == "__main__":
    main()
