"""Time ``engine.score`` and the `mahjong` package on the same corpus.

The engine is timed from the record dict (parsing and validation included);
the package on ``estimate_hand_value`` alone, its inputs converted beforehand.
Each is run for several rounds; every round records wall time and this
process's CPU time (the machine is shared: CPU time is what the code cost,
wall time what it took), and the median round is what gets compared.
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

# The shared records beside the checkout (``<repo>/../shared/records``), or $SHARED_DIR/records.
DEFAULT_RECORDS = (
    Path(os.environ.get("SHARED_DIR") or Path(__file__).resolve().parents[3] / "shared") / "records"
)


@dataclass(frozen=True)
class Timing:
    hands: int
    rounds: list[float]  # wall microseconds per hand, one per round
    cpu_rounds: list[float]  # CPU microseconds per hand (process time), one per round

    @property
    def best(self) -> float:
        return min(self.rounds)

    @property
    def median(self) -> float:
        return statistics.median(self.rounds)

    @property
    def cpu_median(self) -> float:
        return statistics.median(self.cpu_rounds)


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


@dataclass(frozen=True)
class Comparison:
    """Both engines on the same hands: the records the package can take."""

    origin: str
    engine: Timing
    peer: Timing | None  # None: the package is absent or takes none of the records
    untaken: int  # records the package cannot take (timed for neither)

    @property
    def ratio(self) -> float | None:
        """How many times faster the engine is, median wall time per hand."""
        return self.peer.median / self.engine.median if self.peer else None

    @property
    def cpu_ratio(self) -> float | None:
        return self.peer.cpu_median / self.engine.cpu_median if self.peer else None


def compare(records: list[dict[str, Any]], origin: str, rounds: int,
            with_peer: bool = True, same_tiles: bool = False) -> Comparison:
    """Time both engines, their rounds interleaved so that both see the same machine load,
    after one untimed pass of each.

    ``same_tiles``: the package scores each record's tiles as riichi-standard
    (``peer.same_tiles``), for a ruleset or fields it has no notion of."""
    pairs = peer_pairs(records, same_tiles) if with_peer and peer.AVAILABLE else []
    if not pairs:
        return Comparison(origin, time_engine(records, rounds), None, 0)
    taken = [record for record, _ in pairs]
    inputs = [peer_input for _, peer_input in pairs]
    # One untimed pass each first: both engines' tables and caches filled, as in a process
    # that has scored before (the rounds then compare steady states, not first calls).
    time_engine(taken, 1)
    time_peer(inputs, 1)
    ours: list[Timing] = []
    theirs: list[Timing] = []
    for _ in range(rounds):
        ours.append(time_engine(taken, 1))
        theirs.append(time_peer(inputs, 1))
    return Comparison(origin, _merge(ours), _merge(theirs), len(records) - len(taken))


def _merge(timings: list[Timing]) -> Timing:
    return Timing(timings[0].hands, [t.rounds[0] for t in timings],
                  [t.cpu_rounds[0] for t in timings])


def _rounds(run: Callable[[], None], hands: int, rounds: int) -> Timing:
    wall, cpu = [], []
    for _ in range(rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        run()
        cpu.append((time.process_time() - start_cpu) / hands * 1e6)
        wall.append((time.perf_counter() - start) / hands * 1e6)
    return Timing(hands, wall, cpu)


def time_engine(records: list[dict[str, Any]], rounds: int) -> Timing:
    score = engine.score

    def run() -> None:
        for record in records:
            score(record)

    return _rounds(run, len(records), rounds)


def peer_inputs(records: Iterable[dict[str, Any]]) -> list[peer.PeerInput]:
    """The package's arguments for every record it can take (converted once, untimed)."""
    return [peer_input for _, peer_input in peer_pairs(records)]


def peer_pairs(
    records: Iterable[dict[str, Any]], same_tiles: bool = False,
) -> list[tuple[dict[str, Any], peer.PeerInput]]:
    """(record, the package's arguments) for every record the package can take."""
    out = []
    for record in records:
        try:
            out.append((record, peer.prepare(peer.same_tiles(record) if same_tiles else record)))
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
