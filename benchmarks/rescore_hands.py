"""Benchmark: ``manage.py rescore_hands`` on a million stored hands (target: under 60 s, 2 cores).

    .venv/bin/python benchmarks/rescore_hands.py                      # 1,000,000 hands
    .venv/bin/python benchmarks/rescore_hands.py --hands 20000 --games 200   # a smoke run
    .venv/bin/python benchmarks/rescore_hands.py --reuse NAME          # a database kept before

On a fresh PostgreSQL database (``--admin-url``; dropped at the end unless
``--keep-db``): ``--games`` distinct games of up to 16 win hands, each hand a
random winning record of every shape (engine/bench/corpus.py; the seat, wind,
honba and stick fields left to the game), settled once by ``engine.settle_game``;
then sessions are copied and their hands inserted with COPY, the games repeated
in turn, until ``--hands`` hands are stored (about 60,000 distinct records by default:
a hand repeats only after every other has been scored, so the engine's
memoised tiles and decompositions do not flatter the figure). Then it runs
the command in this process with ``--workers`` and prints wall and CPU time
(the machine is shared: CPU time is what the work cost).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import time
from datetime import UTC, datetime, timedelta
from io import StringIO
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from api_load import database_url  # noqa: E402
from jobs_data import DEFAULT_ADMIN_URL, fresh_database, parlor_with_players  # noqa: E402

TARGET_S = 60.0
HANDS_PER_GAME = 16
# Record fields the game fills in (a record giving them must agree with the game).
GAME_FIELDS = ("id", "ruleset", "win", "seat_wind", "round_wind", "honba", "riichi_sticks")
_HAND = re.compile(r"^hand (\d+)")
_ENDED = re.compile(r"already ended after hand (\d+)")


def _random_win(rng: random.Random, n: int) -> dict[str, Any]:
    from engine.bench.corpus import random_record

    record = random_record(rng, f"r{n}")
    riichi = record["riichi"] != "none"
    win_kind = record["win"]
    for name in GAME_FIELDS:
        record.pop(name, None)
    winner = rng.randrange(4)
    win: dict[str, Any] = {"winner": winner, "record": record}
    if win_kind == "ron":
        win["discarder"] = rng.choice([s for s in range(4) if s != winner])
    return {"kind": "win", "wins": [win], "riichi": [winner] if riichi else []}


Game = tuple[list[dict[str, Any]], list[dict[str, Any]]]


def random_game(rng: random.Random, index: int) -> Game:
    """(hands as entered, their settled results): a valid game of up to 16 win hands."""
    import engine

    hands = [_random_win(rng, index * 100 + i) for i in range(HANDS_PER_GAME)]
    drawn = HANDS_PER_GAME
    for _ in range(500):
        game = {"id": "template", "ruleset": "riichi-standard", "players": list("ABCD"),
                "hands": hands}
        result = engine.settle_game(game)
        if result["ok"]:
            return hands, result["hands"]
        message = result["error"]["message"]
        ended = _ENDED.search(message)
        if ended:  # a seat busted or the rounds are over: the game is what came before
            hands = hands[: int(ended.group(1)) + 1]
            continue
        bad = _HAND.match(message)
        if not bad:
            raise RuntimeError(f"the engine refused a generated game: {message}")
        hands[int(bad.group(1))] = _random_win(rng, index * 100 + drawn)  # a flag the seat
        drawn += 1  # cannot have (tenhou off the dealer seat, ...) or no yaku: draw again
    raise RuntimeError("could not build a valid game")


def store(world: dict[str, Any], games: list[Game], hands: int) -> int:
    """Sessions copied from one opened through the services, their hands COPYed in."""
    from django.db import connection, transaction

    import engine
    from ledger.models import Session
    from ledger.play.sessions import session_open

    template = session_open(table=world["tables"][0], players=world["players"][:4],
                            ruleset_config=world["config"], rate=world["rate"],
                            by=world["staff"])
    sessions_needed, stored, n = [], 0, 0
    while stored < hands:
        game = games[n % len(games)]
        take = min(len(game[0]), hands - stored)
        sessions_needed.append((game, take))
        stored += take
        n += 1
    copies = []
    for _ in sessions_needed:
        copy = Session.objects.get(pk=template.pk)
        copy.pk = None
        copies.append(copy)
    with transaction.atomic():
        made = Session.objects.bulk_create(copies, batch_size=5000)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    staff = world["staff"].pk
    version = engine.__version__
    with transaction.atomic(), connection.cursor() as cursor:
        raw = cursor.cursor  # psycopg's own cursor: COPY
        with raw.copy(
            "COPY ledger_handresult (session_id, ordinal, version, kind, payload, result,"
            " engine_version, entered_by_id, entered_at) FROM STDIN"
        ) as copy:
            for session, (game, take) in zip(made, sessions_needed, strict=True):
                # The records' ids name the game: ledger.play.games calls it session-<pk>.
                game_id = f'"id": "session-{session.pk}/'
                for i in range(take):
                    result = json.dumps(game[1][i]).replace('"id": "template/', game_id)
                    copy.write_row((
                        session.pk, i + 1, 1, "win", json.dumps(game[0][i]), result, version,
                        staff, start + timedelta(minutes=i),
                    ))  # fmt: skip
    return stored


def rescore(workers: int) -> tuple[float, float, str]:
    from django.core.management import call_command
    from django.core.management.base import CommandError

    out = StringIO()
    wall, cpu = time.perf_counter(), _cpu()
    try:
        call_command("rescore_hands", "--workers", str(workers), stdout=out)
    except CommandError as error:
        out.write(f"command failed: {error}\n")
    return time.perf_counter() - wall, _cpu() - cpu, out.getvalue()


def _cpu() -> float:
    """This process's and its waited-for children's CPU seconds."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--games", type=int, default=10000,
                        help="distinct games (default 10,000)")
    parser.add_argument("--workers", type=int, default=0, help="default: one per core")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--admin-url", default=DEFAULT_ADMIN_URL)
    parser.add_argument("--keep-db", action="store_true")
    parser.add_argument("--reuse", metavar="NAME", help="re-score a database kept earlier")
    args = parser.parse_args()
    workers = args.workers or os.cpu_count() or 1

    if args.reuse:
        os.environ["DATABASE_URL"] = database_url(args.admin_url, args.reuse)
        os.environ.pop("DATABASE_OWNER_URL", None)  # one login, the admin URL's
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        import django

        django.setup()
        return report(workers, None)
    with fresh_database(args.admin_url, keep=args.keep_db, prefix="rescore_bench"):
        rng = random.Random(args.seed)
        started = time.perf_counter()
        games = [random_game(rng, i) for i in range(args.games)]
        distinct = sum(len(hands) for hands, _ in games)
        print(f"games:    {len(games):,} distinct games, {distinct:,} distinct hands, settled in"
              f" {time.perf_counter() - started:.1f} s", flush=True)
        started = time.perf_counter()
        stored = store(parlor_with_players(players=8, tables=2), games, args.hands)
        print(f"stored:   {stored:,} win hands in {time.perf_counter() - started:.1f} s",
              flush=True)
        return report(workers, stored)


def report(workers: int, stored: int | None) -> int:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE ledger_handresult")
    wall, cpu, out = rescore(workers)
    print(out.rstrip())
    verdict = "met" if wall < TARGET_S else "NOT met"
    print(f"rescore:  {wall:.1f} s wall, {cpu:.1f} s CPU (all processes) on {workers} workers;"
          f" target < {TARGET_S:.0f} s wall {verdict}")
    return 0 if "no mismatch" in out else 1


if __name__ == "__main__":
    sys.exit(main())
