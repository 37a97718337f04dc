"""Shuugi chips of one hand: what each payer pays (``{"ron": N}`` or ``{"tsumo_each": N}``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import engine
from tests.engine.game.games import draw, game, lines, settled
from tests.engine.hands import yaku_of
from tests.engine.rulesets.speed_tonpuu.speed import speed_ok, speed_record

REPO = Path(__file__).resolve().parents[4]

PINFU_TANYAO_3S = ("234m456p678s345s88s", "3s")


def test_a_hand_without_chips_says_zero() -> None:
    assert speed_ok(*PINFU_TANYAO_3S)["chips"] == {"ron": 0}
    assert speed_ok(*PINFU_TANYAO_3S, win="tsumo")["chips"] == {"tsumo_each": 0}


def test_ippatsu_is_one_chip() -> None:
    # "besides the special tiles, each of ippatsu and ura is worth 1 chip."
    result = speed_ok(*PINFU_TANYAO_3S, riichi="riichi", ippatsu=True)
    assert result["chips"] == {"ron": 1}


def test_each_ura_dora_is_one_chip() -> None:
    # Ura indicators 1m (2m x1) and 7s (8s x3): four ura dora, four chips.
    result = speed_ok(*PINFU_TANYAO_3S, riichi="riichi", ura_indicators="1m7s")
    assert yaku_of(result)["ura_dora"] == 4
    assert result["chips"] == {"ron": 4}


def test_ura_dora_without_riichi_is_no_chip() -> None:
    assert speed_ok(*PINFU_TANYAO_3S, ura_indicators="1m7s")["chips"] == {"ron": 0}


def test_chips_are_paid_by_each_payer_on_tsumo() -> None:
    # Red 0p, a blue 7s, ippatsu: 1 + 2 + 1 chips from each of the three payers
    # ("pays 3x shuugi in the case of tsumo").
    result = speed_ok("234m406p678s345s88s", "3s", win="tsumo", riichi="riichi", ippatsu=True,
                      specials=["blue_7s"])
    assert result["chips"] == {"tsumo_each": 4}


def test_yakuman_chips_are_10_on_ron_and_5_each_on_tsumo() -> None:
    # "Yakuman shuugi is 10 chips if ron, and 5 chips each if tsumo, for each count of yakuman."
    ron = speed_ok("111m222p777p333s55z", "3s")  # a triplet completed by ron is open
    assert (ron["yakuman"], ron["chips"]) == (0, {"ron": 0})
    tsumo = speed_ok("111m222p777p333s55z", "3s", win="tsumo")  # suuankou (single)
    assert yaku_of(tsumo) == {"suuankou": 1}
    assert tsumo["chips"] == {"tsumo_each": 5}
    double = speed_ok("111m222p777p333s55z", "5z")  # suuankou tanki on ron: double
    assert double["chips"] == {"ron": 20}


def test_chip_counts_are_options() -> None:
    result = speed_ok(*PINFU_TANYAO_3S, riichi="riichi", ippatsu=True, specials=["blue_7s"],
                      options={"blue_chips": 3, "ippatsu_chips": 0})
    assert result["chips"] == {"ron": 3}


def test_ten_thousand_a_chip_is_the_games_not_the_hands() -> None:
    # "Each shuugi chip is worth 10,000 points instead of 5,000" changes money, not chips.
    assert "chip_value" not in {o["name"] for o in engine.rulesets.describe("speed-tonpuu")
                                ["options"]}


def test_nagashi_mangan_is_paid_by_the_game_as_a_haneman_win() -> None:
    # "Nagashimangan is a special win that is worth haneman." A draw, not a hand record: the
    # game pays it as nagashi_mangan (6,000 from the dealer, 3,000 from the others).
    out = settled(game(draw(nagashi=[2]), ruleset="speed-tonpuu"))["hands"][0]
    assert lines(out, "tsumo") == [(0, 2, 6000, 0), (1, 2, 3000, 0), (3, 2, 3000, 0)]
    assert [w["score"]["special"] for w in out["wins"]] == ["nagashi_mangan"]


def test_engine_score_command_prints_chips_and_specials_errors() -> None:
    good = speed_record("234m456p678s345s88s", "3s", id="st-1", specials=["blue_7s"])
    bad = speed_record("234m456p678s345s88s", "3s", id="st-2", specials=["blue_7m"])
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "score"], input=f"{json.dumps(good)}\n{json.dumps(bad)}\n",
        capture_output=True, text=True, cwd=REPO, timeout=120, check=False,
    )
    first, second = (json.loads(line) for line in proc.stdout.splitlines())
    assert proc.returncode == 1
    assert (first["id"], first["total"], first["chips"]) == ("st-1", 3900, {"ron": 2})
    assert (second["id"], second["error"]["code"]) == ("st-2", "bad_field")
    assert "blue_7m" in second["error"]["message"]
