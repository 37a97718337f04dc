"""Time ``engine.score`` and the `mahjong` package on the same corpus.

The engine is timed from the record dict (parsing and validation included);
the package on ``estimate_hand_value`` alone, its inputs converted beforehand.
Each is run for several rounds; the best and the median round are reported.
"""

from __future__ import annotations

import json
import os
import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engine
from engine.bench import peer
from engine.bench.corpus import generate

# The shared records beside the checkout (``<repo>/../shared/records``), or $SHARED_DIR/records.
DEFAULT_RECORDS = (
    Path(os.environ.get("SHARED_DIR") or Path(__file__).resolve().parents[3] / "shared") / "records"
)


@dataclass(frozen=True)
class Timing:
    hands: int
    rounds: list[float]  # microseconds per hand, one per round

    @property
    def best(self) -> float:
        return min(self.rounds)

    @property
    def median(self) -> float:
        return statistics.median(self.rounds)


def load_records(path: Path) -> list[dict[str, Any]]:
    """Every record's `input` from a .jsonl file or a directory of them (sorted by name)."""
    files = sorted(path.glob("*.jsonl")) if path.is_dir() else [path]
    out: list[dict[str, Any]] = []
    for file in files:
        with file.open() as lines:
            for line in lines:
                if line.strip():
                    row = json.loads(line)
                    out.append(row.get("input", row))
    return out


def corpus(records: Path | None, generated: int | None,
           seed: int) -> tuple[list[dict[str, Any]], str]:
    """The records to time, and a line saying where they came from."""
    if generated is None:
        path = records or DEFAULT_RECORDS
        if path.exists():
            loaded = load_records(path)
            return loaded, f"{len(loaded)} records from {path}"
        generated = 2000
        note = f" ({path} is missing)"
    else:
        note = ""
    made = list(generate(generated, seed=seed))
    return made, f"{len(made)} generated records, seed {seed}{note}"


def _rounds(run: Callable[[], None], hands: int, rounds: int) -> Timing:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) / hands * 1e6)
    return Timing(hands, times)


def time_engine(records: list[dict[str, Any]], rounds: int) -> Timing:
    score = engine.score

    def run() -> None:
        for record in records:
            score(record)

    return _rounds(run, len(records), rounds)


def peer_inputs(records: Iterable[dict[str, Any]]) -> list[peer.PeerInput]:
    """The package's arguments for every record it can take (converted once, untimed)."""
    out = []
    for record in records:
        try:
            out.append(peer.prepare(record))
        except (peer.Unsupported, KeyError, ValueError, IndexError):
            continue
    return out


def time_peer(inputs: list[peer.PeerInput], rounds: int) -> Timing:
    calculator = peer.calculator()
    estimate = peer.estimate

    def run() -> None:
        for peer_input in inputs:
            estimate(calculator, peer_input)

    return _rounds(run, len(inputs), rounds)
