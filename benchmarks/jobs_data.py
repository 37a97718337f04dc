"""Data for the job benchmarks (close_session.py, export_memory.py): a database, a parlor,
16-hand games recorded through the services, and cheap copies of a closed one.

Each benchmark makes a fresh PostgreSQL database on the server ``--admin-url``
names (dropped at the end unless ``--keep-db``), points Django at it and
migrates it. Not a test module: run the benchmarks themselves.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"
PINFU_TANYAO = {"hand": "234m345p456s23488s", "win_tile": "4s"}
ALL_SIMPLES_TSUMO = {"hand": "234m345p456s22678s", "win_tile": "8s"}

# api_load.py's database helpers (same directory).
from api_load import create_database, database_url, drop_database  # noqa: E402


def sixteen_hands() -> list[dict[str, Any]]:
    """An East-South game of 16 hands: each dealer keeps the deal once (tenpai alone at a
    draw, where the seat before the dealer has a dead hand after a false pon: a penalty for
    the audit export, no points of its own), then loses it (the next seat, in riichi, rons
    the one after); it ends after the 16th hand (rounds complete)."""
    hands: list[dict[str, Any]] = []
    for dealership in range(8):
        dealer = dealership % 4
        winner, payer = (dealer + 1) % 4, (dealer + 2) % 4
        dead = [{"seat": (dealer + 3) % 4, "cause": "false_pon"}]
        hands.append({"kind": "draw", "tenpai": [dealer], "dead": dead})
        win = {"winner": winner, "discarder": payer, "record": dict(PINFU_TANYAO)}
        hands.append({"kind": "win", "wins": [win], "riichi": [winner]})
    return hands


@contextmanager
def fresh_database(admin_url: str, *, keep: bool, prefix: str) -> Iterator[str]:
    """Create a database, point Django at it, migrate; drop it afterwards unless ``keep``."""
    name = f"{prefix}_{os.getpid()}"
    create_database(admin_url, name)
    url = database_url(admin_url, name)
    os.environ["DATABASE_URL"] = url
    # One login, the admin URL's (its workers inherit this): no owner of another database.
    os.environ.pop("DATABASE_OWNER_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.pop("CELERY_BROKER_URL", None)  # tasks in process unless a benchmark says so
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    try:
        yield url
    finally:
        from django.db import connections

        connections.close_all()
        if keep:
            print(f"kept database {name} ({url})")
        else:
            drop_database(admin_url, name)


def parlor_with_players(*, players: int, tables: int) -> dict[str, Any]:
    """A parlor (JPY, Asia/Tokyo), its riichi-standard East-South rules, a rate and users."""
    from django.contrib.auth.models import User

    from parlor.models import Membership, Parlor, Player, Rate, RulesetConfig, Table

    parlor = Parlor.objects.create(name=f"Bench parlor {os.getpid()}")
    # The bench's desk account records, closes and exports: the parlor's manager.
    desk = User.objects.create_user("bench-staff")
    Membership.objects.create(user=desk, parlor=parlor, role="manager")
    return {
        "parlor": parlor,
        "config": RulesetConfig.objects.create(
            parlor=parlor, name="Standard", ruleset_slug="riichi-standard"
        ),
        "rate": Rate.objects.create(
            parlor=parlor,
            name="Point 50",
            money_per_unit=50,
            money_per_chip=100,
            game_fee=500,
        ),  # fmt: skip
        "staff": desk,
        "tables": [Table.objects.create(parlor=parlor, name=f"T{i:02d}") for i in range(tables)],
        "players": [
            Player.objects.create(parlor=parlor, member_number=f"B{i:05d}", name=f"Bench {i}")
            for i in range(players)
        ],
    }


def recorded_session(
    world: dict[str, Any], *, table: int = 0, seats: list[int] | None = None
) -> Any:
    """A session with the 16 hands recorded through ``hand_record`` (not closed)."""
    from ledger.play.hands import hand_record
    from ledger.play.sessions import session_open

    players = [world["players"][i] for i in (seats or [0, 1, 2, 3])]
    session = session_open(
        table=world["tables"][table],
        players=players,
        ruleset_config=world["config"],
        rate=world["rate"],
        by=world["staff"],
    )
    for hand in sixteen_hands():
        hand_record(session=session, hand=hand, entered_by=world["staff"])
    return session


def copy_closed_session(
    template: Any, world: dict[str, Any], *, copies: int, start: datetime
) -> None:
    """``copies`` more closed sessions like ``template``, spread evenly over the year from
    ``start``, each at a random table with four random players: the hands, postings,
    entries, settlements and standings are the template's rows inserted again (bulk), so
    the books stay balanced. Much faster than recording each hand through the engine."""
    from django.db import transaction

    from ledger.models import (
        Account,
        AccountKind,
        HandResult,
        LedgerEntry,
        Penalty,
        Posting,
        Session,
        SessionClose,
        SessionSeat,
        SessionState,
        Settlement,
        Standing,
    )

    rng = random.Random(7)
    hands = list(HandResult.objects.filter(session=template).order_by("pk"))
    postings = list(Posting.objects.filter(session=template).order_by("pk"))
    entries = list(LedgerEntry.objects.filter(posting__session=template).order_by("pk"))
    settlements = list(Settlement.objects.filter(session=template).order_by("seat"))
    standings = list(Standing.objects.filter(session=template).order_by("seat"))
    penalties = list(Penalty.objects.filter(session=template).order_by("pk"))
    hand_number = {hand.pk: i for i, hand in enumerate(hands)}
    seat_of = {s.player_id: s.seat for s in SessionSeat.objects.filter(session=template)}
    accounts = {a.pk: a for a in Account.objects.filter(parlor=template.parlor)}
    by_player = {a.player_id: a for a in accounts.values() if a.kind == AccountKind.PLAYER}
    pots = {a.table_id: a for a in accounts.values() if a.kind == AccountKind.TABLE_POT}
    step = timedelta(days=365) / max(copies, 1)
    for player in world["players"]:
        if player.pk not in by_player:
            by_player[player.pk] = Account.objects.create(
                parlor=template.parlor, kind=AccountKind.PLAYER, player=player
            )
    for table in world["tables"]:
        if table.pk not in pots:
            pots[table.pk], _ = Account.objects.get_or_create(
                parlor=template.parlor, kind=AccountKind.TABLE_POT, table=table
            )
    started = time.perf_counter()
    for n in range(copies):
        at = start + step * n
        table = rng.choice(world["tables"])
        players = rng.sample(world["players"], 4)
        with transaction.atomic():
            session = Session.objects.get(pk=template.pk)
            session.pk = None
            session.table, session.opened_at, session.closed_at = table, at, at + timedelta(hours=1)
            # Seated while open, as the services do (PostgreSQL's guard refuses seats otherwise);
            # closed below, once its rows are in (open -> closed, an allowed transition).
            session.state = SessionState.OPEN
            session.save(force_insert=True)
            SessionSeat.objects.bulk_create(
                SessionSeat(session=session, seat=i, player=p) for i, p in enumerate(players)
            )
            account_map = {}
            for account in accounts.values():
                if account.kind == AccountKind.PLAYER and account.player_id in seat_of:
                    account_map[account.pk] = by_player[players[seat_of[account.player_id]].pk]
                elif account.kind == AccountKind.TABLE_POT:
                    account_map[account.pk] = pots[table.pk]
                else:
                    account_map[account.pk] = account
            new_hands = HandResult.objects.bulk_create(
                HandResult(
                    session=session, ordinal=h.ordinal, version=h.version, kind=h.kind,
                    payload=h.payload, result=h.result, engine_version=h.engine_version,
                    entered_by_id=h.entered_by_id, entered_at=at + timedelta(minutes=3 * i),
                )
                for i, h in enumerate(hands)
            )  # fmt: skip
            hand_map = {old.pk: new.pk for old, new in zip(hands, new_hands, strict=True)}
            new_postings = Posting.objects.bulk_create(
                Posting(
                    session=session, hand_id=hand_map.get(p.hand_id), kind=p.kind, memo=p.memo,
                    created_by_id=p.created_by_id,
                    created_at=at + timedelta(minutes=3 * min(i, len(hands))),
                )
                for i, p in enumerate(postings)
            )  # fmt: skip
            posting_map = {old.pk: new for old, new in zip(postings, new_postings, strict=True)}
            LedgerEntry.objects.bulk_create(
                LedgerEntry(
                    posting=posting_map[e.posting_id], account=account_map[e.account_id],
                    points=e.points, chips=e.chips, money=e.money, reason=e.reason,
                )
                for e in entries
            )  # fmt: skip
            Penalty.objects.bulk_create(
                Penalty(
                    session=session, hand_id=hand_map[p.hand_id], player=players[p.seat],
                    seat=p.seat, kind=p.kind, cause=p.cause, recorded_by_id=p.recorded_by_id,
                    recorded_at=at + timedelta(minutes=3 * hand_number[p.hand_id]),
                )
                for p in penalties
            )  # fmt: skip
            close_posting = posting_map[settlements[0].posting_id]
            Settlement.objects.bulk_create(
                Settlement(
                    session=session, posting=close_posting, player=players[s.seat], seat=s.seat,
                    final_score=s.final_score, placement=s.placement, points=s.points,
                    chips=s.chips, chips_detail=s.chips_detail, money=s.money, fee=s.fee,
                )
                for s in settlements
            )  # fmt: skip
            Standing.objects.bulk_create(
                Standing(
                    session=session, posting=close_posting, parlor_id=s.parlor_id,
                    ruleset_config_id=s.ruleset_config_id, closed_at=close_posting.created_at,
                    player=players[s.seat], seat=s.seat, placement=s.placement, points=s.points,
                    chips=s.chips, money=s.money, fee=s.fee, chonbo=s.chonbo,
                    dead_hands=s.dead_hands,
                )
                for s in standings
            )  # fmt: skip
            SessionClose.objects.create(
                session=session, number=1, posting=close_posting, closed_by_id=session.closed_by_id
            )
            Session.objects.filter(pk=session.pk).update(state=SessionState.CLOSED)
        if n and n % 500 == 0:
            rate = n / (time.perf_counter() - started)
            print(f"  {n} sessions copied ({rate:.0f}/s)", flush=True)
