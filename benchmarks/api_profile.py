"""Profile of the API's busy requests, in process: CPU, queries and where the CPU goes.

    .venv/bin/python benchmarks/api_profile.py                 # 40 requests per kind
    .venv/bin/python benchmarks/api_profile.py --requests 5    # a smoke run
    .venv/bin/python benchmarks/api_profile.py --sql           # also print each kind's SQL
    .venv/bin/python benchmarks/api_profile.py --functions     # and its heaviest functions

On a fresh PostgreSQL database (as ``api_load.py``: ``--admin-url``, dropped
at the end), with production settings (DEBUG off), through Django's test
client (the whole Django and DRF stack: middleware, token authentication,
permissions, the view, the service, the serializer, rendering; not
gunicorn's HTTP parsing), for each request kind:

- ``hand``: a hand POST (with an Idempotency-Key) into a session of a few hands (an
  exhaustive draw with one riichi: one deposit posting),
- ``hand@40``: the same into a session that already has 39 live hands,
- ``balances``: GET a session's balances,
- ``preview``: POST a hand to the preview (writes nothing),
- ``close``: POST close of a finished session (the manager's token),
- ``open``: POST a new session (a table, four players, the ruleset and the rate),

it prints the CPU time of this process per request (``time.thread_time``),
beside it the CPU time of the connection's PostgreSQL backend (its
/proc/PID/schedstat, when the server runs on this machine), the SQL queries per request, and a
cProfile of the same requests with each function's own CPU time summed by
layer (request handling, authentication, idempotency, services, the engine,
the ORM, the database driver, serializers, rendering).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import statistics
import subprocess
import sys
import time
import uuid
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from api_load import (  # noqa: E402
    ROOT,
    create_database,
    database_url,
    drop_database,
    prepare_database,
    server_environment,
)

PINFU_TANYAO = {"hand": "234m345p456s23488s", "win_tile": "4s"}
DAISANGEN = {
    "hand": "777z234m55p",
    "melds": [{"kind": "pon", "tiles": "555z"}, {"kind": "pon", "tiles": "666z"}],
    "win_tile": "7z",
}
# Everyone tenpai: nobody pays, the dealer keeps the deal, the game goes on for ever.
ALL_TENPAI = {"kind": "draw", "tenpai": [0, 1, 2, 3]}
DEALER_BUSTS_SEAT_1 = {
    "kind": "win",
    "wins": [{"winner": 0, "discarder": 1, "record": DAISANGEN}],
}
RON = {"kind": "win", "riichi": [2], "wins": [{"winner": 2, "discarder": 3,
                                               "record": PINFU_TANYAO}]}  # fmt: skip


def riichi_draws(count: int) -> list[dict[str, Any]]:
    """Everyone tenpai, one riichi in turn: a deposit posting each, nobody runs out of points."""
    return [{**ALL_TENPAI, "riichi": [i % 4]} for i in range(count)]


# (path fragment, layer): the first fragment found in a function's file names its layer.
LAYERS = [
    ("/engine/", "engine (scoring and settling)"),
    ("api/idempotency", "idempotency"),
    ("rest_framework/authentication", "authentication"),
    ("rest_framework/authtoken", "authentication"),
    ("api/permissions", "permissions"),
    ("rest_framework/permissions", "permissions"),
    ("ledger/api/serializers", "serializers"),
    ("rest_framework/serializers", "serializers"),
    ("rest_framework/fields", "serializers"),
    ("rest_framework/relations", "serializers"),
    ("rest_framework/renderers", "rendering (JSON)"),
    ("rest_framework/utils/encoders", "rendering (JSON)"),
    ("json/", "rendering (JSON)"),
    ("ledger/services", "ledger services"),
    ("ledger/selectors", "ledger selectors"),
    ("ledger/games", "ledger services"),
    ("django/db/models/sql", "ORM: SQL compiling"),
    ("django/db/models", "ORM: models and querysets"),
    ("django/db/backends", "ORM: database backend"),
    ("django/db/transaction", "ORM: database backend"),
    ("psycopg", "database driver (psycopg)"),
    ("rest_framework/", "DRF views, parsing, negotiation"),
    ("django/test/", "test client (not in production)"),
    ("django/", "Django request handling, middleware, urls"),
    ("ledger/", "ledger views and the rest"),
]


TOP = 25  # functions listed by --functions


def layer_of(filename: str) -> str:
    for fragment, layer in LAYERS:
        if fragment in filename:
            return layer
    return "other (Python built-ins, libraries)"


# --- the child: Django set up, the requests made and measured --------------------------


class Requests:
    def __init__(self, fixtures: dict[str, Any]) -> None:
        from django.test import Client

        self.fixtures = fixtures
        self.client = Client(SERVER_NAME="127.0.0.1")
        self.table = 0

    def call(self, method: str, path: str, body: Any = None, *, manager: bool = False) -> Any:
        token = self.fixtures["manager_token" if manager else "staff_token"]
        headers = {"Authorization": f"Token {token}", "Accept": "application/json"}
        if method == "GET":
            response = self.client.get(path, headers=headers)
        else:
            headers["Idempotency-Key"] = str(uuid.uuid4())
            response = self.client.post(
                path, json.dumps(body or {}), content_type="application/json", headers=headers
            )
        if not 200 <= response.status_code < 300:
            answer = f"{response.status_code} {response.content[:300]!r}"
            raise RuntimeError(f"{method} {path}: {answer}")
        return response.json() if response.content else None

    def open_body(self) -> dict[str, Any]:
        """The body that opens a session at the next of the fixtures' tables."""
        table = self.table % len(self.fixtures["tables"])
        self.table += 1
        return {
            "table": self.fixtures["tables"][table],
            "players": self.fixtures["seats"][table],
            "ruleset_config": self.fixtures["config"],
            "rate": self.fixtures["rate"],
        }

    def open_session(self) -> int:
        """A new session at the next of the fixtures' tables."""
        return int(self.call("POST", "/api/sessions/", self.open_body())["id"])

    def session_with(self, hands: int) -> int:
        session = self.open_session()
        for _ in range(hands):
            self.call("POST", f"/api/sessions/{session}/hands/", ALL_TENPAI)
        return session


