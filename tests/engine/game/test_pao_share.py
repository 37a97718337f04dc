"""Pao on stacked yakuman paying only its own yakuman's share (issue #13, item 4).

speed-tonpuu-shuugi.txt: "pao is on for daisangen, daisuushi, suukantsu, and
rinshan"; "pao is responsible for covering the full shuugi amount (i.e., pays
3x shuugi in the case of tsumo)"; "yakuman may stack". Game option
``pao_share``: ``whole`` (default, the text names no split) or
``own_yakuman`` (pao pays only for its yakuman, the rest is an ordinary win).
"""

from __future__ import annotations

from typing import Any

from tests.engine.game.games import draw, game, last, settled

# Daisangen (the third dragon called from the pao player) + tsuuiisou: a double yakuman,
# daisangen's share one of two. Non-dealer: ron 64,000, tsumo 32,000 / 16,000; chips 2 x 10
# on ron, 2 x 5 from each on tsumo (no special tile).
DAISANGEN_TSUUIISOU = {
    "hand": "111z22z",
    "melds": [{"kind": "pon", "tiles": "555z"}, {"kind": "pon", "tiles": "666z"},
              {"kind": "pon", "tiles": "777z"}],
    "win_tile": "2z",
}


def win_lines(result: dict[str, Any]) -> list[tuple[int, int, int, int]]:
    """(from, to, points, chips) of the last hand's win and pao lines (not tobi or called
    game, which a 64,000 hand also brings)."""
    return [(t["from"], t["to"], t["points"], t["chips"]) for t in last(result)["transfers"]
            if t["reason"] in ("ron", "tsumo", "pao")]


def _win(winner: int, pao: int, discarder: int | None = None) -> dict[str, Any]:
    record = dict(DAISANGEN_TSUUIISOU)
    if discarder is None:
        record["win"] = "tsumo"
    win = {"winner": winner, "discarder": discarder, "pao": pao, "record": record}
    return {"kind": "win", "wins": [win]}


def test_pao_pays_only_its_yakuman_share_of_a_ron_by_option() -> None:
    """ "pao is on for daisangen ... yakuman may stack": with ``own_yakuman`` pao's part is
    daisangen's half of 64,000, split with the discarder (``pao_ron: split``): pao 16,000,
    the discarder 48,000; pao's chips are daisangen's 10, the discarder pays tsuuiisou's 10."""
    out = settled(game(_win(1, pao=2, discarder=3), ruleset="speed-tonpuu",
                       pao_share="own_yakuman"))
    assert win_lines(out) == [(2, 1, 16000, 10), (3, 1, 48000, 10)]


def test_pao_pays_the_whole_stacked_ron_by_default() -> None:
    """Default ``whole``: pao pays half of all 64,000 and every chip (the text's "full
    shuugi amount")."""
    out = settled(game(_win(1, pao=2, discarder=3), ruleset="speed-tonpuu"))
    assert win_lines(out) == [(2, 1, 32000, 20), (3, 1, 32000, 0)]


def test_pao_pays_only_its_yakuman_share_of_a_tsumo_by_option() -> None:
    """Tsumo at 1 honba (basengo 500 from each): daisangen's 32,000 by pao alone, tsuuiisou's
    32,000 as an ordinary tsumo (dealer 16,000, the others 8,000 each, pao included), honba
    from each payer. Chips: 5 from each payer for tsuuiisou, and pao "3x shuugi" for
    daisangen (15)."""
    out = settled(game(draw(0), _win(1, pao=2), ruleset="speed-tonpuu",
                       pao_share="own_yakuman"))
    assert last(out)["honba"] == 1
    assert win_lines(out) == [(0, 1, 16500, 5), (2, 1, 40500, 20), (3, 1, 8500, 5)]


def test_pao_share_needs_a_stack() -> None:
    """A lone pao yakuman is pao's whole: ``own_yakuman`` changes nothing (pao pays all of a
    daisangen tsumo, 32,000, and its 15 chips)."""
    daisangen = {"hand": "777z234m55p", "win_tile": "7z", "win": "tsumo",
                 "melds": [{"kind": "pon", "tiles": "555z"}, {"kind": "pon", "tiles": "666z"}]}
    hand = {"kind": "win", "wins": [{"winner": 1, "pao": 2, "record": daisangen}]}
    out = settled(game(hand, ruleset="speed-tonpuu", pao_share="own_yakuman"))
    assert win_lines(out) == [(2, 1, 32000, 15)]
