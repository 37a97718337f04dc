"""python -m engine.bench: the engine's speed against the `mahjong` package, and its memory.

    python -m engine.bench                     # the real records (or 2,000 generated hands)
    python -m engine.bench --records FILE_OR_DIR --rounds 7
    python -m engine.bench --generated 5000
    python -m engine.bench --stream 1000000    # peak RSS and rate of `python -m engine score`
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.bench import peer
from engine.bench.stream import run_stream
from engine.bench.timing import Timing, corpus, peer_inputs, time_engine, time_peer

SPEED_TARGET = 5.0  # the engine at least this many times faster than the package
MEMORY_TARGET_MB = 150.0


def _line(name: str, timing: Timing) -> str:
    return (f"{name:<9} best {timing.best:8.1f} us/hand   median {timing.median:8.1f} us/hand"
            f"   first (cold) {timing.rounds[0]:8.1f}   ({timing.hands} hands x "
            f"{len(timing.rounds)} rounds)")


def speed(args: argparse.Namespace) -> int:
    records, origin = corpus(args.records, args.generated, args.seed)
    print(f"corpus:   {origin}")
    ours = time_engine(records, args.rounds)
    print(_line("engine", ours))
    if not peer.AVAILABLE or args.no_peer:
        print("mahjong:  the peer (the `mahjong` package) is absent; engine timed alone")
        return 0
    inputs = peer_inputs(records)
    if not inputs:
        print("mahjong:  the peer can take none of these records; engine timed alone")
        return 0
    theirs = time_peer(inputs, args.peer_rounds)
    untaken = len(records) - len(inputs)
    print(_line("mahjong", theirs) + (f", {untaken} records it cannot take" if untaken else ""))
    ratio_best, ratio_median = theirs.best / ours.best, theirs.median / ours.median
    verdict = "met" if ratio_median >= SPEED_TARGET else "NOT met"
    print(f"ratio:    {ratio_median:.1f}x faster (median), {ratio_best:.1f}x (best); "
          f"target {SPEED_TARGET:.0f}x {verdict}")
    return 0


def stream(args: argparse.Namespace) -> int:
    print(f"stream:   generating {args.stream:,} records into a temporary file ...", flush=True)
    result, generation = run_stream(args.stream, args.seed)
    verdict = "met" if result.peak_rss_mb < MEMORY_TARGET_MB else "NOT met"
    print(f"          generated in {generation:.1f} s")
    print(f"score:    {result.records:,} records in {result.seconds:.1f} s = "
          f"{result.per_second:,.0f} records/s; {result.lines_out:,} lines out, exit "
          f"{result.exit_code}; errors by code: {dict(result.errors) or 'none'}")
    print(f"memory:   peak RSS of `python -m engine score` {result.peak_rss_mb:.1f} MB; "
          f"target < {MEMORY_TARGET_MB:.0f} MB {verdict}")
    return 0 if result.lines_out == result.records else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=Path, help="a .jsonl file or a directory of them")
    parser.add_argument("--generated", type=int, metavar="N", help="time N generated hands")
    parser.add_argument("--seed", type=int, default=20240611)
    parser.add_argument("--rounds", type=int, default=5, help="engine rounds (default 5)")
    parser.add_argument("--peer-rounds", type=int, default=3, help="package rounds (default 3)")
    parser.add_argument("--no-peer", action="store_true", help="time the engine alone")
    parser.add_argument("--stream", type=int, metavar="N",
                        help="instead: memory and rate of the command line on N records")
    args = parser.parse_args(argv)
    return stream(args) if args.stream else speed(args)


if __name__ == "__main__":
    sys.exit(main())
