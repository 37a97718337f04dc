"""Profile of the API's busy requests, in process: CPU, queries and where the CPU goes.

    .venv/bin/python benchmarks/api_profile.py                 # 40 requests per kind
    .venv/bin/python benchmarks/api_profile.py --requests 5    # a smoke run
    .venv/bin/python benchmarks/api_profile.py --sql           # also print each kind's SQL
    .venv/bin/python benchmarks/api_profile.py --functions     # and its heaviest functions
    .venv/bin/python benchmarks/api_profile.py --bypasses 6 --requests 4  # each ORM bypass's saving
    .venv/bin/python benchmarks/api_profile.py --compare-to 0a5edc6 --rounds 3  # against a base

On a fresh PostgreSQL database (as ``api_load.py``: ``--admin-url``, dropped
at the end), with production settings (DEBUG off), through Django's test
client (the whole Django and DRF stack: middleware, token authentication,
permissions, the view, the service, the serializer, rendering; not
gunicorn's HTTP parsing), for each request kind:

- ``hand``: a hand POST (with an Idempotency-Key) into a session of a few hands (an
  exhaustive draw with one riichi: one deposit posting),
- ``hand@40``: the same into a session that already has 39 live hands,
- ``hand win``: a hand POST of a ron (riichi, pinfu tanyao: the record scored by
  ``engine.score``) into a session of two hands,
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

``--compare-to REF`` checks REF out in a temporary git worktree and profiles
the same requests (this script's) against it and against this checkout, each
on its own fresh database, ``--rounds`` times in turn (base, new, base, ...),
then prints both side by side: CPU per request (the median of the rounds'
medians) and queries. Both run in this virtualenv (the base's code first on
the path); a base without the compiled engine/fast of this checkout scores
with the interpreted one (only ``hand win`` and ``preview`` score a hand).
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
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
    ("api/play/serializers", "serializers"),
    ("api/books/postings", "serializers"),
    ("api/books/serializers", "serializers"),
    ("rest_framework/serializers", "serializers"),
    ("rest_framework/fields", "serializers"),
    ("rest_framework/relations", "serializers"),
    ("rest_framework/renderers", "rendering (JSON)"),
    ("rest_framework/utils/encoders", "rendering (JSON)"),
    ("json/", "rendering (JSON)"),
    ("ledger/books", "ledger: the books"),
    ("ledger/play", "ledger: play"),
    ("ledger/settle", "ledger: settling"),
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
    won = [requests.session_with(2) for _ in range(count)]  # one win into each
    opened = [requests.open_body() for _ in range(count)]  # tables of their own
    return {
        "hand": [
            ("POST", f"/api/sessions/{short}/hands/", hand, False) for hand in riichi_draws(count)
        ],
        "hand win": [("POST", f"/api/sessions/{s}/hands/", RON, False) for s in won],
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


# --- --bypasses: what each ORM bypass saves -------------------------------------------

BYPASS_KINDS = ["hand", "balances", "preview", "close", "open"]
# The bypasses switched as a whole (orm_bypass.switch); each prepared read is also switched
# alone ("prepared:<its name>").
BYPASS_GROUPS = ["prepared", "related_loaded", "inserts"]
SCOPED_READS = "prepared: the API's rows by id"


class BypassBatches:
    """Batches of ``size`` requests of each kind, each on rows of its own: a session with
    two hands (hands, balances, preview), finished sessions to close, tables to open at.
    ``done`` stops what a batch left open, so that the same tables serve every batch."""

    def __init__(self, requests: Requests, size: int) -> None:
        self.requests, self.size = requests, size
        tables = list(zip(requests.fixtures["tables"], requests.fixtures["seats"], strict=True))
        self.hand_table = tables[0]
        self.closing_tables = tables[1 : 1 + size]
        self.opening_tables = tables[1 + size : 1 + 2 * size]
        self.left_open: list[int] = []

    def _open(self, table: tuple[int, list[int]]) -> int:
        body = {**self.requests.open_body(), "table": table[0], "players": table[1]}
        return int(self.requests.call("POST", "/api/sessions/", body)["id"])

    def plan(self, kinds: list[str]) -> dict[str, list[tuple[str, str, Any, bool]]]:
        """A batch's requests of ``kinds``; what they need is set up here, not measured."""
        call, plan = self.requests.call, {}
        if {"hand", "balances", "preview"} & set(kinds):
            session = self._open(self.hand_table)
            self.left_open.append(session)
            for _ in range(2):
                call("POST", f"/api/sessions/{session}/hands/", ALL_TENPAI)
            hands = f"/api/sessions/{session}/hands/"
            plan["hand"] = [("POST", hands, hand, False) for hand in riichi_draws(self.size)]
            plan["balances"] = [("GET", f"/api/sessions/{session}/balances/", None, False)]
            plan["balances"] *= self.size
            plan["preview"] = [("POST", f"{hands}preview/", RON, False)] * self.size
        if "close" in kinds:
            plan["close"] = []
            for table in self.closing_tables:
                done = self._open(table)
                self.left_open.append(done)  # if the batch does not close it
                for _ in range(3):
                    call("POST", f"/api/sessions/{done}/hands/", ALL_TENPAI)
                call("POST", f"/api/sessions/{done}/hands/", DEALER_BUSTS_SEAT_1)
                plan["close"].append(("POST", f"/api/sessions/{done}/close/", None, True))
        if "open" in kinds:
            plan["open"] = [
                ("POST", "/api/sessions/",
                 {**self.requests.open_body(), "table": table, "players": players}, False)
                for table, players in self.opening_tables
            ]  # fmt: skip
        return {kind: plan[kind] for kind in kinds}

    def cpu(self, plan: dict[str, list[tuple[str, str, Any, bool]]]) -> dict[str, float]:
        """Each kind's median CPU per request (this thread's), in ms: the median, so that
        a request that met the garbage collector or a neighbour's burst does not decide."""
        spent = {}
        for kind, calls in plan.items():
            each = []
            for method, path, body, manager in calls:
                started = time.thread_time()
                answer = self.requests.call(method, path, body, manager=manager)
                each.append(time.thread_time() - started)
                if kind == "open":
                    self.left_open.append(int(answer["id"]))
            spent[kind] = statistics.median(each) * 1000
        return spent

    def done(self) -> None:
        """Stop the sessions the batch left open (the game ends where it stands), by the
        service (the API queues a stop as a job)."""
        from django.contrib.auth.models import User

        from ledger.models import Session, SessionState
        from ledger.settle.settlements import session_close

        manager = User.objects.get(auth_token__key=self.requests.fixtures["manager_token"])
        for session in Session.objects.filter(pk__in=self.left_open, state=SessionState.OPEN):
            session_close(session=session, by=manager, stop=True)
        self.left_open.clear()


