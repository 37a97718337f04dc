"""Re-score every stored hand with the current engine and report the ones that differ.

Each stored win hand keeps, in its settled result, the table it was played at
(dealer, round wind, honba, riichi sticks), so the door's ``rescore_hand`` re-scores
it alone, without replaying its session: the hands are split into id ranges
and the ranges are shared out to worker processes, each reading its rows with a
server-side cursor (``iterator``) and only the result keys it needs, never the
whole result. Nothing is written: this is a check, like ``audit_ledger`` (which
replays whole sessions), but per hand and on every stored version, superseded
ones included (each is compared with what it stored when it was recorded).
"""

from __future__ import annotations

import json
import multiprocessing
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from django.db import connections
from django.db.models import Max, Min
from django.db.models.fields.json import KT, KeyTransform

from engine_door import ENGINE_VERSION
from engine_door.errors import EngineError
from engine_door.rescoring import GameHeader, game_header, rescore_hand
from ledger.models import HandKind, HandResult, Session
from ledger.play.engine_results import stored_key

RANGE_SIZE = 20_000  # hand ids per unit of work: small enough for a smooth progress bar
SHOWN = 20  # mismatches kept with their details (all are counted)
# The settled result's keys the re-scoring reads (the rest, transfers and scores, is skipped):
# the table as text (no JSON to decode), the wins as JSON.
_TABLE_KEYS = ("index", "dealer", "honba", "sticks")
_RESULT_KEYS = (*_TABLE_KEYS, "round_wind", "wins")


@dataclass(frozen=True, slots=True)
class Mismatch:
    hand_id: int
    session_id: int
    ordinal: int
    version: int
    win: int | None  # the win's position in the stored hand; None when the hand is refused
    keys: tuple[str, ...]  # output keys that differ; () when refused
    stored_engine_version: str
    message: str = ""  # the engine's refusal

    def line(self) -> str:
        where = (
            f"hand {self.hand_id} (session {self.session_id}, hand {self.ordinal}"
            f" v{self.version})"
        )
        if self.win is None:
            return f"{where}: refused by engine {ENGINE_VERSION}: {self.message}"
        return (
            f"{where} wins[{self.win}]: stored (engine {self.stored_engine_version}) differs"
            f" in {', '.join(self.keys)}"
        )


@dataclass(slots=True)
class RescoreReport:
    hands: int = 0
    wins: int = 0
    mismatches: int = 0
    shown: list[Mismatch] = field(default_factory=list)
    seconds: float = 0.0
    cpu_seconds: float = 0.0  # the workers' and this process's CPU time

    @property
    def ok(self) -> bool:
        return self.mismatches == 0

    def add(self, other: RescoreReport, *, limit: int = SHOWN) -> None:
        self.hands += other.hands
        self.wins += other.wins
        self.mismatches += other.mismatches
        self.shown.extend(other.shown[: max(0, limit - len(self.shown))])

    def lines(self) -> list[str]:
        verdict = "no mismatch" if self.ok else f"{self.mismatches} mismatch(es)"
        rate = self.hands / self.seconds if self.seconds else 0.0
        out = [
            f"re-scored {self.hands:,} stored win hands ({self.wins:,} wins) with engine"
            f" {ENGINE_VERSION}: {verdict}",
            f"{self.seconds:.1f} s wall, {self.cpu_seconds:.1f} s CPU, {rate:,.0f} hands/s",
        ]
        out += [m.line() for m in self.shown]
        if self.mismatches > len(self.shown):
            out.append(f"... and {self.mismatches - len(self.shown)} more")
        return out


def hand_id_ranges(*, size: int = RANGE_SIZE) -> list[tuple[int, int]]:
    """Half-open id ranges covering every stored win hand, ``size`` ids each."""
    bounds = HandResult.objects.filter(kind=HandKind.WIN).aggregate(lo=Min("pk"), hi=Max("pk"))
    lo, hi = bounds["lo"], bounds["hi"]
    if lo is None:
        return []
    return [(start, min(start + size, hi + 1)) for start in range(lo, hi + 1, size)]


