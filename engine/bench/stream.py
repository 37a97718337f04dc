"""Memory and throughput of `python -m engine score` on a long stream of records.

The records are generated lazily into a temporary file (so the generator's
own speed is not what gets measured), then one child process scores the file.
Peak RSS is the child's (``RUSAGE_CHILDREN`` ``ru_maxrss``, the largest of
the children this process has waited for: run it in a fresh process).
"""

from __future__ import annotations

import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from engine.bench.corpus import generate

_ERROR_CODE = re.compile(r'"code":\s*"([a-z_]+)"')


@dataclass(frozen=True)
class StreamResult:
    records: int
    lines_out: int
    errors: Counter[str]  # error code -> lines
    seconds: float
    cpu_seconds: float  # the child's user + system time (the machine is shared)
    peak_rss_mb: float
    exit_code: int

    @property
    def per_second(self) -> float:
        return self.records / self.seconds


def write_records(path: Path, n: int, seed: int) -> float:
    """Write `n` generated records, one JSON line each, without holding them; seconds taken."""
    start = time.perf_counter()
    with path.open("w") as out:
        for record in generate(n, seed=seed):
            out.write(json.dumps(record, separators=(",", ":")))
            out.write("\n")
    return time.perf_counter() - start


def score_file(path: Path) -> StreamResult:
    """Run the engine's command line on `path`, counting its output lines as they come."""
    n = sum(1 for _ in path.open())
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_before = before.ru_utime + before.ru_stime
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "engine", "score", str(path)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )
    lines = 0
    errors: Counter[str] = Counter()
    assert child.stdout is not None
    for line in child.stdout:
        lines += 1
        code = _ERROR_CODE.search(line)
        if code:
            errors[code.group(1)] += 1
    exit_code = child.wait()
    seconds = time.perf_counter() - start
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = usage.ru_utime + usage.ru_stime - cpu_before
    return StreamResult(n, lines, errors, seconds, cpu, usage.ru_maxrss / 1024, exit_code)


def run_stream(n: int, seed: int) -> tuple[StreamResult, float]:
    with tempfile.TemporaryDirectory(prefix="engine-stream-") as tmp:
        path = Path(tmp) / "records.jsonl"
        generation = write_records(path, n, seed)
        return score_file(path), generation
