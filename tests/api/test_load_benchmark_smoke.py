"""benchmarks/api_load.py runs end to end: 2 clients for 2 seconds against PostgreSQL."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.database import owner_admin_url

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.requires_postgres
def test_load_benchmark_records_hands_without_errors(tmp_path: Path) -> None:
    admin_url = owner_admin_url()  # the benchmark creates its own database
    figures = tmp_path / "figures.json"

    run = subprocess.run(
        [sys.executable, "benchmarks/api_load.py", "--clients", "2", "--duration", "2",
         "--rate", "0", "--admin-url", admin_url, "--json", str(figures)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )  # fmt: skip

    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    summary = json.loads(figures.read_text())
    assert summary["hand"]["count"] > 0
    assert summary["all"]["errors"] == 0
    assert summary["all"]["p95_ms"] > 0
