"""tenhou-sanma (records/README.md, "What the two slugs mean"), beyond the five real hands."""

from __future__ import annotations

from typing import Any

import engine
from tests.engine.hands import record

PON_9M = (("pon", "999m"),)


def sanma(hand: str, win_tile: str, **fields: Any) -> dict[str, Any]:
    return engine.score(record(hand, win_tile, ruleset="tenhou-sanma", **fields))


def test_each_nuki_north_is_one_han_of_nukidora() -> None:
    result = sanma("123999p789s11z", "1z", melds=PON_9M, nuki="4z4z4z")
    assert {"name": "nukidora", "han": 3} in result["yaku"]


def test_nukidora_alone_is_not_a_yaku() -> None:
    result = sanma("111999m456p789s11p", "1p", nuki="4z")
    assert result["error"]["code"] == "no_yaku"


def test_nuki_north_is_also_dora_when_west_is_the_indicator() -> None:
    result = sanma("123999p789s11z", "1z", melds=PON_9M, nuki="4z", dora_indicators="3z")
    names = {y["name"]: y["han"] for y in result["yaku"]}
    assert names["nukidora"] == 1 and names["dora"] == 1


def test_rinshan_after_a_nuki() -> None:
    result = sanma("123999p789s11z", "1z", melds=PON_9M, nuki="4z", win="tsumo", rinshan=True)
    assert result["ok"] and "rinshan_kaihou" in {y["name"] for y in result["yaku"]}


def test_honba_is_200_from_the_discarder_on_ron() -> None:
    base = sanma("123999p789s11z", "1z", melds=PON_9M)
    with_honba = sanma("123999p789s11z", "1z", melds=PON_9M, honba=2)
    assert with_honba["total"] - base["total"] == 400


def test_non_dealer_tsumo_is_paid_by_the_dealer_and_one_other() -> None:
    result = sanma("123999p789s11z", "1z", melds=PON_9M, win="tsumo", honba=1)
    payment = result["payment"]
    assert result["total"] == payment["tsumo_dealer"] + payment["tsumo_non_dealer"] + 200


def test_only_north_can_be_set_aside() -> None:
    result = sanma("123999p789s11z", "1z", melds=PON_9M, nuki="3z")
    assert result["error"]["code"] == "bad_field" and "nuki" in result["error"]["message"]


def test_nuki_is_not_used_by_four_player_tenhou() -> None:
    result = engine.score(record("123999p789s11z", "1z", ruleset="tenhou", melds=PON_9M, nuki="4z"))
    assert result["error"]["code"] == "bad_field"