def bypass_tables(size: int) -> int:
    """The tables ``BypassBatches`` opens sessions at."""
    return 1 + 2 * size


def bypass_savings(
    requests: Requests, rounds: int, size: int, only: list[str] | None = None
) -> dict[str, Any]:
    """Each bypass's CPU saving per request of each kind that reaches it: the same batch of
    requests with it on and switched to plain Django (``orm_bypass.switch.plain_django``),
    one after the other, the order alternating; ``rounds`` times over all of them (or the
    names ``only`` gives), in this process."""
    from contextlib import nullcontext

    from orm_bypass.prepared import prepared_queries
    from orm_bypass.switch import plain_django, watching

    batches = BypassBatches(requests, size)
    used: dict[str, list[str]] = defaultdict(list)  # the kinds that reach each bypass
    for kind, calls in batches.plan(BYPASS_KINDS).items():  # also a warm-up: all compiled
        with watching() as seen:
            batches.cpu({kind: calls})
        for name in seen:
            used[name].append(kind)
    batches.done()
    # What is switched together: a group, or one prepared read, or one place's reads (the
    # API's rows by id: one read per model, all of them made by api/scoped_fields.py).
    switched: dict[str, list[str]] = {name: [name] for name in BYPASS_GROUPS}
    for prepared in prepared_queries():
        label = SCOPED_READS if " by id" in prepared.name else f"prepared:{prepared.name}"
        switched.setdefault(label, []).append(f"prepared:{prepared.name}")
    for label, members in switched.items():
        used[label] = sorted({kind for member in members for kind in used[member]},
                             key=BYPASS_KINDS.index)  # fmt: skip
    names = [name for name in switched if used[name] and (not only or name in only)]
    savings: dict[str, dict[str, list[float]]] = {name: defaultdict(list) for name in names}
    on_cpu: dict[str, list[float]] = defaultdict(list)
    for round_ in range(rounds):
        for index, name in enumerate(names):
            cpu = {}
            for plain in (False, True) if (round_ + index) % 2 else (True, False):
                plan = batches.plan(used[name])
                # The collector off while measuring, on between batches: a collection that
                # falls in one side's batch is noise of milliseconds, not the bypass's doing.
                gc.collect()
                gc.disable()
                try:
                    with plain_django(*switched[name]) if plain else nullcontext():
                        cpu[plain] = batches.cpu(plan)
                finally:
                    gc.enable()
                batches.done()
            for kind in used[name]:
                savings[name][kind].append(cpu[True][kind] - cpu[False][kind])
                on_cpu[kind].append(cpu[False][kind])
    return {
        "names": names,
        "savings": savings,
        "with_all": on_cpu,
        "rounds": rounds,
        "used": {name: used[name] for name in names},
    }


