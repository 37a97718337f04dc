"""Load test of the REST API: concurrent clients recording hands against PostgreSQL.

    .venv/bin/python benchmarks/api_load.py                      # 20 clients, 30 s
    .venv/bin/python benchmarks/api_load.py --clients 2 --duration 2   # a smoke run
    .venv/bin/python benchmarks/api_load.py --compare-to main~3 --rate 0  # against a base commit

What it does, on loopback only:

1. creates a fresh PostgreSQL database (``--admin-url`` names the server; the
   database is dropped at the end unless ``--keep-db``), migrates it and
   creates a parlor, one table and four players per client, a staff and a
   manager login with API tokens;
2. starts a real server (gunicorn, ``--workers`` x ``--threads``, production
   settings: DEBUG off, the application preloaded before the workers fork) on
   127.0.0.1 and a free port, and warms it up (``warm_up``: a few reads of the
   sessions list at once, so that each worker's first imports are not counted);
3. runs ``--clients`` threads for ``--duration`` seconds (or ``--max-requests``
   each), each over one keep-alive connection (http.client). Each client opens
   its own session and records hands into it, a realistic mix (rons, some
   with riichi, tsumos, exhaustive draws), each POST with an Idempotency-Key
   (and each hand with the Expected-Hand-Number it should take),
   reads the session's balances after about a third of the hands, and when
   the engine says the game is over closes the session (manager) and opens
   the next one at the same table. ``--rate`` paces each client (requests per
   second, default 1, each client starting at a random phase of its interval;
   0 sends the next request as soon as the last answers: saturation);
4. prints throughput, p50/p95/p99 latency per request kind and overall, and
   the error count (any non-2xx answer or failed connection); beside them the
   server's CPU time and SQL queries per request of each kind, counted inside
   the gunicorn workers by benchmarks/gunicorn_probe.py; then the CPU per
   request of the gunicorn workers (all their CPU, from /proc) and of the
   benchmark database's PostgreSQL backends, and the targets of issue #17.

``--compare-to REF`` checks REF out in a temporary git worktree and runs the
same load against it first (its own fresh database and server, the same
virtualenv), then against this checkout, and prints the two side by side:
the machine is shared, so both are measured in the same run, and CPU time per
request, which other processes disturb least, is the figure to compare.
``--rounds N`` alternates base and new N times.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
PINFU_TANYAO = {"hand": "234m345p456s23488s", "win_tile": "4s"}
REQUEST_TIMEOUT_SECONDS = 10


# --- set-up -----------------------------------------------------------------


def database_url(admin_url: str, name: str) -> str:
    parts = urlsplit(admin_url)
    return urlunsplit(parts._replace(path=f"/{name}"))


def create_database(admin_url: str, name: str) -> None:
    import psycopg

    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')


def drop_database(admin_url: str, name: str) -> None:
    import psycopg

    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def server_environment(db_url: str) -> dict[str, str]:
    env = dict(os.environ)
    # The benchmark's own database, one login (the admin URL's): no owner of another database.
    env.pop("DATABASE_OWNER_URL", None)
    env.update(
        DATABASE_URL=db_url,
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="0",
        LOG_LEVEL="WARNING",
    )
    env.pop("CELERY_BROKER_URL", None)
    return env


@dataclass(frozen=True)
class Fixtures:
    staff_token: str
    manager_token: str
    config: int
    rate: int
    # Per client: its table and four players.
    tables: list[int]
    seats: list[list[int]]


def prepare_database(env: dict[str, str], clients: int, root: Path = ROOT) -> Fixtures:
    """Migrate the fresh database and create the parlor, in a child process with its env."""
    script = f"""
import json
from django.contrib.auth.models import Group, User
from django.core.management import call_command
from rest_framework.authtoken.models import Token
from parlor.models import Parlor, Player, Rate, RulesetConfig, Table
try:
    from parlor.models import Membership
except ImportError:  # a --compare-to base from before memberships (issue #19)
    Membership = None
from parlor.services.roles import roles_sync

