"""Gunicorn hooks for benchmarks/api_load.py: each request's CPU time and SQL queries, by kind.

    gunicorn -c benchmarks/gunicorn_probe.py config.wsgi      # BENCH_PROBE_DIR=/some/dir

In each worker, ``pre_request`` notes the thread's CPU time and counters,
``post_request`` adds the request's CPU time (``time.thread_time``: the
worker's own work for the request, gunicorn's parsing and the socket aside)
and its queries to the totals of its kind (``hand``, ``balances``,
``close``, ``open``, ``preview``, ``other``), and ``worker_exit`` writes the
totals to ``BENCH_PROBE_DIR/<pid>.json``. Queries are counted as Django's
``CaptureQueriesContext`` counts them: every statement through a cursor
(savepoints included) plus BEGIN and COMMIT (or ROLLBACK) for each
transaction. Only the benchmark loads this file; the service never does.
"""

from __future__ import annotations

import json
import os
import re
import threading
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

KINDS = [
    ("POST", re.compile(r"^/api/sessions/\d+/hands/preview/$"), "preview"),
    ("POST", re.compile(r"^/api/sessions/\d+/hands/$"), "hand"),
    ("GET", re.compile(r"^/api/sessions/\d+/balances/$"), "balances"),
    ("POST", re.compile(r"^/api/sessions/\d+/close/$"), "close"),
    ("POST", re.compile(r"^/api/sessions/$"), "open"),
]

_totals: dict[str, dict[str, float]] = defaultdict(
    lambda: {"count": 0, "cpu_seconds": 0.0, "queries": 0}
)
_counters = {"statements": 0, "transactions": 0}
_threads: set[int] = set()  # threads whose connection counts its statements
_patched: list[bool] = []


def kind_of(method: str, path: str) -> str:
    for wanted, pattern, kind in KINDS:
        if method == wanted and pattern.match(path):
            return kind
    return "other"


def _count_statement(execute: Any, sql: Any, params: Any, many: Any, context: Any) -> Any:
    _counters["statements"] += 1
    return execute(sql, params, many, context)


def _install() -> None:
    """Count this thread's cursor statements, and every transaction's end (Django is loaded
    by the worker's first request, which is not counted)."""
    from django.db import connection
    from django.db.backends.base.base import BaseDatabaseWrapper

    connection.execute_wrappers.append(_count_statement)
    _threads.add(threading.get_ident())
    if _patched:
        return
    _patched.append(True)
    for name in ("commit", "rollback"):
        real = getattr(BaseDatabaseWrapper, name)

        def counted(self: Any, *args: Any, _real: Any = real, **kwargs: Any) -> Any:
            if self.connection is not None and not self.get_autocommit():
                _counters["transactions"] += 1
            return _real(self, *args, **kwargs)

        setattr(BaseDatabaseWrapper, name, counted)


def pre_request(worker: Any, req: Any) -> None:
    req._probe = (time.thread_time(), _counters["statements"], _counters["transactions"])


def post_request(worker: Any, req: Any, environ: Any, resp: Any) -> None:
    if threading.get_ident() not in _threads:
        _install()  # this thread's first request (it loaded Django): not counted
        return
    started, statements, transactions = req._probe
    totals = _totals[kind_of(req.method, req.path)]
    totals["count"] += 1
    totals["cpu_seconds"] += time.thread_time() - started
    totals["queries"] += (_counters["statements"] - statements) + 2 * (
        _counters["transactions"] - transactions
    )


def worker_exit(server: Any, worker: Any) -> None:
    folder = os.environ.get("BENCH_PROBE_DIR")
    if folder:
        Path(folder, f"{os.getpid()}.json").write_text(json.dumps(_totals))