def scenarios(requests: Requests, count: int) -> dict[str, list[tuple[str, str, Any, bool]]]:
    """Each kind's requests, (method, path, body, as manager), set up ahead."""
    short = requests.session_with(2)
    long = requests.session_with(39)
    preview_session = requests.session_with(5)
    finished = []
    for _ in range(count):
        session = requests.session_with(3)
        requests.call("POST", f"/api/sessions/{session}/hands/", DEALER_BUSTS_SEAT_1)
        finished.append(session)
    opened = [requests.open_body() for _ in range(count)]  # tables of their own
    return {
        "hand": [
            ("POST", f"/api/sessions/{short}/hands/", hand, False) for hand in riichi_draws(count)
        ],
        "hand@40": [
            ("POST", f"/api/sessions/{long}/hands/", hand, False) for hand in riichi_draws(count)
        ],
        "balances": [("GET", f"/api/sessions/{short}/balances/", None, False)] * count,
        "preview": [("POST", f"/api/sessions/{preview_session}/hands/preview/", RON, False)]
        * count,
        "close": [("POST", f"/api/sessions/{s}/close/", None, True) for s in finished],
        "open": [("POST", "/api/sessions/", body, False) for body in opened],
    }


def measure(
    requests: Requests, calls: list[tuple[str, str, Any, bool]], statements: bool = False
) -> dict[str, Any]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    half = len(calls) // 2
    timed, profiled = calls[:half], calls[half:]
    backend = _backend_cpu_reader()
    started, backend_started = time.thread_time(), backend()
    each = []  # the median resists the odd request slowed by the neighbours
    for method, path, body, manager in timed[:-1]:
        one = time.thread_time()
        requests.call(method, path, body, manager=manager)
        each.append(time.thread_time() - one)
    cpu = (time.thread_time() - started) / max(1, len(timed) - 1)
    median = statistics.median(each) if each else 0.0
    backend_cpu = (backend() - backend_started) / max(1, len(timed) - 1)
    method, path, body, manager = timed[-1]
    with CaptureQueriesContext(connection) as captured:
        requests.call(method, path, body, manager=manager)
    sql = [query["sql"] for query in captured.captured_queries]  # the next request clears them
    profile = cProfile.Profile(time.thread_time)
    if statements:
        # Not under cProfile: reading the backend's CPU around each statement would show in it.
        split = len(profiled) * 3 // 4  # each request once: an open takes its table
        by_statement = _statements_cpu(requests, profiled[:split], backend)
        profiled = profiled[split:]
    profile.enable()
    for method, path, body, manager in profiled:
        requests.call(method, path, body, manager=manager)
    profile.disable()
    by_layer: dict[str, float] = defaultdict(float)
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    for (filename, _line, _name), (_cc, _nc, tottime, _ct, _callers) in stats.items():
        by_layer[layer_of(filename)] += tottime
    total = sum(by_layer.values()) or 1.0
    return {
        "cpu_ms": cpu * 1000,
        "median_cpu_ms": median * 1000,
        "postgresql_cpu_ms": backend_cpu * 1000,
        "queries": len(sql),
        "sql": sql,
        "layers": {name: share / total for name, share in by_layer.items()},
        "functions": _heaviest(stats, total, len(profiled)),
        "statements": by_statement if statements else [],
    }


