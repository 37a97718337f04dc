"""Varied games for the statistics benchmark, generated with the engine and copied in bulk.

``game_templates`` plays games hand by hand through ``engine.evaluate_game`` (each hand
continued from the state the last one left, docs/game-format.md): wins from the real
tenhou.net hands of ``../shared/records`` (ron, tsumo, double ron, riichi or not, open or
closed), exhaustive draws (tenpai spread, a nagashi now and then, a dead hand), abortive
draws and chonbo; winners, discarders and riichi declarers drawn at random. A hand the
engine refuses (a riichi without a stick's worth of points, a record without a yaku at
that seat) is drawn again. Each template is a finished game: its payloads, the engine's
outcome of each hand, the final result.

``copy_year`` seats templates at random tables of each parlor with four random players
of the parlor, their closes spread over a year, and writes the books the statistics
read with PostgreSQL's COPY: sessions, seats, hands (payload and the engine's result),
the close's settlement posting, settlements, standings, and the statistics' seat rows
made by the service's own ``seat_games_for``. Ledger entries are left out (no view of
this benchmark reads them). Not a test module.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT.parent / "shared" / "records" / "tenhou-4p.jsonl"
RULESET = "tenhou"
# Kept from a real record; the table fills the rest (seat and round wind, riichi, honba).
KEPT = ("hand", "melds", "win_tile", "dora_indicators", "ippatsu", "rinshan", "chankan",
        "haitei", "houtei")  # fmt: skip
ENGINE_VERSION = "bench"


@dataclass(frozen=True)
class Template:
    payloads: list[dict[str, Any]]
    outcomes: list[Any]  # engine_door.results.HandOutcome
    final: Any  # engine_door.results.FinalResult
    # Each hand's payload and result as JSON text, ready for COPY.
    payload_json: list[str]
    result_json: list[str]


def win_records() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The real records as game wins: (tsumo records, ron records), each with ``riichi``."""
    tsumo, ron = [], []
    for line in RECORDS.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)["input"]
        kept = {key: record[key] for key in KEPT if key in record}
        riichi = record.get("riichi", "none")
        if riichi in ("riichi", "double"):
            kept["riichi"] = riichi
            if record.get("ura_indicators"):
                kept["ura_indicators"] = record["ura_indicators"]
        else:
            kept.pop("ippatsu", None)
        (tsumo if record.get("win") == "tsumo" else ron).append(kept)
    return tsumo, ron