call_command("migrate", verbosity=0)
roles_sync()
parlor = Parlor.objects.create(name="Benchmark parlor")
config = RulesetConfig.objects.create(
    parlor=parlor, name="Standard", ruleset_slug="riichi-standard"
)
rate = Rate.objects.create(parlor=parlor, name="Point 50", money_per_unit=50,
                           money_per_chip=0, game_fee=500)
tokens = {{}}
for role in ("staff", "manager"):
    user = User.objects.create_user(f"bench-{{role}}")
    user.groups.add(Group.objects.get(name=role))
    if Membership is not None:
        Membership.objects.create(user=user, parlor=parlor, role=role)
    tokens[role] = Token.objects.create(user=user).key
tables, seats = [], []
for c in range({clients}):
    tables.append(Table.objects.create(parlor=parlor, name=f"T{{c}}").pk)
    seats.append([Player.objects.create(parlor=parlor, member_number=f"B{{c}}-{{s}}",
                                        name=f"Bench {{c}}/{{s}}").pk for s in range(4)])
print(json.dumps({{"staff_token": tokens["staff"], "manager_token": tokens["manager"],
                  "config": config.pk, "rate": rate.pk, "tables": tables, "seats": seats}}))
"""
    out = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", script],
        cwd=root,
        env=env,
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return Fixtures(**json.loads(out.stdout.strip().splitlines()[-1]))


def cpu_by_process(root_pid: int | None, command: re.Pattern[str] | None) -> dict[int, float]:
    """CPU seconds (user + system) of ``root_pid``'s children, or of every process whose
    command line ``command`` matches (PostgreSQL's backends of one database), by pid, from
    /proc; empty where /proc is missing."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    found = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmdline = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        # fields[1] is the parent pid; fields[11], fields[12] user and system ticks.
        if (root_pid and int(fields[1]) == root_pid) or (command and command.match(cmdline)):
            found[int(stat.parent.name)] = (int(fields[11]) + int(fields[12])) / tick
    return found


def backend_command(user: str, database: str) -> re.Pattern[str]:
    """A backend's command line: ``postgres: USER DB HOST ...``, after the cluster's name
    when it has one (Debian's ``postgres: 15/main: USER DB ...``)."""
    return re.compile(rf"postgres: (?:\S+: )?{re.escape(user)} {re.escape(database)} ")


def cpu_used(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds spent between two ``cpu_by_process`` readings (new processes counted whole)."""
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


PROBE = Path(__file__).resolve().with_name("gunicorn_probe.py")


def start_server(
    env: dict[str, str], port: int, workers: int, threads: int, root: Path = ROOT
) -> subprocess.Popen[bytes]:
    gunicorn = Path(sys.executable).with_name("gunicorn")
    command = [
        str(gunicorn), "config.wsgi", "-c", str(PROBE), "--bind", f"127.0.0.1:{port}",
        "--workers", str(workers), "--threads", str(threads),
        "--worker-class", "gthread", "--keep-alive", "30", "--log-level", "warning",
        # Django loaded once, before the workers fork: a worker's start (about a second of
        # CPU) is not a request's cost, and would otherwise land in the measured window.
        "--preload",
    ]  # fmt: skip
    server = subprocess.Popen(command, cwd=root, env=env)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server exited with status {server.returncode}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                conn.close()
                return server
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise RuntimeError("the server did not answer /healthz within 60 s")


WARM_UP_ROUNDS = 3


def warm_up(port: int, fixtures: Fixtures, workers: int) -> None:
    """Reads of the sessions list, several at once, before anything is measured: each
    worker imports its views and opens its database connection on its first requests (a
    start, once per worker, not the cost of a request). Figures are counted after this."""

    def read() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=REQUEST_TIMEOUT_SECONDS)
        headers = {"Authorization": f"Token {fixtures.staff_token}"}
        conn.request("GET", "/api/sessions/?page_size=1", headers=headers)
        conn.getresponse().read()
        conn.close()

    for _ in range(WARM_UP_ROUNDS):
        readers = [threading.Thread(target=read) for _ in range(4 * workers)]
        for reader in readers:
            reader.start()
        for reader in readers:
            reader.join()


# --- the clients --------------------------------------------------------------


@dataclass
class Stats:
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    error_samples: list[str] = field(default_factory=list)
    hands: int = 0
    games: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, other: Stats) -> None:
        with self.lock:
            for kind, values in other.latencies.items():
                self.latencies[kind].extend(values)
            for kind, count in other.errors.items():
                self.errors[kind] += count
            self.error_samples.extend(other.error_samples[: 5 - len(self.error_samples)])
            self.hands += other.hands
            self.games += other.games


class Client:
    """One table's staff terminal: one keep-alive connection, one session at a time."""

    def __init__(self, index: int, port: int, fixtures: Fixtures, seed: int) -> None:
        self.index = index
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=REQUEST_TIMEOUT_SECONDS)
        self.fixtures = fixtures
        self.random = random.Random(seed)
        self.stats = Stats()
        self.session: int | None = None
        self.scores = [25000] * 4
        # The hand number the next POST expects, sent as Expected-Hand-Number beside the key.
        self.next_number = 1
        self.requests = 0

    def call(
        self,
        kind: str,
        method: str,
        path: str,
        body: Any = None,
        *,
        manager: bool = False,
        extra_headers: dict[str, str] | None = None,
    ) -> Any:
        token = self.fixtures.manager_token if manager else self.fixtures.staff_token
        headers = {"Authorization": f"Token {token}", "Accept": "application/json"}
        headers.update(extra_headers or {})
        payload = None
        if body is not None or method == "POST":
            payload = json.dumps(body or {})
            headers["Content-Type"] = "application/json"
            headers["Idempotency-Key"] = str(uuid.uuid4())
        self.requests += 1
        started = time.perf_counter()
        try:
            self.conn.request(method, path, payload, headers)
            response = self.conn.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException) as error:
            self.conn.close()  # reconnects on the next request
            self.stats.errors[kind] += 1
            self.stats.error_samples.append(f"{kind}: {type(error).__name__}: {error}")
            return None
        elapsed = time.perf_counter() - started
        self.stats.latencies[kind].append(elapsed)
        if not 200 <= response.status < 300:
            self.stats.errors[kind] += 1
            self.stats.error_samples.append(f"{kind} {response.status}: {data[:300]!r}")
            return None
        return json.loads(data)

    def open_session(self) -> None:
        body = {
            "table": self.fixtures.tables[self.index],
            "players": self.fixtures.seats[self.index],
            "ruleset_config": self.fixtures.config,
            "rate": self.fixtures.rate,
        }
        opened = self.call("open", "POST", "/api/sessions/", body)
        self.session = None if opened is None else opened["id"]
        self.scores = [25000] * 4
        self.next_number = 1

    def can_riichi(self, seat: int) -> bool:
        return self.scores[seat] >= 1000 and self.random.random() < 0.4

    def next_hand(self) -> dict[str, Any]:
        roll = self.random.random()
        if roll < 0.25:  # exhaustive draw
            tenpai = [seat for seat in range(4) if self.random.random() < 0.45]
            # Four riichi that stand abort the hand (suucha riichi): a draw has three at most.
            riichi = [seat for seat in tenpai if self.can_riichi(seat)][:3]
            return {"kind": "draw", "tenpai": tenpai, "riichi": riichi}
        winner = self.random.randrange(4)
        riichi = [winner] if self.can_riichi(winner) else []
        if roll < 0.45:  # tsumo
            record = {**PINFU_TANYAO, "win": "tsumo"}
            return {"kind": "win", "riichi": riichi, "wins": [{"winner": winner, "record": record}]}
        discarder = self.random.choice([seat for seat in range(4) if seat != winner])
        win = {"winner": winner, "discarder": discarder, "record": dict(PINFU_TANYAO)}
        return {"kind": "win", "riichi": riichi, "wins": [win]}

    def step(self) -> None:
        if self.session is None:
            self.open_session()
            return
        recorded = self.call(
            "hand",
            "POST",
            f"/api/sessions/{self.session}/hands/",
            self.next_hand(),
            extra_headers={"Expected-Hand-Number": str(self.next_number)},
        )
        if recorded is None:
            return
        self.stats.hands += 1
        self.next_number = recorded["ordinal"] + 1
        self.scores = recorded["result"]["scores"]
        if self.random.random() < 0.35:
            self.call("balances", "GET", f"/api/sessions/{self.session}/balances/")
        if recorded["result"]["game_ends"]:
            self.call("close", "POST", f"/api/sessions/{self.session}/close/", manager=True)
            self.stats.games += 1
            self.session = None

    def run(
        self, *, duration: float, max_requests: int, rate: float, start: threading.Barrier
    ) -> None:
        start.wait()
        until = time.monotonic() + duration
        interval = 1 / rate if rate > 0 else 0.0
        # Paced clients start at a random phase of the interval: staff at 20 tables do not
        # press "save" in the same millisecond, and a lock-step start would measure a burst
        # of 20 simultaneous requests every interval instead of a steady load.
        next_at = time.monotonic() + self.random.uniform(0, interval) - interval
        while time.monotonic() < until and self.requests < max_requests:
            if interval:
                next_at += interval
                time.sleep(max(0.0, next_at - time.monotonic()))
            self.step()
        self.conn.close()