KEEP_MS = 0.3  # issue 31: a bypass stays only where it saves this much CPU per request


def report_bypasses(figures: dict[str, Any]) -> None:
    rounds, savings = figures["rounds"], figures["savings"]
    print(
        f"\nCPU saved per request by each ORM bypass, ms (plain Django minus the bypass):"
        f" median of {rounds} rounds, [lowest, highest]; kept where a kind's median"
        f" reaches {KEEP_MS} ms"
    )
    print(f"{'':<40}" + "".join(f"{kind:>19}" for kind in BYPASS_KINDS) + "   pays?")
    with_all = figures["with_all"]
    print(
        f"{'(CPU per request, all bypasses on)':<40}"
        + "".join(
            f"{statistics.median(with_all[kind]):>19.2f}" if with_all.get(kind) else f"{'':>19}"
            for kind in BYPASS_KINDS
        )
    )
    for name in figures["names"]:
        cells, pays = [], False
        for kind in BYPASS_KINDS:
            if kind not in figures["used"][name]:
                cells.append("(not used)")
                continue
            values = savings[name][kind]
            median = statistics.median(values)
            pays = pays or median >= KEEP_MS
            cells.append(f"{median:+.2f} [{min(values):+.1f},{max(values):+.1f}]")
        verdict = "yes" if pays else "no"
        print(f"{name:<40}" + "".join(f"{cell:>19}" for cell in cells) + f"   {verdict}")


