"""python -m engine.bench: the engine's speed against the `mahjong` package, and its memory.

    python -m engine.bench                     # real records and 2,000 hands per ruleset
    python -m engine.bench --records FILE_OR_DIR --rounds 5
    python -m engine.bench --generated 5000    # the size of the generated corpus
    python -m engine.bench --stream 1000000    # peak RSS and rate of `python -m engine score`

Both engines run on the same hands (the records the package can take), their
rounds interleaved; each line shows microseconds per hand as the median of
the rounds, wall time and (in brackets) this process's CPU time. The generated
corpora are a table's records of each product ruleset (``corpus.table_record``:
the spec's ruleset fields present, Norths set aside in three-player games, Speed
Tonpuu's special copies and Toutenkou's gari and discards at the rates a table
has them); the package scores the same tiles as riichi-standard. The table is
printed for the compiled engine and again, from a second process with
ENGINE_PURE=1, for the interpreted one (``--no-interpreted``: the first alone).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

from engine.bench import peer
from engine.bench.corpus import generate_table
from engine.bench.stream import run_stream
from engine.bench.timing import DEFAULT_RECORDS, Comparison, compare, load_records
from engine.fast import COMPILED

SPEED_TARGET = 10.0  # the engine at least this many times faster than the package
MEMORY_TARGET_MB = 150.0
GENERATED = 2000
# The product's rulesets, each timed on a corpus of its own records (issue 32).
RULESETS = ("riichi-standard", "speed-tonpuu", "toutenkou", "tenhou-sanma")


def _peer_name() -> str:
    try:
        return f"mahjong {metadata.version('mahjong')}"
    except metadata.PackageNotFoundError:
        return "mahjong"


def _row(c: Comparison) -> str:
    ours = f"{c.engine.median:8.1f} ({c.engine.cpu_median:6.1f})"
    if c.peer is None or c.ratio is None or c.cpu_ratio is None:
        return f"{c.origin:<34} {c.engine.hands:>6}  {ours}   {'-':>17}   -"
    theirs = f"{c.peer.median:8.1f} ({c.peer.cpu_median:6.1f})"
    return (f"{c.origin:<34} {c.engine.hands:>6}  {ours}   {theirs}   "
            f"{c.ratio:5.1f}x ({c.cpu_ratio:4.1f}x)")


def speed(args: argparse.Namespace) -> int:
    corpora: list[tuple[list[dict[str, object]], str]] = []
    real = args.records or DEFAULT_RECORDS
    if real.exists():
        corpora.append((load_records(real), f"real records ({real.name})"))
    else:
        print(f"real records: {real} is missing; generated hands only")
    for ruleset in RULESETS:
        corpora.append((list(generate_table(args.generated, seed=args.seed, ruleset=ruleset)),
                        f"{ruleset}, seed {args.seed}"))
    with_peer = peer.AVAILABLE and not args.no_peer
    name = _peer_name() if with_peer else "peer absent"
    print(f"us/hand, median of {args.rounds} rounds: wall (CPU); "
          f"engine.score from the record dict, {name} estimate_hand_value alone "
          "(generated corpora: the same tiles as riichi-standard)")
    print(f"engine.fast: {'compiled (mypyc)' if COMPILED else 'interpreted'}")
    print(f"{'corpus':<34} {'hands':>6}  {'engine':>17}   {name:>17}   ratio (CPU)")
    results = [
        compare(records, origin, args.rounds, with_peer, same_tiles=index > 0)
        for index, (records, origin) in enumerate(corpora)
    ]
    for result in results:
        print(_row(result))
        if result.untaken:
            print(f"{'':<34} {result.untaken} records the package cannot take, timed for neither")
    if not with_peer:
        print("mahjong:  the peer (the `mahjong` package) is absent; engine timed alone")
        return 0
    ratios = [r.cpu_ratio for r in results if r.cpu_ratio is not None]
    verdict = "met" if ratios and min(ratios) >= SPEED_TARGET else "NOT met"
    print(f"target:   engine {SPEED_TARGET:.0f}x faster on every corpus (median CPU): {verdict}")
    if COMPILED and not args.no_interpreted:
        _interpreted(args)
    return 0


def _interpreted(args: argparse.Namespace) -> None:
    """The same table for the interpreted fast scorer, from a process with ENGINE_PURE=1."""
    print(flush=True)
    command = [sys.executable, "-m", "engine.bench", "--rounds", str(args.rounds),
               "--generated", str(args.generated), "--seed", str(args.seed), "--no-interpreted"]
    if args.records:
        command += ["--records", str(args.records)]
    if args.no_peer:
        command.append("--no-peer")
    subprocess.run(command, env={**os.environ, "ENGINE_PURE": "1"}, check=False)


def stream(args: argparse.Namespace) -> int:
    print(f"stream:   generating {args.stream:,} records into a temporary file ...", flush=True)
    result, generation = run_stream(args.stream, args.seed)
    verdict = "met" if result.peak_rss_mb < MEMORY_TARGET_MB else "NOT met"
    print(f"          generated in {generation:.1f} s")
    print(f"score:    {result.records:,} records in {result.seconds:.1f} s wall, "
          f"{result.cpu_seconds:.1f} s CPU = {result.per_second:,.0f} records/s; "
          f"{result.lines_out:,} lines out, exit {result.exit_code}; "
          f"errors by code: {dict(result.errors) or 'none'}")
    print(f"memory:   peak RSS of `python -m engine score` {result.peak_rss_mb:.1f} MB; "
          f"target < {MEMORY_TARGET_MB:.0f} MB {verdict}")
    return 0 if result.lines_out == result.records else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=Path, help="a .jsonl file or a directory of them")
    parser.add_argument("--generated", type=int, default=GENERATED, metavar="N",
                        help=f"generated hands (default {GENERATED:,})")
    parser.add_argument("--seed", type=int, default=20240611)
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each (default 3)")
    parser.add_argument("--no-peer", action="store_true", help="time the engine alone")
    parser.add_argument("--no-interpreted", action="store_true",
                        help="skip the interpreted engine's table (a second process)")
    parser.add_argument("--stream", type=int, metavar="N",
                        help="instead: memory and rate of the command line on N records")
    args = parser.parse_args(argv)
    return stream(args) if args.stream else speed(args)


if __name__ == "__main__":
    sys.exit(main())