def rescore_range(bounds: tuple[int, int]) -> RescoreReport:
    """Re-score the win hands with ids in ``[lo, hi)``."""
    lo, hi = bounds
    started = time.process_time()
    report = RescoreReport()
    headers = _headers(lo, hi)
    rows = (
        HandResult.objects.filter(pk__gte=lo, pk__lt=hi, kind=HandKind.WIN)
        .order_by("pk")
        .values_list(
            "pk", "session_id", "ordinal", "version", "engine_version", "payload",
            *(KT(stored_key(key)) for key in _TABLE_KEYS),
            KT(stored_key("round_wind")), KeyTransform("wins", "result"),
        )  # fmt: skip
    )
    for pk, session_id, ordinal, version, stored_version, payload, *table, round_wind, wins_ in (
        rows.iterator(chunk_size=2000)
    ):
        report.hands += 1
        header = headers[session_id]
        try:
            if isinstance(header, EngineError):
                raise header
            stored = dict(zip(_TABLE_KEYS, map(int, table), strict=True))
            stored["round_wind"], stored["wins"] = round_wind, wins_
            wins = rescore_hand(header, payload, stored)
        except (EngineError, KeyError, TypeError, ValueError) as error:
            message = error.message if isinstance(error, EngineError) else repr(error)
            _found(report, Mismatch(pk, session_id, ordinal, version, None, (), stored_version,
                                    message))
            continue
        report.wins += len(wins)
        for win in wins:
            if win.differs:
                _found(report, Mismatch(pk, session_id, ordinal, version, win.win,
                                        tuple(win.keys()), stored_version))
    report.cpu_seconds = time.process_time() - started
    return report


def _found(report: RescoreReport, mismatch: Mismatch) -> None:
    report.mismatches += 1
    if len(report.shown) < SHOWN:
        report.shown.append(mismatch)


def _headers(lo: int, hi: int) -> dict[int, GameHeader | EngineError]:
    """The game header of every session with a hand in ``[lo, hi)``, in one query; sessions
    with the same ruleset and options share the rules (only the game id differs)."""
    sessions = Session.objects.filter(
        pk__in=HandResult.objects.filter(pk__gte=lo, pk__lt=hi).values("session_id")
    ).values_list("pk", "ruleset_slug", "ruleset_options", "game_options")
    shared: dict[str, GameHeader | EngineError] = {}
    out: dict[int, GameHeader | EngineError] = {}
    for pk, slug, options, game_options in sessions:
        key = json.dumps([slug, options, game_options], sort_keys=True)
        if key not in shared:
            try:
                shared[key] = game_header(
                    game_id="", ruleset=slug, options=options, game_options=game_options
                )
            except EngineError as error:
                shared[key] = error
        header = shared[key]
        # The game's id as ledger.play.games.game_json names it: the records' ids carry it.
        out[pk] = header if isinstance(header, EngineError) else replace(
            header, game_id=f"session-{pk}"
        )
    return out


def _worker_rescore_range(bounds: tuple[int, int]) -> tuple[int, RescoreReport]:
    return bounds[1] - bounds[0], rescore_range(bounds)


def rescore_hands(
    *,
    workers: int = 0,
    range_size: int = RANGE_SIZE,
    progress: Callable[[int, int, RescoreReport], None] | None = None,
) -> RescoreReport:
    """Re-score every stored win hand over ``workers`` processes (0: one per core).

    ``progress(done_ids, total_ids, report_so_far)`` is called after each range.
    With one worker everything runs in this process (and this connection).
    """
    started, started_cpu = time.perf_counter(), time.process_time()
    ranges = hand_id_ranges(size=range_size)
    total = sum(hi - lo for lo, hi in ranges)
    report = RescoreReport()
    done = 0
    workers = workers or multiprocessing.cpu_count()
    child_cpu = 0.0
    for size, part in _run(ranges, workers):
        report.add(part)
        child_cpu += part.cpu_seconds if workers > 1 else 0.0
        done += size
        if progress is not None:
            progress(done, total, report)
    report.seconds = time.perf_counter() - started
    report.cpu_seconds = time.process_time() - started_cpu + child_cpu
    return report


def _run(ranges: list[tuple[int, int]], workers: int) -> Iterator[tuple[int, RescoreReport]]:
    if workers <= 1 or len(ranges) <= 1:
        yield from map(_worker_rescore_range, ranges)
        return
    # Forked workers must not share this process's connection: each opens its own.
    connections.close_all()
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        yield from pool.imap_unordered(_worker_rescore_range, ranges)


def describe(report: RescoreReport) -> dict[str, Any]:
    """The report as JSON (``rescore_hands --json``)."""
    return {
        "engine_version": ENGINE_VERSION,
        "hands": report.hands,
        "wins": report.wins,
        "mismatches": report.mismatches,
        "seconds": round(report.seconds, 3),
        "cpu_seconds": round(report.cpu_seconds, 3),
        "shown": [m.line() for m in report.shown],
    }
