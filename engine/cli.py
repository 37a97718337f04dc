"""Command line: ``python -m engine score [FILE]``, ``rulesets [SLUG]`` and ``game FILE``.

``score`` reads JSON lines (a file, or stdin without FILE) and writes one
result line per record, in order, streaming: memory stays flat however many
lines come in. A line that is not JSON gets ``{"id": null, "ok": false,
"error": {"code": "bad_field", "message": "bad_json: ..."}}`` and the rest go
on. Blank lines are skipped. Exit status: 0 when every record scored, 1 when
any did not, 2 for a usage error (such as a missing file).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from typing import IO, Any

from engine import rulesets
from engine.api import score
from engine.errors import EngineError, ErrorCode
from engine.game.cli import game_command


def bad_json(lineno: int, err: ValueError) -> dict[str, Any]:
    detail = (
        f"{err.msg} (column {err.colno})" if isinstance(err, json.JSONDecodeError) else str(err)
    )
    failure = EngineError(
        ErrorCode.BAD_FIELD, f"bad_json: line {lineno} is not valid JSON: {detail}"
    )
    return {"id": None, "ok": False, "error": failure.to_dict()}


def score_lines(lines: Iterable[bytes | str]) -> Iterator[dict[str, Any]]:
    """One result per non-blank line, in order."""
    for lineno, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError as err:  # JSONDecodeError, or bytes that are not UTF-8
            yield bad_json(lineno, err)
            continue
        yield score(record)


def score_stream(source: Iterable[bytes | str], out: IO[str]) -> bool:
    """Score every line of ``source`` onto ``out``; True when all scored."""
    all_ok = True
    write = out.write
    for result in score_lines(source):
        all_ok = all_ok and result["ok"]
        write(json.dumps(result, ensure_ascii=False))
        write("\n")
    return all_ok


def _score_command(path: str | None) -> int:
    if path is None or path == "-":
        ok = score_stream(sys.stdin.buffer, sys.stdout)
    else:
        try:
            handle = open(path, "rb")  # noqa: SIM115 - closed below; errors are usage errors
        except OSError as err:
            print(f"engine score: cannot read {path}: {err.strerror}", file=sys.stderr)
            return 2
        with handle:
            ok = score_stream(handle, sys.stdout)
    sys.stdout.flush()
    return 0 if ok else 1


def _rulesets_command(slug: str | None) -> int:
    try:
        if slug:
            described: Any = rulesets.describe(slug)
        else:
            described = [rulesets.describe(s) for s in rulesets.available()]
    except EngineError as err:
        print(f"engine rulesets: {err.message}", file=sys.stderr)
        return 2
    print(json.dumps(described, indent=2, ensure_ascii=False))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Mahjong hand scoring.")
    commands = parser.add_subparsers(dest="command", required=True)
    scorer = commands.add_parser("score", help="score JSONL hand records (docs/hand-format.md)")
    scorer.add_argument("file", nargs="?", help="JSONL file; stdin when omitted or '-'")
    lister = commands.add_parser("rulesets", help="describe rulesets and their options as JSON")
    lister.add_argument("slug", nargs="?", help="one ruleset; all when omitted")
    settler = commands.add_parser("game", help="settle one game (docs/game-format.md)")
    settler.add_argument("file", help="the game's JSON file; '-' for stdin")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "score":
            return _score_command(args.file)
        if args.command == "game":
            return game_command(args.file)
        return _rulesets_command(args.slug)
    except BrokenPipeError:  # output closed early (e.g. piped into head)
        sys.stderr.close()
        return 1