# --- the report -----------------------------------------------------------------


def percentile(sorted_values: list[float], fraction: float) -> float:
    if not sorted_values:
        return float("nan")
    index = min(len(sorted_values) - 1, max(0, round(fraction * len(sorted_values)) - 1))
    return sorted_values[index]


def probe_totals(folder: Path) -> dict[str, dict[str, float]]:
    """The gunicorn workers' per-kind totals (benchmarks/gunicorn_probe.py), added up."""
    totals: dict[str, dict[str, float]] = defaultdict(
        lambda: {"count": 0, "cpu_seconds": 0.0, "queries": 0}
    )
    for path in folder.glob("*.json"):
        for kind, figures in json.loads(path.read_text()).items():
            for name, value in figures.items():
                totals[kind][name] += value
    return totals


def report(
    stats: Stats,
    elapsed: float,
    args: argparse.Namespace,
    probe: dict[str, dict[str, float]],
    label: str,
) -> dict[str, Any]:
    rows = {}
    everything: list[float] = []
    for kind in sorted(stats.latencies):
        values = sorted(stats.latencies[kind])
        everything.extend(values)
        rows[kind] = values
    rows["all"] = sorted(everything)
    probe["all"] = {
        name: sum(figures[name] for figures in probe.values())
        for name in ("count", "cpu_seconds", "queries")
    }
    pacing = f"{args.rate}/s per client" if args.rate else "none (saturation)"
    print(
        f"\n{label}: {args.clients} clients, {elapsed:.1f} s, gunicorn {args.workers} worker(s) x"
        f" {args.threads} thread(s), pacing: {pacing}"
    )
    print(
        f"{'request':<10}{'count':>8}{'per s':>9}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}"
        f"{'errors':>8}{'CPU ms':>9}{'queries':>9}"
    )
    summary: dict[str, Any] = {}
    for kind, values in rows.items():
        errors = sum(stats.errors.values()) if kind == "all" else stats.errors.get(kind, 0)
        served = probe.get(kind, {})
        count = served.get("count", 0) or float("nan")
        line = {
            "count": len(values),
            "per_second": len(values) / elapsed,
            "p50_ms": percentile(values, 0.50) * 1000,
            "p95_ms": percentile(values, 0.95) * 1000,
            "p99_ms": percentile(values, 0.99) * 1000,
            "errors": errors,
            "server_cpu_ms": served.get("cpu_seconds", 0.0) * 1000 / count,
            "queries": served.get("queries", 0) / count,
        }
        summary[kind] = line
        print(
            f"{kind:<10}{line['count']:>8}{line['per_second']:>9.1f}{line['p50_ms']:>9.1f}"
            f"{line['p95_ms']:>9.1f}{line['p99_ms']:>9.1f}{errors:>8}"
            f"{line['server_cpu_ms']:>9.1f}{line['queries']:>9.1f}"
        )
    print(
        f"hands recorded: {stats.hands} ({stats.hands / elapsed:.1f}/s);"
        f" games closed: {stats.games}. CPU ms and queries: per request of that kind, inside"
        " the gunicorn workers' request handling (benchmarks/gunicorn_probe.py)"
    )
    for sample in stats.error_samples[:5]:
        print(f"  error: {sample}")
    return summary


