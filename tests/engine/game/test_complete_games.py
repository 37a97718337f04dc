"""Complete games worked out by hand from the rules; the numbers are the rules', not the code's.

The Speed Tonpuu games with wins use the speed-tonpuu hand-level ruleset
(engine/rulesets/speed_tonpuu/) for the hands' points and chips.
"""

from __future__ import annotations

from typing import Any

from tests.engine.game.games import (
    DAISANGEN,
    PINFU_TANYAO,
    abort,
    chonbo,
    draw,
    game,
    lines,
    multi_ron,
    ron,
    settled,
    tsumo,
)

# The East-only riichi-standard game of docs/game-format.md.
RIICHI_STANDARD_EAST_GAME = game(
    ron(2, 3, riichi=[2, 1]),
    draw(1, 3),
    tsumo(1),
    abort("kyuushuu_kyuuhai", caller=0, riichi=[3]),
    multi_ron(1, 2, 0),
    {"kind": "win", "wins": [{"winner": 3, "discarder": 0, "pao": 2, "record": DAISANGEN}]},
    draw(0),
    length="east",
)


def _scores(result: dict[str, Any]) -> list[list[int]]:
    return [hand["scores"] for hand in result["hands"]]


def test_riichi_standard_east_game_worked_by_hand() -> None:
    result = settled(RIICHI_STANDARD_EAST_GAME)
    hands = result["hands"]
    assert _scores(result) == [
        # Seat 2 (riichi, pinfu, tanyao: 3 han 30 fu) rons seat 3 for 3,900 and takes the two
        # sticks (its own and seat 1's).
        [25000, 24000, 29900, 21100],
        # Seats 1 and 3 tenpai: 1,500 from each noten seat. Dealer 1 tenpai: renchan.
        [23500, 25500, 28400, 22600],
        # Dealer 1 tsumo, 3 han 20 fu: 1,300 all, plus 100 each for the honba.
        [22100, 29700, 27000, 21200],
        # Kyuushuu kyuuhai: nothing paid; seat 3's riichi stick stays on the table.
        [22100, 29700, 27000, 20200],
        # Seat 1 deals into seats 2 and 0 (2,000 each). Seat 2, first after the discarder,
        # takes the 900 for 3 honba and the stick.
        [24100, 24800, 30900, 20200],
        # Seat 3's daisangen ron off seat 0, seat 2 pao: 32,000 split 16,000 / 16,000.
        [8100, 24800, 14900, 52200],
        # Last dealer (seat 3) noten, seat 0 tenpai: the East round is over.
        [11100, 23800, 13900, 51200],
    ]
    assert [(h["dealer"], h["honba"], h["sticks"]) for h in hands] == [
        (0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 2, 0), (1, 3, 1), (2, 0, 0), (3, 0, 0),
    ]
    assert lines(hands[4]) == [(1, 2, 2900, 0), (1, 0, 2000, 0)]
    assert lines(hands[5]) == [(0, 3, 16000, 0), (2, 3, 16000, 0)]
    assert result["end"] == {"hand": 6, "reasons": ["rounds_complete"]}
    final = result["final"]
    assert final["placements"] == [4, 2, 3, 1]
    # (score - 30,000) + uma 20,000/10,000/-10,000/-20,000 + oka 20,000 to first.
    assert final["points_delta"] == [-38900, 3800, -26100, 61200]


def test_speed_tonpuu_game_without_hand_level_wins_worked_by_hand() -> None:
    result = settled(game(
        draw(0, 2, riichi=[2]),
        chonbo(1, cause="false_kan", riichi=[3]),
        draw(nagashi=[3]),
        abort("suufon_renta"),
        draw(1, dealer_passes=True),
        {"kind": "win", "wins": [{"winner": 3, "special": "suukantsu"}]},
        ruleset="speed-tonpuu",
    ))
    hands = result["hands"]
    assert _scores(result) == [
        # Dealer 0 and seat 2 (riichi) tenpai: 1,500 from each noten seat; renchan.
        [26500, 23500, 25500, 23500],
        # Seat 1's uncorrected false kan: 3,000 all; seat 3's riichi stick comes back.
        [29500, 14500, 28500, 26500],
        # Seat 3's nagashi, a haneman win: 6,000 + 500 from the dealer, 3,000 + 500 from the
        # others, and the stick left on the table.
        [23000, 11000, 25000, 41000],
        # Suufon renta: nothing paid, honba 1, seat 1 keeps the deal.
        [23000, 11000, 25000, 41000],
        # Dealer 1 alone tenpai takes 3,000, then passes (tenpaiyame): honba back to 0.
        [22000, 14000, 24000, 40000],
        # Seat 3's special suukantsu tsumo (double yakuman): 32,000 from the dealer (seat 2)
        # and 16,000 from the others, 10 chips each; seats 1 and 2 bust, seat 3 calls the game.
        [6000, -2000, -8000, 104000],
    ]
    assert [(h["dealer_after"], h["honba_after"]) for h in hands] == [
        (0, 1), (0, 1), (1, 0), (1, 1), (2, 0), (3, 0),
    ]
    assert result["end"] == {"hand": 5, "reasons": ["tobi", "called_game"]}
    final = result["final"]
    assert final["placements"] == [2, 3, 4, 1]
    assert final["chips"] == [
        {"hands": -10, "tobi": 0, "called_game": -1, "placement": 3, "total": -8},
        {"hands": -10, "tobi": -1, "called_game": -1, "placement": -5, "total": -17},
        {"hands": -10, "tobi": -1, "called_game": -1, "placement": -11, "total": -23},
        {"hands": 30, "tobi": 2, "called_game": 3, "placement": 13, "total": 48},
    ]
    assert final["points_delta"] == [0, 0, 0, 0]
    assert final["value"] == [-40000, -85000, -115000, 240000]


