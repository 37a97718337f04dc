"""A small parlor with sessions in every state, for the permission and player-scope tests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User

from ledger.models import Correction, HandResult, Session
from ledger.play.corrections import hand_void
from ledger.play.hands import hand_record
from ledger.play.sessions import session_open
from ledger.settle.settlements import session_close
from parlor.models import Parlor, Player, Rate, RulesetConfig, Table
from tests.ledger.factories import draw, ron
from tests.parlor.factories import (
    ParlorFactory,
    PlayerFactory,
    RateFactory,
    RulesetConfigFactory,
    TableFactory,
)

# Dealer's daisangen (yakuman, 48,000) off seat 1: seat 1 goes below zero and the game ends.
DAISANGEN = {
    "hand": "777z234m55p",
    "win_tile": "7z",
    "melds": [{"kind": "pon", "tiles": "555z"}, {"kind": "pon", "tiles": "666z"}],
}


def dealer_busts_seat_1() -> dict[str, Any]:
    return ron(0, 1, DAISANGEN)


@dataclass
class World:
    parlor: Parlor
    config: RulesetConfig
    rate: Rate
    players: list[Player]
    # Seated nowhere: a new session can seat them, and spare_player may be deleted.
    free_players: list[Player]
    spare_player: Player
    spare_table: Table
    # Open, hands 1 (a draw) and 2 (seat 1 rons seat 0).
    open: Session
    hand: HandResult
    # Its game has ended (tobi), not closed yet.
    finished: Session
    # Closed: settlement rows exist.
    closed: Session
    # Open, hand 2 voided.
    corrected: Session
    correction: Correction


def build_world(*, by: User) -> World:
    parlor = ParlorFactory()
    config = RulesetConfigFactory(
        parlor=parlor, ruleset_slug="riichi-standard", game_options={"length": "east"}
    )
    rate = RateFactory(parlor=parlor)
    players = [PlayerFactory(parlor=parlor) for _ in range(4)]

    def opened(*hands: dict[str, Any]) -> tuple[Session, list[HandResult]]:
        session = session_open(
            table=TableFactory(parlor=parlor),
            players=players,
            ruleset_config=config,
            rate=rate,
            by=by,
        )
        return session, [hand_record(session=session, hand=hand, entered_by=by) for hand in hands]

    open_session, (_, hand) = opened(draw(0), ron(1, 0))
    finished, _ = opened(dealer_busts_seat_1())
    closed, _ = opened(dealer_busts_seat_1())
    session_close(session=closed, by=by)
    corrected, (_, voided) = opened(draw(0), draw(0))
    correction = hand_void(hand=voided, reason="entered twice", by=by)
    return World(
        parlor=parlor,
        config=config,
        rate=rate,
        players=players,
        free_players=[PlayerFactory(parlor=parlor) for _ in range(4)],
        spare_player=PlayerFactory(parlor=parlor),
        spare_table=TableFactory(parlor=parlor),
        open=open_session,
        hand=hand,
        finished=finished,
        closed=closed,
        corrected=corrected,
        correction=correction,
    )