def run_load(args: argparse.Namespace, root: Path, label: str) -> dict[str, Any]:
    """One fresh database and server for the checkout at ``root``, loaded; its figures."""
    name = f"parlor_ledger_bench_{os.getpid()}_{'base' if root != ROOT else 'new'}"
    create_database(args.admin_url, name)
    server: subprocess.Popen[bytes] | None = None
    probe_dir = Path(tempfile.mkdtemp(prefix="api-load-probe-"))
    try:
        env = server_environment(database_url(args.admin_url, name))
        env["BENCH_PROBE_DIR"] = str(probe_dir)
        fixtures = prepare_database(env, args.clients, root)
        port = free_port()
        server = start_server(env, port, args.workers, args.threads, root)
        warm_up(port, fixtures, args.workers)
        clients = [Client(i, port, fixtures, seed=i) for i in range(args.clients)]
        start = threading.Barrier(args.clients + 1)
        threads = [
            threading.Thread(
                target=c.run,
                kwargs={"duration": args.duration, "max_requests": args.max_requests,
                        "rate": args.rate, "start": start},
                daemon=True,
            )
            for c in clients
        ]  # fmt: skip
        for thread in threads:
            thread.start()
        backends = backend_command(urlsplit(args.admin_url).username or "postgres", name)
        server_before = cpu_by_process(server.pid, None)
        database_before = cpu_by_process(None, backends)
        start.wait()
        began, client_cpu_before = time.monotonic(), time.process_time()
        for thread in threads:
            thread.join(timeout=args.duration + 2 * REQUEST_TIMEOUT_SECONDS + 5)
        elapsed = time.monotonic() - began
        # The clients are this process's threads, on the same CPUs as the server.
        client_cpu = time.process_time() - client_cpu_before
        server_cpu = cpu_used(server_before, cpu_by_process(server.pid, None))
        database_cpu = cpu_used(database_before, cpu_by_process(None, backends))
        stop_server(server)
        server = None
        total = Stats()
        for client in clients:
            total.add(client.stats)
        summary = report(total, elapsed, args, probe_totals(probe_dir), label)
        requests = max(1, summary["all"]["count"])
        summary["cpu_ms_per_request"] = {
            "server": server_cpu * 1000 / requests,
            "postgresql": database_cpu * 1000 / requests,
            "clients": client_cpu * 1000 / requests,
        }
        print(
            f"CPU per request: server (gunicorn workers) {server_cpu * 1000 / requests:.1f} ms,"
            f" PostgreSQL (the benchmark database's backends) {database_cpu * 1000 / requests:.1f}"
            f" ms; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
        )
        clients_ms = client_cpu * 1000 / requests
        print(f"  and the load generator's clients (this process) {clients_ms:.1f} ms,"
              " on the same CPUs")  # fmt: skip
        return summary
    finally:
        if server is not None:
            stop_server(server)
        shutil.rmtree(probe_dir, ignore_errors=True)
        if not args.keep_db:
            drop_database(args.admin_url, name)