def test_speed_tonpuu_game_with_wins_worked_by_hand() -> None:
    # The wins hold no special tiles, ippatsu or ura: no hand chips.
    result = settled(game(
        ron(1, 2, riichi=[1]),
        draw(1),
        tsumo(1, riichi=[1], dealer_passes=True),
        multi_ron(0, 3, 1),
        draw(),
        ruleset="speed-tonpuu",
    ))
    assert _scores(result) == [
        # Seat 1 riichi, pinfu, tanyao ron: 3,900; takes its own stick back.
        [25000, 28900, 21100, 25000],
        # Dealer 1 alone tenpai.
        [24000, 31900, 20100, 24000],
        # Dealer 1 riichi tsumo, 4 han 20 fu: 2,600 all + 500 each for the honba (basengo),
        # then passes (agariyame).
        [20900, 41200, 17000, 20900],
        # Seat 0 deals into seats 1 and 3: 2,000 each.
        [16900, 43200, 17000, 22900],
        [16900, 43200, 17000, 22900],
    ]
    assert [(h["dealer_after"], h["honba_after"]) for h in result["hands"]] == [
        (1, 0), (1, 1), (2, 0), (3, 0), (0, 1),
    ]
    assert result["end"] == {"hand": 4, "reasons": ["rounds_complete"]}
    final = result["final"]
    assert final["placements"] == [4, 1, 3, 2]
    assert [c["total"] for c in final["chips"]] == [-11, 13, -5, 3]
    assert final["value"] == [-55000, 65000, -25000, 15000]


def test_speed_tonpuu_pao_pays_the_full_shuugi_of_a_yakuman_tsumo() -> None:
    # Seat 2's daisangen tsumo, seat 1 pao: 32,000 and 3 x 5 chips, all from seat 1, which
    # busts (a tobi chip to seat 2); seat 2 reaches 57,000 (called game).
    hand = {"kind": "win", "wins": [{"winner": 2, "pao": 1,
                                     "record": {**DAISANGEN, "win": "tsumo"}}]}
    out = settled(game(hand, ruleset="speed-tonpuu"))["hands"][0]
    assert lines(out) == [
        (1, 2, 32000, 15),
        (1, 2, 0, 1),
        (0, 2, 0, 1),
        (1, 2, 0, 1),
        (3, 2, 0, 1),
    ]
    assert [t["reason"] for t in out["transfers"]] == [
        "pao", "tobi", "called_game", "called_game", "called_game",
    ]


def test_speed_tonpuu_tobi_chip_to_every_winner_of_a_double_ron() -> None:
    # "in the case of multi-ron ... pay to all players that won": seat 2 deals a daisangen
    # (32,000, 10 chips) to seat 1 and a 2,000 pinfu tanyao to seat 3.
    hand = {"kind": "win", "wins": [
        {"winner": 1, "discarder": 2, "record": DAISANGEN},
        {"winner": 3, "discarder": 2, "record": PINFU_TANYAO},
    ]}
    out = settled(game(hand, ruleset="speed-tonpuu"))["hands"][0]
    assert out["scores"] == [25000, 57000, -9000, 27000]
    # Paid in turn order from the discarder: seat 3 first, then seat 1.
    assert lines(out, "ron") == [(2, 3, 2000, 0), (2, 1, 32000, 10)]
    assert lines(out, "tobi") == [(2, 1, 0, 1), (2, 3, 0, 1)]
