"""Transfers derived from spec-shaped hand outputs (any ruleset honouring the spec)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import EngineError
from engine.game import configure
from engine.game.payments import win_transfers
from engine.game.rules import GameRules
from engine.game.table import Transfer

SPEED = configure("speed-tonpuu", {})
# A three-player points ruleset shaped like Toutenkou: 1-point sticks, no chips.
POINTS_3P = GameRules(slug="points-3p", players=3, riichi_stick=1, noten_total=10,
                      placement_points=(0, 0, 0), placement_chips=(0, 0, 0))


def pay(outcome: dict[str, Any], rules: GameRules = SPEED, **win: Any) -> list[Transfer]:
    args: dict[str, Any] = {"discarder": None, "pao": None, "dealer": 0, "sticks_points": 0}
    args.update(win)
    return win_transfers(outcome, rules=rules, where="", **args)


def test_pao_covers_the_full_shuugi_on_tsumo() -> None:
    # "pao is responsible for covering the full shuugi amount (i.e., pays 3x shuugi in the
    # case of tsumo)"
    yakuman_tsumo = {"payment": {"tsumo_dealer": 16000, "tsumo_non_dealer": 8000},
                     "total": 32000, "chips": {"tsumo_each": 5}}
    assert pay(yakuman_tsumo, winner=2, pao=1) == [Transfer(1, 2, 32000, 15, "pao")]


def test_pao_covers_the_full_shuugi_on_ron_and_splits_the_points() -> None:
    yakuman_ron = {"payment": {"ron": 32000}, "total": 33500, "chips": {"ron": 12}}
    assert pay(yakuman_ron, winner=2, discarder=3, pao=1) == [
        Transfer(1, 2, 16000, 12, "pao"),
        Transfer(3, 2, 17500, 0, "ron"),
    ]


def test_pao_ron_full_option_makes_pao_pay_everything() -> None:
    rules = configure("speed-tonpuu", {"pao_ron": "full"})
    yakuman_ron = {"payment": {"ron": 32000}, "total": 32000, "chips": {"ron": 10}}
    assert pay(yakuman_ron, rules, winner=2, discarder=3, pao=1) == [
        Transfer(1, 2, 32000, 10, "pao")
    ]


def test_basengo_tsumo_honba_is_500_from_each_payer() -> None:
    # Honba 2 under basengo: total = 2,000 + 1,000 + 1,000 + 3 payers x 2 x 500 + 1 stick.
    tsumo = {"payment": {"tsumo_dealer": 2000, "tsumo_non_dealer": 1000}, "total": 8000,
             "chips": {"tsumo_each": 1}}
    assert pay(tsumo, winner=1, sticks_points=1000) == [
        Transfer(0, 1, 3000, 1, "tsumo"),
        Transfer(2, 1, 2000, 1, "tsumo"),
        Transfer(3, 1, 2000, 1, "tsumo"),
    ]


def test_points_ruleset_tsumo_each_is_paid_by_the_two_others() -> None:
    # Toutenkou's spec output: {"tsumo_each": P}; total adds the riichi sticks at 1 point.
    tsumo = {"payment": {"tsumo_each": 12}, "total": 26}
    assert pay(tsumo, POINTS_3P, winner=1, sticks_points=2) == [
        Transfer(0, 1, 12, 0, "tsumo"),
        Transfer(2, 1, 12, 0, "tsumo"),
    ]


@pytest.mark.parametrize(
    ("outcome", "discarder", "message"),
    [
        ({"payment": {"tsumo_all": 1000}, "total": 3100}, None, "does not split evenly"),
        ({"payment": {"ron": 1000}}, 2, "no payment object or integer total"),
        ({"payment": {"tsumo_all": 1000}, "total": 3000}, 2, "a ron's payment has no 'ron'"),
        ({"payment": {"ron": 1000}, "total": 1000, "chips": {"tsumo_each": 1}}, 2,
         "expected chips {'ron': N}"),
    ],
)
def test_off_spec_score_is_an_internal_error(
    outcome: dict[str, Any], discarder: int | None, message: str
) -> None:
    with pytest.raises(EngineError, match=message) as caught:
        pay(outcome, winner=0, discarder=discarder)
    assert caught.value.code == "internal_error"