class HandDraw:
    """Draws random hands of every kind (the module docstring)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.tsumo, self.ron = win_records()

    def _win(self, winner: int, record: dict[str, Any], discarder: int | None) -> dict[str, Any]:
        body = {key: value for key, value in record.items() if key != "riichi"}
        if record.get("riichi"):
            body["riichi"] = record["riichi"]
        win: dict[str, Any] = {"winner": winner, "record": body}
        if discarder is not None:
            win["discarder"] = discarder
        return win

    def _riichi(self, seats: Sequence[int], chance: float) -> list[int]:
        return [seat for seat in seats if self.rng.random() < chance]

    def hand(self) -> dict[str, Any]:
        rng = self.rng
        roll = rng.random()
        seats = [0, 1, 2, 3]
        if roll < 0.66:  # a win
            if rng.random() < 0.38:
                winner, record = rng.choice(seats), rng.choice(self.tsumo)
                wins = [self._win(winner, record, None)]
                winners = [winner]
            else:
                discarder = rng.choice(seats)
                others = [s for s in seats if s != discarder]
                count = 2 if rng.random() < 0.03 else 1
                winners = rng.sample(others, count)
                wins = [self._win(w, rng.choice(self.ron), discarder) for w in winners]
            riichi = [w["winner"] for w in wins if w["record"].get("riichi")]
            riichi += self._riichi([s for s in seats if s not in winners], 0.12)
            for win in wins:
                win["record"].pop("riichi", None) if win["winner"] not in riichi else None
            return {"kind": "win", "wins": wins, "riichi": sorted(riichi)}
        if roll < 0.92:  # an exhaustive draw
            riichi = self._riichi(seats, 0.15)
            tenpai = sorted(set(riichi) | {s for s in seats if rng.random() < 0.35})
            hand: dict[str, Any] = {"kind": "draw", "riichi": riichi, "tenpai": tenpai}
            noten = [s for s in seats if s not in tenpai]
            if noten and rng.random() < 0.06:
                hand["dead"] = [{"seat": rng.choice(noten), "cause": "false_pon"}]
            elif noten and rng.random() < 0.01:
                hand["nagashi"] = [rng.choice(noten)]
            return hand
        if roll < 0.985:
            return {"kind": "abort", "cause": "kyuushuu_kyuuhai", "caller": rng.choice(seats)}
        return {"kind": "chonbo", "offender": rng.choice(seats), "cause": "false_ron"}


def play_game(draw: HandDraw, game_options: dict[str, Any], *, most: int = 40) -> Template:
    """One finished game, hand by hand; a refused hand is drawn again."""
    from engine_door.errors import EngineError
    from engine_door.games import settle
    from engine_door.results import HandOutcome

    players = ["A", "B", "C", "D"]
    state: dict[str, Any] | None = None
    payloads: list[dict[str, Any]] = []
    outcomes: list[HandOutcome] = []
    final = None
    while final is None:
        stopped = len(payloads) >= most
        for _attempt in range(30):
            hand = draw.hand() if not stopped else {"kind": "draw", "tenpai": []}
            game: dict[str, Any] = {
                "id": "bench", "ruleset": RULESET, "players": players, "hands": [hand],
                "game_options": game_options, "states": True, "stopped": stopped,
            }  # fmt: skip
            if state is not None:
                game["start"] = state
            try:
                answer = settle(game)
            except EngineError:
                continue
            break
        else:  # thirty refusals in a row: a plain draw is always a hand
            hand = {"kind": "draw", "tenpai": []}
            game = {**game, "hands": [hand]}
            answer = settle(game)
        payloads.append(hand)
        outcomes.append(answer.hands[0])
        state = answer.last_state()
        final = answer.final
    return Template(
        payloads=payloads,
        outcomes=outcomes,
        final=final,
        payload_json=[json.dumps(p, separators=(",", ":")) for p in payloads],
        result_json=[json.dumps(o.to_json(), separators=(",", ":")) for o in outcomes],
    )


def game_templates(count: int, game_options: dict[str, Any], seed: int) -> list[Template]:
    draw = HandDraw(random.Random(seed))
    started = time.perf_counter()
    templates = []
    for n in range(count):
        templates.append(play_game(draw, game_options))
        if n and n % 500 == 0:
            print(f"  {n} games played ({n / (time.perf_counter() - started):.0f}/s)", flush=True)
    return templates


# --- the books, copied ---------------------------------------------------------------------


def _next_ids(cursor: Any, table: str, count: int) -> int:
    """Reserve ``count`` ids of ``table``'s sequence; returns the first."""
    cursor.execute(
        "SELECT setval(pg_get_serial_sequence(%s, 'id'),"
        " nextval(pg_get_serial_sequence(%s, 'id')) + %s - 1)",
        [table, table, count],
    )
    last = cursor.fetchone()[0]
    return int(last) - count + 1


def _copy(cursor: Any, table: str, columns: Sequence[str], rows: Iterator[Sequence[Any]]) -> int:
    written = 0
    with cursor.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as copy:
        for row in rows:
            copy.write_row(row)
            written += 1
    return written


def _model_columns(model: Any) -> list[str]:
    return [field.column for field in model._meta.concrete_fields]


def _row_of(instance: Any) -> list[Any]:
    """``instance``'s column values as Django would send them (psycopg adapts them in COPY)."""
    from django.db import connection

    return [
        field.get_db_prep_save(getattr(instance, field.attname), connection)
        for field in instance._meta.concrete_fields
    ]


@dataclass
class ParlorWorld:
    parlor: Any
    configs: list[Any]
    rate: Any
    tables: list[Any]
    players: list[Any]
    staff: Any


