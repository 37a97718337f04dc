"""A parlor's month for the standings tests: games in two rulesets, penalties, a reclose.

Every game is riichi-standard East-only and ends on a dealer's daisangen
(tobi), so each closes after a few hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User

from ledger.models import HandResult, Session
from ledger.play.corrections import hand_amend
from ledger.play.hands import hand_record
from ledger.play.sessions import session_open
from ledger.settle.settlements import session_close
from parlor.models import Parlor, Player, RulesetConfig
from tests.api.world import dealer_busts_seat_1
from tests.ledger.factories import chonbo, draw, ron
from tests.parlor.factories import (
    ParlorFactory,
    PlayerFactory,
    RateFactory,
    RulesetConfigFactory,
    TableFactory,
)


@dataclass
class StandingsWorld:
    parlor: Parlor
    east: RulesetConfig
    other: RulesetConfig
    players: list[Player]
    games: list[Session]
    # Open, with a hand: counts nowhere in the standings.
    open: Session


def standings_world(*, staff: User, manager: User) -> StandingsWorld:
    parlor = ParlorFactory()
    east = RulesetConfigFactory(
        parlor=parlor, name="East only", ruleset_slug="riichi-standard",
        game_options={"length": "east"},
    )  # fmt: skip
    other = RulesetConfigFactory(
        parlor=parlor, name="East only, no uma", ruleset_slug="riichi-standard",
        game_options={"length": "east", "uma": [0, 0, 0, 0]},
    )  # fmt: skip
    rate = RateFactory(parlor=parlor)
    players = [PlayerFactory(parlor=parlor) for _ in range(6)]

    def game(config: RulesetConfig, seats: list[int], *hands: dict[str, Any]) -> Session:
        session = session_open(
            table=TableFactory(parlor=parlor),
            players=[players[i] for i in seats],
            ruleset_config=config,
            rate=rate,
            by=staff,
        )
        for hand in hands:
            hand_record(session=session, hand=hand, entered_by=staff)
        return session

    dead = [{"seat": 3, "cause": "false_pon"}]
    first = game(east, [0, 1, 2, 3], draw(0, dead=dead), chonbo(2), dealer_busts_seat_1())
    second = game(other, [2, 3, 4, 5], dealer_busts_seat_1())
    third = game(east, [3, 2, 1, 0], dealer_busts_seat_1())
    for session in (first, second, third):
        session_close(session=session, by=manager)
    # The third game's hand is amended after its close (another seat pays), and it is closed
    # again: its first settlement is superseded and must count nowhere.
    hand = HandResult.objects.get(session=third, ordinal=1)
    hand_amend(hand=hand, payload=ron(0, 2, _daisangen()), reason="wrong payer", by=manager)
    session_close(session=third, by=manager)
    still_open = game(east, [0, 1, 4, 5], draw(0, dead=dead))
    # Another parlor's game: never in this parlor's standings.
    game_elsewhere = ParlorFactory()
    elsewhere_config = RulesetConfigFactory(
        parlor=game_elsewhere, ruleset_slug="riichi-standard", game_options={"length": "east"}
    )
    outsider = session_open(
        table=TableFactory(parlor=game_elsewhere),
        players=[PlayerFactory(parlor=game_elsewhere) for _ in range(4)],
        ruleset_config=elsewhere_config,
        rate=RateFactory(parlor=game_elsewhere),
        by=staff,
    )
    hand_record(session=outsider, hand=dealer_busts_seat_1(), entered_by=staff)
    session_close(session=outsider, by=manager)
    for session in (first, second, third):
        session.refresh_from_db()
    return StandingsWorld(
        parlor=parlor,
        east=east,
        other=other,
        players=players,
        games=[first, second, third],
        open=still_open,
    )


def _daisangen() -> dict[str, Any]:
    return dict(dealer_busts_seat_1()["wins"][0]["record"])
