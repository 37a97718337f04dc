"""Issue 8's load test: 60 s of 20 clients on loopback, then the ledger audit on what they wrote.

    .venv/bin/python benchmarks/load_test.py                 # 20 clients, 60 s
    .venv/bin/python benchmarks/load_test.py --clients 2 --duration 5   # a smoke run

The load itself is benchmarks/api_load.py's (a fresh PostgreSQL database, a
real gunicorn server on 127.0.0.1 with production settings, each client
recording hands into its own session with Idempotency-Keys, reading the
session's balances, closing finished games). It prints throughput,
p50/p95/p99 latency per request kind and the errors. Afterwards this script
runs ``manage.py audit_ledger`` against the database the load wrote (every
posting sums to zero, every balance equals its entries, every hand re-scores
to its stored result), prints the audit's summary and drops the database.

Exit status 0 only when the load had no error and the audit is clean.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def api_load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("api_load", ROOT / "benchmarks" / "api_load.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["api_load"] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def audit(env: dict[str, str]) -> int:
    """``manage.py audit_ledger`` on the load's database; its exit status."""
    run = subprocess.run(
        [sys.executable, "manage.py", "audit_ledger"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    lines = run.stdout.strip().splitlines()
    print(f"\naudit (exit {run.returncode}): {lines[0] if lines else run.stderr.strip()}")
    for line in lines[1:21]:
        print(f"  {line}")
    return run.returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--duration", type=float, default=60.0, help="seconds")
    parser.add_argument(
        "--admin-url",
        default=os.environ.get("BENCH_ADMIN_URL", "postgres://postgres@127.0.0.1:5432/postgres"),
        help="a PostgreSQL URL with the right to create databases",
    )
    parser.add_argument("--json", type=Path, help="also write the load figures to this file")
    args = parser.parse_args(argv)

    load = api_load()
    # No pause between requests: the stress of a saturated server, not a parlor's pace.
    load_args = ["--clients", str(args.clients), "--duration", str(args.duration), "--rate", "0"]
    load_args += ["--admin-url", args.admin_url, "--keep-db"]
    if args.json:
        load_args += ["--json", str(args.json)]
    # api_load names its database after the process that runs it: this one.
    name = f"parlor_ledger_bench_{os.getpid()}"
    try:
        load_status = load.main(load_args)
        env = load.server_environment(load.database_url(args.admin_url, name))
        audit_status = audit(env)
    finally:
        load.drop_database(args.admin_url, name)
    return 0 if load_status == 0 and audit_status == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
