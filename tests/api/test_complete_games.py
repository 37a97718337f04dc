"""Whole games recorded through the API, closed, and settled in money worked out by hand.

Each game: staff open the session and record every hand over HTTP, the
scores after each hand are checked against the table worked out below from
the rules, a manager closes the session, and each player's token reads its
own settlement and balance.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from parlor.models import GameFeePayer, Player
from tests.api.support import RoleClients, post, post_hand
from tests.parlor.factories import (
    ParlorFactory,
    PlayerFactory,
    RateFactory,
    RulesetConfigFactory,
    TableFactory,
)

pytestmark = pytest.mark.django_db

PINFU_TANYAO = {"hand": "234m345p456s23488s", "win_tile": "4s"}


@dataclass(frozen=True)
class Game:
    ruleset: str
    game_options: dict[str, Any]
    starting_points: int
    money_per_unit: int
    money_per_chip: int
    game_fee: int
    # (hand, seats' scores after it)
    hands: list[tuple[dict[str, Any], list[int]]]
    final_scores: list[int]
    placements: list[int]
    settled_points: list[int]
    settled_chips: list[int]
    money: list[int]
    # The points the rate prices as one unit (Rate.point_unit): 1,000, or 1 for Toutenkou.
    point_unit: int = 1000


def play(game: Game, api_as: RoleClients) -> tuple[int, list[Player]]:
    parlor = ParlorFactory()
    seats = len(game.final_scores)
    players = [PlayerFactory(parlor=parlor) for _ in range(seats)]
    config = RulesetConfigFactory(
        parlor=parlor, ruleset_slug=game.ruleset, game_options=game.game_options
    )
    rate = RateFactory(
        parlor=parlor,
        money_per_unit=game.money_per_unit,
        point_unit=game.point_unit,
        money_per_chip=game.money_per_chip,
        game_fee=game.game_fee,
        game_fee_payer=GameFeePayer.EACH_PLAYER,
    )
    staff = api_as("staff")
    opened = post(
        staff,
        "/api/sessions/",
        {
            "table": TableFactory(parlor=parlor).pk,
            "players": [p.pk for p in players],
            "ruleset_config": config.pk,
            "rate": rate.pk,
        },
    )
    assert opened.status_code == 201, opened.json()
    session = opened.json()["id"]
    for number, (hand, scores_after) in enumerate(game.hands, start=1):
        recorded = post_hand(
            staff, f"/api/sessions/{session}/hands/", hand, **{"Expected-Hand-Number": str(number)}
        )
        assert recorded.status_code == 201, (number, recorded.json())
        assert recorded.json()["result"]["scores"] == scores_after, f"hand {number}"
    return session, players


def check_settlement(game: Game, session: int, players: list[Player], api_as: RoleClients) -> None:
    closed = post(api_as("manager"), f"/api/sessions/{session}/close/")
    assert closed.status_code == 200, closed.json()
    rows = closed.json()
    assert [row["final_score"] for row in rows] == game.final_scores
    assert [row["placement"] for row in rows] == game.placements
    assert [row["points"] for row in rows] == game.settled_points
    assert [row["chips"] for row in rows] == game.settled_chips
    assert [row["money"] for row in rows] == game.money
    assert [row["net_money"] for row in rows] == [m - game.game_fee for m in game.money]
    for seat, player in enumerate(players):
        client = api_as("player", player=player, name=f"player-{seat}")
        (balance,) = client.get("/api/balances/").json()["results"]
        assert (balance["points"], balance["chips"]) == (0, 0)
        assert balance["money"] == game.money[seat] - game.game_fee
        (own,) = client.get("/api/settlements/").json()["results"]
        assert own["seat"] == seat


# docs/game-format.md, "A complete game": East only, 25,000 start, 30,000 return.
RIICHI_STANDARD = Game(
    ruleset="riichi-standard",
    game_options={"length": "east"},
    starting_points=25000,
    money_per_unit=50,
    money_per_chip=0,
    game_fee=500,
    hands=[
        # Seats 2 and 1 riichi; seat 2 rons seat 3: riichi pinfu tanyao 3 han 30 fu = 3,900,
        # and takes both sticks.
        (
            {
                "kind": "win",
                "riichi": [2, 1],
                "wins": [{"winner": 2, "discarder": 3, "record": PINFU_TANYAO}],
            },
            [25000, 25000 - 1000, 25000 - 1000 + 3900 + 2000, 25000 - 3900],
        ),
        # Dealer 1 and seat 3 tenpai: seats 0 and 2 pay 750 to each (3,000 split).
        ({"kind": "draw", "tenpai": [1, 3]}, [23500, 25500, 28400, 22600]),
        # Dealer 1 tsumo at 1 honba: 3 han 20 fu, 1,300 all + 100 honba each.
        (
            {"kind": "win", "wins": [{"winner": 1, "record": {**PINFU_TANYAO, "win": "tsumo"}}]},
            [22100, 29700, 27000, 21200],
        ),
        # Kyuushuu kyuuhai after seat 3's riichi: the stick stays on the table.
        (
            {"kind": "abort", "cause": "kyuushuu_kyuuhai", "caller": 0, "riichi": [3]},
            [22100, 29700, 27000, 20200],
        ),
        # Double ron on the dealer at 3 honba: seat 2 (first after the discarder) 2,000 +
        # 900 honba + the stick; seat 0 2,000.
        (
            {
                "kind": "win",
                "wins": [
                    {"winner": 2, "discarder": 1, "record": PINFU_TANYAO},
                    {"winner": 0, "discarder": 1, "record": PINFU_TANYAO},
                ],
            },
            [24100, 24800, 30900, 20200],
        ),
        # Daisangen ron off seat 0, pao seat 2: 32,000 split 16,000 / 16,000.
        (
            {
                "kind": "win",
                "wins": [
                    {
                        "winner": 3,
                        "discarder": 0,
                        "pao": 2,
                        "record": {
                            "hand": "777z234m55p",
                            "win_tile": "7z",
                            "melds": [
                                {"kind": "pon", "tiles": "555z"},
                                {"kind": "pon", "tiles": "666z"},
                            ],
                        },
                    }
                ],
            },
            [8100, 24800, 14900, 52200],
        ),
        # Last dealer (seat 3) noten, seat 0 alone tenpai: 1,000 from each; the game ends.
        ({"kind": "draw", "tenpai": [0]}, [11100, 23800, 13900, 51200]),
    ],
    final_scores=[11100, 23800, 13900, 51200],
    placements=[4, 2, 3, 1],
    # score - 30,000 + uma (20,000 / 10,000 / -10,000 / -20,000) + oka 20,000 to first.
    settled_points=[
        11100 - 30000 - 20000,
        23800 - 30000 + 10000,
        13900 - 30000 - 10000,
        51200 - 30000 + 20000 + 20000,
    ],
    settled_chips=[0, 0, 0, 0],
    # 50 per 1,000 points: -38,900 -> -1,945; 3,800 -> 190; -26,100 -> -1,305; 61,200 -> 3,060.
    money=[-1945, 190, -1305, 3060],
)

# docs/rules/speed-tonpuu.md: East only, placement only (raw points do not settle), shuugi
# chips; oka and uma 13/3/-5/-11 chips; honba 500 from each payer ("Basengo").
SPEED_TONPUU = Game(
    ruleset="speed-tonpuu",
    game_options={},
    starting_points=25000,
    money_per_unit=100,
    # One chip is 5,000 points: 500 at 100 per 1,000.
    money_per_chip=500,
    game_fee=400,
    hands=[
        # Seat 1 rons the dealer: pinfu tanyao 2 han 30 fu = 2,000.
        (
            {"kind": "win", "wins": [{"winner": 1, "discarder": 0, "record": PINFU_TANYAO}]},
            [23000, 27000, 25000, 25000],
        ),
        # Dealer 1 and seat 3 tenpai: 750 from each noten seat to each tenpai seat; renchan.
        ({"kind": "draw", "tenpai": [1, 3]}, [21500, 28500, 23500, 26500]),
        # Seat 3 riichi, rons seat 2 with a red 5p: riichi pinfu tanyao aka 4 han 30 fu,
        # kiriage mangan 8,000 + 1 honba x 500 x 3 = 9,500, and 1 chip for the red five.
        (
            {
                "kind": "win",
                "riichi": [3],
                "wins": [
                    {
                        "winner": 3,
                        "discarder": 2,
                        "record": {"hand": "234m340p456s23488s", "win_tile": "4s"},
                    }
                ],
            },
            [21500, 28500, 14000, 36000],
        ),
        # Dealer 2 tsumo: menzen tsumo pinfu tanyao 3 han 20 fu, 1,300 all.
        (
            {"kind": "win", "wins": [{"winner": 2, "record": {**PINFU_TANYAO, "win": "tsumo"}}]},
            [20200, 27200, 17900, 34700],
        ),
        # Seat 0 rons seat 3 at 1 honba: 2,000 + 1,500.
        (
            {"kind": "win", "wins": [{"winner": 0, "discarder": 3, "record": PINFU_TANYAO}]},
            [23700, 27200, 17900, 31200],
        ),
        # Nobody tenpai: no payments; the last dealer (seat 3) is noten: the game ends.
        ({"kind": "draw", "tenpai": []}, [23700, 27200, 17900, 31200]),
    ],
    final_scores=[23700, 27200, 17900, 31200],
    placements=[3, 2, 4, 1],
    settled_points=[0, 0, 0, 0],
    # Placement chips -5, 3, -11, 13; seat 2 paid seat 3 the red five's chip.
    settled_chips=[-5, 3, -11 - 1, 13 + 1],
    money=[-5 * 500, 3 * 500, -12 * 500, 14 * 500],
)

# docs/rules/toutenkou.md, tenhou defaults: three players, per-hand settlement from 0,
# one East round of three dealerships; points, not han.
TOUTENKOU = Game(
    ruleset="toutenkou",
    game_options={},
    starting_points=0,
    # Toutenkou scores in single points, and its rate prices each: 100 (yen) per point.
    money_per_unit=100,
    point_unit=1,
    money_per_chip=0,
    game_fee=300,
    hands=[
        # Seat 2 rons seat 1, closed, no gari anywhere: haku 1 + menzen 1 + banban 2 + ron 8
        # + karasu (closed) 20 = 32.
        (
            {
                "kind": "win",
                "wins": [
                    {
                        "winner": 2,
                        "discarder": 1,
                        "record": {"hand": "123p456s789s11p555z", "win_tile": "1p"},
                    }
                ],
            },
            [0, -32, 32],
        ),
        # Only dealer 1 tenpai: the noten penalty 20, 10 from each noten seat; renchan.
        ({"kind": "draw", "tenpai": [1]}, [-10, -12, 22]),
        # Seat 0 riichi, tsumo, three gari set aside (the JA 12-all hand) at 1 honba:
        # riichi 1 + tsumo 1 + haku 1 + honitsu 3 + menzen 1 + gari 3 + banban 2 + honba 1
        # = 13 from each; the stick comes back.
        (
            {
                "kind": "win",
                "riichi": [0],
                "wins": [
                    {
                        "winner": 0,
                        "record": {
                            "hand": "123p345p678p99p555z",
                            "win_tile": "5z",
                            "win": "tsumo",
                            "nuki": "1m4z4z",
                        },
                    }
                ],
            },
            [16, -25, 9],
        ),
        # Seat 1 rons dealer 2, open chun with one gari: chun 1 + gari 1 + banban 2 + ron 8
        # = 12. The third dealership passes: the game ends.
        (
            {
                "kind": "win",
                "wins": [
                    {
                        "winner": 1,
                        "discarder": 2,
                        "record": {
                            "hand": "123p456s789s11p",
                            "win_tile": "1p",
                            "nuki": "4z",
                            "melds": [{"kind": "pon", "tiles": "777z"}],
                        },
                    }
                ],
            },
            [16, -13, -3],
        ),
    ],
    final_scores=[16, -13, -3],
    placements=[1, 3, 2],
    # No oka, uma or chips: the score less the starting 0.
    settled_points=[16, -13, -3],
    settled_chips=[0, 0, 0],
    money=[1600, -1300, -300],
)


def test_complete_riichi_standard_game_through_the_api(api_as: RoleClients) -> None:
    session, players = play(RIICHI_STANDARD, api_as)
    check_settlement(RIICHI_STANDARD, session, players, api_as)


def test_complete_speed_tonpuu_game_through_the_api(api_as: RoleClients) -> None:
    session, players = play(SPEED_TONPUU, api_as)
    check_settlement(SPEED_TONPUU, session, players, api_as)


def test_complete_toutenkou_game_through_the_api(api_as: RoleClients) -> None:
    session, players = play(TOUTENKOU, api_as)
    check_settlement(TOUTENKOU, session, players, api_as)


@pytest.mark.parametrize(
    "game", [RIICHI_STANDARD, SPEED_TONPUU, TOUTENKOU], ids=lambda g: g.ruleset
)
def test_the_worked_figures_balance(game: Game) -> None:
    # No sticks are left on the table at the end: the final scores hold every starting point.
    assert sum(game.final_scores) == game.starting_points * len(game.final_scores)
    assert sum(game.settled_chips) == 0
    assert sum(game.money) == 0
