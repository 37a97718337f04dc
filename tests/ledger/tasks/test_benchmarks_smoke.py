"""The job benchmarks run end to end on a tiny scale (their figures are in docs/jobs.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.database import owner_admin_url

ROOT = Path(__file__).resolve().parents[3]


def _run(*args: str) -> str:
    admin_url = owner_admin_url()  # the benchmark creates its own database
    run = subprocess.run(
        [sys.executable, *args, "--admin-url", admin_url],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    return run.stdout


@pytest.mark.requires_postgres
def test_the_close_benchmark_closes_16_hand_sessions() -> None:
    out = _run("benchmarks/close_session.py", "--runs", "2")

    assert "recorded 2 sessions of 16 hands" in out
    assert "close_session, in process: n=2" in out


@pytest.mark.requires_postgres
def test_the_export_benchmark_runs_every_export() -> None:
    out = _run("benchmarks/export_memory.py", "--hands", "160", "--players", "6")

    assert "data: 10 sessions, 160 hands" in out
    assert out.count("state done") == 7, out
    # 8 dead hands a session, 10 sessions in the year exported (the template is recorded today).
    assert "penalties xlsx period: " in out and ", 80 rows," in out, out