def stop_server(server: subprocess.Popen[bytes]) -> None:
    server.terminate()  # the workers write their probe totals as they exit
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()


# Issue #17's targets: gunicorn CPU per request, hand POST p95 at the default pace,
# saturation throughput against the base commit.
TARGET_SERVER_CPU_MS = 7.0
TARGET_HAND_P95_MS = 30.0
TARGET_SPEED_UP = 3.0


def print_targets(
    new: dict[str, Any], base: dict[str, Any] | None, args: argparse.Namespace
) -> None:
    def verdict(ok: bool) -> str:
        return "met" if ok else "NOT met"

    cpu = new["cpu_ms_per_request"]["server"]
    print(f"\ntargets (issue #17): server CPU per request {cpu:.1f} ms <= {TARGET_SERVER_CPU_MS}:"
          f" {verdict(cpu <= TARGET_SERVER_CPU_MS)}")  # fmt: skip
    hand = new.get("hand", {}).get("p95_ms", float("nan"))
    paced = "" if args.rate == 1 and args.clients == 20 else " (the target is at 20 clients x 1/s)"
    print(f"  hand POST p95 {hand:.1f} ms <= {TARGET_HAND_P95_MS}:"
          f" {verdict(hand <= TARGET_HAND_P95_MS)}{paced}")  # fmt: skip
    if base is None:
        return
    speed_up = new["all"]["per_second"] / max(1e-9, base["all"]["per_second"])
    cpu_ratio = base["cpu_ms_per_request"]["server"] / max(1e-9, cpu)
    both = base["cpu_ms_per_request"]["server"] + base["cpu_ms_per_request"]["postgresql"]
    both_new = cpu + new["cpu_ms_per_request"]["postgresql"]
    saturated = "" if args.rate == 0 else " (saturation needs --rate 0)"
    print(f"  throughput {new['all']['per_second']:.1f} vs base {base['all']['per_second']:.1f}"
          f" req/s: {speed_up:.2f}x >= {TARGET_SPEED_UP}x: {verdict(speed_up >= TARGET_SPEED_UP)}"
          f"{saturated}")  # fmt: skip
    print(f"  server CPU per request {cpu_ratio:.2f}x less than the base's;"
          f" server + PostgreSQL {both / max(1e-9, both_new):.2f}x less")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--duration", type=float, default=30.0, help="seconds")
    parser.add_argument("--max-requests", type=int, default=100_000, help="per client")
    parser.add_argument(
        "--rate",
        type=float,
        default=1.0,
        help="requests/s per client (default 1: 20 terminals each saving a hand a second,"
        " the p95 target's load); 0: no pause (saturation)",
    )
    # As README's production command: one thread per worker process, so two requests never
    # share a GIL (2 x 4 threads measured p95 53 ms, 3 x 1 37-42 ms at the default pace).
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument(
        "--admin-url",
        default=os.environ.get("BENCH_ADMIN_URL", "postgres://postgres@127.0.0.1:5432/postgres"),
        help="a PostgreSQL URL with the right to create databases",
    )
    parser.add_argument("--keep-db", action="store_true")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument(
        "--compare-to", metavar="GIT_REF", help="also load this commit, in a temporary worktree"
    )
    parser.add_argument("--rounds", type=int, default=1, help="with --compare-to: base, new, ...")
    args = parser.parse_args(argv)

    if not args.compare_to:
        summary = run_load(args, ROOT, "this checkout")
        print_targets(summary, None, args)
        if args.json:
            args.json.write_text(json.dumps(summary, indent=2))
        return 0 if not summary["all"]["errors"] else 1

    base_root = Path(tempfile.mkdtemp(prefix="api-load-base-")) / "base"
    subprocess.run(
        ["git", "worktree", "add", "--detach", str(base_root), args.compare_to],
        cwd=ROOT, check=True, capture_output=True,
    )  # fmt: skip
    runs: dict[str, list[dict[str, Any]]] = {"base": [], "new": []}
    try:
        for _ in range(args.rounds):
            runs["base"].append(run_load(args, base_root, f"base {args.compare_to}"))
            runs["new"].append(run_load(args, ROOT, "this checkout"))
    finally:
        subprocess.run(
            ["git", "worktree", "remove", "--force", str(base_root)], cwd=ROOT, check=False
        )
    base, new = best_of(runs["base"]), best_of(runs["new"])
    print_targets(new, base, args)
    if args.json:
        args.json.write_text(json.dumps(runs, indent=2))
    errors = sum(run["all"]["errors"] for side in runs.values() for run in side)
    return 0 if not errors else 1


def best_of(summaries: list[dict[str, Any]]) -> dict[str, Any]:
    """Of several rounds, the one whose server spent the least CPU per request (the least
    disturbed by the machine's other work)."""
    return min(summaries, key=lambda summary: summary["cpu_ms_per_request"]["server"])


if __name__ == "__main__":
    sys.exit(main())