def child(
    fixtures: dict[str, Any],
    count: int,
    statements: bool = False,
    bypasses: int = 0,
    only: list[str] | None = None,
) -> dict[str, Any]:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    requests = Requests(fixtures)
    if bypasses:
        return bypass_savings(requests, rounds=bypasses, size=count, only=only)
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
    parser.add_argument(
        "--bypasses", type=int, default=0, metavar="ROUNDS",
        help="instead: each ORM bypass (orm_bypass/) against the plain Django call it stands"
        " for, ROUNDS rounds, --requests of each kind per batch (try --bypasses 6 --requests 4)",
    )  # fmt: skip
    parser.add_argument(
        "--only", action="append", metavar="NAME",
        help="with --bypasses: this bypass only (as the table names it; repeat for more)",
    )  # fmt: skip
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--compare-to", metavar="GIT_REF",
                        help="also profile this commit, in a temporary worktree")
    parser.add_argument("--rounds", type=int, default=1, help="with --compare-to: base, new, ...")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        figures = child(
            json.loads(args.child), args.requests, args.statements, args.bypasses, args.only
        )
        print(json.dumps(figures))
        return 0

    if args.compare_to:
        return compare(args)
    figures = profile_checkout(args, ROOT)
    if args.bypasses:
        report_bypasses(figures)
    else:
        report(figures, sql=args.sql, functions=args.functions, statements=args.statements)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 0


def profile_checkout(args: argparse.Namespace, root: Path) -> dict[str, Any]:
    """This script's requests against the checkout at ``root``, on a fresh database."""
    name = f"parlor_ledger_profile_{os.getpid()}"
    create_database(args.admin_url, name)
    try:
        env = server_environment(database_url(args.admin_url, name))
        env["PYTHONPATH"] = str(root)  # that checkout's code, not this virtualenv's install
        # A table per open session: a few, the finished ones, those won into, and those the
        # open kind opens.
        tables = 3 * args.requests + 4
        if args.bypasses:
            tables = bypass_tables(args.requests)
        fixtures = prepare_database(env, clients=tables, root=root)
        out = subprocess.run(
            [sys.executable, __file__, "--requests", str(args.requests if args.bypasses
                                                         else max(4, args.requests)),
             *(["--statements"] if args.statements else []),
             "--bypasses", str(args.bypasses),
             *(f"--only={name}" for name in args.only or ()),
             "--child", json.dumps(fixtures.__dict__)],
            cwd=root, env=env, capture_output=True, text=True, timeout=1200,
        )  # fmt: skip
        if out.returncode:
            print(out.stdout[-3000:], out.stderr[-3000:], file=sys.stderr)
            raise SystemExit(1)
        figures: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    finally:
        drop_database(args.admin_url, name)
    return figures


def compare(args: argparse.Namespace) -> int:
    """Base and this checkout in turn, ``--rounds`` times; CPU and queries side by side."""
    base_root = Path(tempfile.mkdtemp(prefix="api-profile-base-")) / "base"
    subprocess.run(
        ["git", "worktree", "add", "--detach", str(base_root), args.compare_to],
        cwd=ROOT, check=True, capture_output=True,
    )  # fmt: skip
    runs: dict[str, list[dict[str, Any]]] = {"base": [], "new": []}
    try:
        for round_ in range(args.rounds):
            for side, root in (("base", base_root), ("new", ROOT)):
                runs[side].append(profile_checkout(args, root))
                print(f"round {round_ + 1}: {side} done", file=sys.stderr, flush=True)
    finally:
        subprocess.run(
            ["git", "worktree", "remove", "--force", str(base_root)], cwd=ROOT, check=False
        )
    print(f"\nbase {args.compare_to} against this checkout, {args.rounds} round(s) each in"
          " turn; CPU ms per request (this process, the median of the rounds' medians)")
    print(f"{'request':<10}{'base CPU':>10}{'new CPU':>10}{'change':>9}"
          f"{'base queries':>14}{'new queries':>13}")
    for kind in runs["new"][0]:
        cpu = {side: statistics.median(run[kind]["median_cpu_ms"] for run in runs[side])
               for side in runs}  # fmt: skip
        queries = {side: runs[side][-1][kind]["queries"] for side in runs}
        change = cpu["new"] / cpu["base"] - 1 if cpu["base"] else 0.0
        print(f"{kind:<10}{cpu['base']:>10.2f}{cpu['new']:>10.2f}{change:>+9.1%}"
              f"{queries['base']:>14}{queries['new']:>13}")
    if args.json:
        args.json.write_text(json.dumps(runs, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