def copy_year(
    worlds: Sequence[ParlorWorld],
    templates: dict[int, list[Template]],
    *,
    hands: int,
    start: datetime,
    seed: int,
    with_hands: bool = True,
) -> dict[str, int]:
    """About ``hands`` hands over the year in each parlor of ``worlds``, from ``templates``
    (per ruleset configuration id), written with COPY; returns the rows written per table."""
    from django.db import connection, transaction

    from ledger.models import HandResult, Posting, Session, SessionSeat, Settlement, Standing
    from players.statistics.counting import HandFacts
    from players.statistics.models import SeatGame
    from players.statistics.services import seat_games_for

    rng = random.Random(seed)
    written: dict[str, int] = {}
    for world in worlds:
        plan: list[tuple[Any, Template, datetime, Any, list[Any]]] = []
        played = 0
        while played < hands:
            config = rng.choice(world.configs)
            template = rng.choice(templates[config.pk])
            plan.append((config, template, start, rng.choice(world.tables),
                         rng.sample(world.players, 4)))  # fmt: skip
            played += len(template.payloads)
        step = timedelta(days=365) / len(plan)
        plan = [(c, t, start + step * n, table, seats) for n, (c, t, _, table, seats)
                in enumerate(plan)]  # fmt: skip
        with transaction.atomic(), connection.cursor() as cursor:
            raw = cursor.cursor  # psycopg's own cursor, for COPY
            sessions_table = Session._meta.db_table
            first_session = _next_ids(cursor, sessions_table, len(plan))
            first_posting = _next_ids(cursor, Posting._meta.db_table, len(plan))
            session_rows, seat_rows, hand_rows, posting_rows = [], [], [], []
            settlement_rows, standing_rows, seat_game_rows = [], [], []
            for n, (config, template, closed_at, table, seats) in enumerate(plan):
                session = Session(
                    pk=first_session + n, parlor=world.parlor, table=table, ruleset_config=config,
                    ruleset_slug=config.ruleset_slug, ruleset_options=config.options,
                    game_options=config.game_options, rate=world.rate,
                    point_unit=world.rate.point_unit, money_per_unit=world.rate.money_per_unit,
                    money_per_chip=world.rate.money_per_chip, game_fee=world.rate.game_fee,
                    game_fee_payer=world.rate.game_fee_payer, state="open",
                    opened_by=world.staff, opened_at=closed_at - timedelta(minutes=50),
                    closed_by=world.staff, closed_at=closed_at,
                )  # fmt: skip
                session_rows.append(_row_of(session))
                for seat, player in enumerate(seats):
                    seat_rows.append((session.pk, seat, player.pk))
                posting = Posting(
                    pk=first_posting + n, session=session, kind="settlement",
                    memo="points and chips to money", created_by=world.staff, created_at=closed_at,
                )  # fmt: skip
                posting_rows.append(_row_of(posting))
                if with_hands:
                    for i, (payload, result) in enumerate(
                        zip(template.payload_json, template.result_json, strict=True)
                    ):
                        hand_rows.append((
                            session.pk, i + 1, 1, template.payloads[i]["kind"], payload, result,
                            ENGINE_VERSION, world.staff.pk,
                            closed_at - timedelta(minutes=45 - i),
                        ))  # fmt: skip
                final = template.final
                per_unit = world.rate.money_per_unit
                money = [points * per_unit // 1000 for points in final.points_delta]
                settlements = [
                    Settlement(
                        session=session, posting=posting, player=player, seat=seat,
                        final_score=final.scores[seat], placement=final.shared_places[seat],
                        points=final.points_delta[seat], chips=final.chips[seat].total,
                        chips_detail=final.chips[seat].to_json(), money=money[seat],
                        fee=world.rate.game_fee,
                    )
                    for seat, player in enumerate(seats)
                ]  # fmt: skip
                facts = [HandFacts(p, o) for p, o in zip(template.payloads, template.outcomes,
                                                          strict=True)]  # fmt: skip
                rows = seat_games_for(session=session, settlements=settlements, hands=facts)
                for settlement, row in zip(settlements, rows, strict=True):
                    settlement_rows.append(_row_of(settlement)[1:])
                    standing_rows.append((
                        session.pk, posting.pk, world.parlor.pk, config.pk, closed_at,
                        settlement.player.pk, settlement.seat, settlement.placement,
                        settlement.points, settlement.chips, settlement.money, settlement.fee,
                        row.chonbo, row.dead_hands,
                    ))  # fmt: skip
                    seat_game_rows.append(_row_of(row)[1:])
            columns = _model_columns(Session)
            counts = {
                "sessions": _copy(raw, sessions_table, columns, iter(session_rows)),
                "seats": _copy(raw, SessionSeat._meta.db_table, ["session_id", "seat", "player_id"],
                               iter(seat_rows)),
                "postings": _copy(raw, Posting._meta.db_table, _model_columns(Posting),
                                  iter(posting_rows)),
                "hands": _copy(raw, HandResult._meta.db_table,
                               ["session_id", "ordinal", "version", "kind", "payload", "result",
                                "engine_version", "entered_by_id", "entered_at"],
                               iter(hand_rows)),
                "settlements": _copy(raw, Settlement._meta.db_table,
                                     _model_columns(Settlement)[1:], iter(settlement_rows)),
                "standings": _copy(raw, Standing._meta.db_table,
                                   ["session_id", "posting_id", "parlor_id", "ruleset_config_id",
                                    "closed_at", "player_id", "seat", "placement", "points",
                                    "chips", "money", "fee", "chonbo", "dead_hands"],
                                   iter(standing_rows)),
                "seat_games": _copy(raw, SeatGame._meta.db_table, _model_columns(SeatGame)[1:],
                                    iter(seat_game_rows)),
            }  # fmt: skip
            # Seated while open, as the services do (the seats' guard); closed now.
            cursor.execute(
                f"UPDATE {sessions_table} SET state = 'closed' WHERE id BETWEEN %s AND %s",
                [first_session, first_session + len(plan) - 1],
            )
        for name, count in counts.items():
            written[name] = written.get(name, 0) + count
        print(f"  {world.parlor.name}: {counts['sessions']} games, {counts['hands']} hands",
              flush=True)  # fmt: skip
    return written