def _statements_cpu(
    requests: Requests, calls: list[tuple[str, str, Any, bool]], backend: Any
) -> list[tuple[str, float, float]]:
    """PostgreSQL backend CPU per statement of these requests, by the statement's first
    words: (statement, ms per request, runs per request), the most costly first. What no
    statement took (BEGIN, COMMIT and the deferred checks it runs) is its own line."""
    from django.db import connection

    spent: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])

    def attribute(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        before = backend()
        try:
            return execute(sql, params, many, context)
        finally:
            line = spent[" ".join(sql.split()[:8])[:100]]
            line[0] += backend() - before
            line[1] += 1

    started = backend()
    with connection.execute_wrapper(attribute):
        for method, path, body, manager in calls:
            requests.call(method, path, body, manager=manager)
    whole = backend() - started
    spent["(outside statements: BEGIN, COMMIT, deferred triggers)"] = [
        whole - sum(cpu for cpu, _ in spent.values()),
        1.0,
    ]
    per = 1000 / max(1, len(calls))
    rows = [(sql, cpu * per, runs / max(1, len(calls))) for sql, (cpu, runs) in spent.items()]
    return sorted(rows, key=lambda row: -row[1])


def _backend_cpu_reader() -> Any:
    """A function giving the CPU seconds so far of this connection's PostgreSQL backend
    (/proc/PID/schedstat, nanoseconds: the server runs on this machine); 0 where it
    cannot be read."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    schedstat = Path(f"/proc/{pid}/schedstat")

    def read() -> float:
        try:
            return int(schedstat.read_text().split()[0]) / 1e9
        except (OSError, ValueError, IndexError):
            return 0.0

    return read


def _heaviest(stats: dict[Any, Any], total: float, calls: int) -> dict[str, list[Any]]:
    """The functions with the most own time and the most time under them, per request."""

    def name(key: tuple[str, int, str]) -> str:
        filename, line, function = key
        for marker in ("site-packages/", "/lib/python3", str(ROOT) + "/"):
            if marker in filename:
                filename = filename.split(marker, 1)[1]
        return f"{filename}:{line}({function})"

    rows = [(name(key), tt, ct, nc) for key, (_cc, nc, tt, ct, _callers) in stats.items()]
    per = 1000 / max(1, calls)
    own = sorted(rows, key=lambda row: -row[1])[:TOP]
    under = sorted(rows, key=lambda row: -row[2])[:TOP]
    return {
        "own": [(n, tt * per, tt / total, nc / max(1, calls)) for n, tt, _ct, nc in own],
        "under": [(n, ct * per, ct / total, nc / max(1, calls)) for n, _tt, ct, nc in under],
    }


def child(fixtures: dict[str, Any], count: int, statements: bool = False) -> dict[str, Any]:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    requests = Requests(fixtures)
    plan = scenarios(requests, count)
    return {kind: measure(requests, calls, statements) for kind, calls in plan.items()}


# --- the parent: database, report ----------------------------------------------------


def report(
    figures: dict[str, Any], *, sql: bool, functions: bool = False, statements: bool = False
) -> None:
    print(
        f"\n{'request':<10}{'CPU ms':>8}{'median':>8}{'PG CPU':>8}{'queries':>9}"
        "   where the CPU goes (cProfile, own time)"
    )
    for kind, line in figures.items():
        layers = sorted(line["layers"].items(), key=lambda item: -item[1])
        shares = ", ".join(f"{name} {share:.0%}" for name, share in layers if share >= 0.03)
        print(
            f"{kind:<10}{line['cpu_ms']:>8.1f}{line['median_cpu_ms']:>8.2f}"
            f"{line['postgresql_cpu_ms']:>8.1f}"
            f"{line['queries']:>9}   {shares}"
        )
    if functions:
        for kind, line in figures.items():
            for heading, rows in (
                ("own time", line["functions"]["own"]),
                ("time under it", line["functions"]["under"]),
            ):
                print(f"\n{kind}: the functions with the most {heading} (ms per request)")
                for fn, ms, share, ncalls in rows:
                    print(f"  {ms:7.3f} {share:5.1%} {ncalls:7.1f} calls  {fn}")
    if statements:
        for kind, line in figures.items():
            print(f"\n{kind}: PostgreSQL CPU per statement (ms per request, runs per request)")
            for statement, ms, runs in line["statements"]:
                print(f"  {ms:7.3f} {runs:5.1f}x  {statement}")
    if sql:
        for kind, line in figures.items():
            print(f"\n{kind}: {line['queries']} queries")
            for i, statement in enumerate(line["sql"], start=1):
                print(f"  {i:>2}. {statement[:220]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=40, help="per kind (half timed)")
    parser.add_argument("--sql", action="store_true", help="print each kind's queries")
    parser.add_argument(
        "--functions", action="store_true",
        help=f"print each kind's {TOP} functions with the most own time and time under them",
    )  # fmt: skip
    parser.add_argument(
        "--admin-url",
        default=os.environ.get("BENCH_ADMIN_URL", "postgres://postgres@127.0.0.1:5432/postgres"),
    )
    parser.add_argument(
        "--statements", action="store_true",
        help="print each kind's PostgreSQL backend CPU per statement (a quarter of the"
        " profiled requests stay under cProfile)",
    )  # fmt: skip
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(json.loads(args.child), args.requests, args.statements)))
        return 0

    name = f"parlor_ledger_profile_{os.getpid()}"
    create_database(args.admin_url, name)
    try:
        env = server_environment(database_url(args.admin_url, name))
        # A table per open session: a few, the finished ones, and those the open kind opens.
        fixtures = prepare_database(env, clients=2 * args.requests + 4)
        out = subprocess.run(
            [sys.executable, __file__, "--requests", str(max(4, args.requests)),
             *(["--statements"] if args.statements else []),
             "--child", json.dumps(fixtures.__dict__)],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=1200,
        )  # fmt: skip
        if out.returncode:
            print(out.stdout[-3000:], out.stderr[-3000:], file=sys.stderr)
            return 1
        figures = json.loads(out.stdout.strip().splitlines()[-1])
    finally:
        drop_database(args.admin_url, name)
    report(figures, sql=args.sql, functions=args.functions, statements=args.statements)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
