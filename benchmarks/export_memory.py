"""Benchmark: time and peak memory of exports over a busy year (target: memory under 200 MB).

    .venv/bin/python benchmarks/export_memory.py                  # 100,000 hands
    .venv/bin/python benchmarks/export_memory.py --hands 1600     # a smoke run

On a fresh PostgreSQL database (``--admin-url``; dropped at the end unless
``--keep-db``): records one East-South game of 16 hands through the
services and closes it, then copies it (bulk inserts, benchmarks/jobs_data.py)
until the parlor has ``--hands`` hands spread over a year, at 20 tables
among ``--players`` players (200). Each export of the whole year then runs in a process of
its own (as a worker would run it), and the benchmark prints its wall time,
rows, the process's peak resident memory (VmHWM) and, for comparison, the
resident memory of a process that has only imported Django, openpyxl and
WeasyPrint. The parent polls the job meanwhile and prints the progress the
admin would show.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent))
from jobs_data import (  # noqa: E402
    DEFAULT_ADMIN_URL,
    ROOT,
    copy_closed_session,
    fresh_database,
    parlor_with_players,
    recorded_session,
)

TARGET_MB = 200
YEAR_START = datetime(2025, 1, 1, 12, 0, tzinfo=ZoneInfo("Asia/Tokyo"))
EXPORTS = [
    ("ledger_entries", "csv", "period"),
    ("ledger_entries", "xlsx", "period"),
    ("settlements", "csv", "period"),
    ("settlements", "xlsx", "period"),
    ("penalties", "xlsx", "period"),
    ("statements", "pdf", "player"),  # the busiest player's statement for the year
    ("statements", "pdf", "period"),  # everyone's: a ZIP of one PDF per player
]


def peak_rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def child(job_id: int | None) -> None:
    """Run one export job (or only the imports, for the baseline) and print JSON figures."""
    import django

    django.setup()
    import openpyxl  # noqa: F401
    import weasyprint  # noqa: F401

    from reports.models import ExportJob
    from reports.services import export_run

    if job_id is None:
        print(json.dumps({"peak_mb": peak_rss_mb()}))
        return
    started = time.perf_counter()
    result = export_run(job_id=job_id)
    seconds = time.perf_counter() - started
    job = ExportJob.objects.get(pk=job_id)
    size = job.file.size if job.file else 0
    print(json.dumps({
        "seconds": seconds, "peak_mb": peak_rss_mb(), "state": result["state"],
        "rows": job.progress_total, "bytes": size, "error": job.error,
    }))  # fmt: skip


def run_child(job_id: int | None, env: dict[str, str]) -> dict[str, Any]:
    args = [sys.executable, __file__, "--child", str(job_id if job_id is not None else "")]
    process = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    samples: list[str] = []
    if job_id is not None:
        from reports.models import ExportJob

        while process.poll() is None:
            time.sleep(2)
            job = ExportJob.objects.get(pk=job_id)
            samples.append(f"{job.percent}%")
    out, _ = process.communicate()
    figures: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    figures["progress_seen"] = samples
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--admin-url", default=DEFAULT_ADMIN_URL)
    parser.add_argument("--keep-db", action="store_true")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        child(int(args.child) if args.child else None)
        return

    with fresh_database(args.admin_url, keep=args.keep_db, prefix="bench_export") as db_url:
        from django.db import connection
        from django.db.models import Count

        from ledger.models import LedgerEntry, Session
        from ledger.settle.closing import session_close_once
        from reports.models import ExportJob
        from reports.services import export_request

        world = parlor_with_players(players=args.players, tables=20)
        template = recorded_session(world)
        session_close_once(session_id=template.pk, by=world["staff"])
        Session.objects.filter(pk=template.pk).update(opened_at=YEAR_START)
        sessions = max(1, args.hands // 16)
        started = time.perf_counter()
        copy_closed_session(template, world, copies=sessions, start=YEAR_START)
        entries = LedgerEntry.objects.count()
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")  # as autovacuum would have, after so many inserts
        print(
            f"data: {sessions} sessions, {16 * sessions} hands, {entries} ledger entries"
            f" ({time.perf_counter() - started:.0f} s to insert)"
        )
        busiest = (
            Session.objects.values("seats__player").annotate(n=Count("pk")).order_by("-n").first()
        )
        env = {**os.environ, "DATABASE_URL": db_url, "MEDIA_ROOT": str(ROOT / "media" / "bench")}
        baseline = run_child(None, env)
        print(f"baseline (Django, openpyxl, WeasyPrint imported): {baseline['peak_mb']:.0f} MB")
        for kind, fmt, scope in EXPORTS:
            player = None
            if scope == "player":
                from parlor.models import Player

                player = Player.objects.get(pk=busiest["seats__player"])
            job = export_request(
                kind=kind, scope=scope, format=fmt, parlor=world["parlor"], player=player,
                date_from=YEAR_START.date(), date_to=YEAR_START.date().replace(year=2026),
                by=world["staff"],
            )  # fmt: skip
            figures = run_child(job.pk, env)
            verdict = "ok" if figures["peak_mb"] < TARGET_MB else "OVER"
            error = f" error {figures['error']}" if figures["error"] else ""
            print(
                f"{kind:>15} {fmt:<4} {scope:<6}: {figures['seconds']:.1f} s,"
                f" {figures['rows']} rows, {figures['bytes'] / 1e6:.1f} MB file,"
                f" peak {figures['peak_mb']:.0f} MB [{verdict}], state {figures['state']};"
                f" progress seen: {' '.join(figures['progress_seen']) or '-'}{error}"
            )
            ExportJob.objects.get(pk=job.pk).file.delete(save=False)


if __name__ == "__main__":
    main()
