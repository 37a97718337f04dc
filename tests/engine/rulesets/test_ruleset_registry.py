"""engine.rulesets: lookup, per-hand options, descriptions."""

from __future__ import annotations

import json

import pytest

import engine
from engine import rulesets
from engine.errors import EngineError, ErrorCode
from tests.engine.hands import record, scored


def test_the_three_core_rulesets_are_available() -> None:
    assert {"riichi-standard", "tenhou", "tenhou-sanma"} <= set(rulesets.available())


def test_unknown_slug_is_a_bad_field_naming_it() -> None:
    with pytest.raises(EngineError) as caught:
        rulesets.get("mahjong-soul")
    assert caught.value.code is ErrorCode.BAD_FIELD and "mahjong-soul" in caught.value.message


def test_configure_without_options_is_the_registered_ruleset() -> None:
    assert rulesets.configure("riichi-standard", {}) is rulesets.get("riichi-standard")


def test_configure_is_cached_per_option_set() -> None:
    a = rulesets.configure("riichi-standard", {"kiriage": True, "kuitan": False})
    b = rulesets.configure("riichi-standard", {"kuitan": False, "kiriage": True})
    assert a is b and a.kiriage and a.option_values["kuitan"] is False


@pytest.mark.parametrize(
    "options, named",
    [
        ({"kiriage": "yes"}, "kiriage"),
        ({"double_wind_pair_fu": 3}, "double_wind_pair_fu"),
        ({"no_such_option": True}, "no_such_option"),
    ],
)
def test_bad_options_are_bad_fields_naming_the_option(
    options: dict[str, object], named: str
) -> None:
    with pytest.raises(EngineError) as caught:
        rulesets.configure("riichi-standard", options)
    assert caught.value.code is ErrorCode.BAD_FIELD and named in caught.value.message


def test_describe_is_json_and_lists_every_option() -> None:
    described = rulesets.describe("riichi-standard")
    json.dumps(described)
    names = {o["name"] for o in described["options"]}
    assert names == {"kuitan", "aka", "kiriage", "double_yakuman", "kazoe", "double_wind_pair_fu"}
    kiriage = next(o for o in described["options"] if o["name"] == "kiriage")
    assert kiriage["type"] == "boolean" and kiriage["default"] is False and kiriage["doc"]


def test_tenhou_defaults_to_single_yakuman() -> None:
    option = next(
        o for o in rulesets.describe("tenhou")["options"] if o["name"] == "double_yakuman"
    )
    assert option["default"] is False
    assert rulesets.get("tenhou").double_yakuman == frozenset()


def test_options_field_changes_one_hand() -> None:
    # 4 han 30 fu: 7700 without kiriage, mangan with it
    hand = dict(hand="234567m345p567s88p", win_tile="2m", riichi="riichi", dora_indicators="4m")
    assert scored(**hand)["payment"] == {"ron": 7700}
    assert scored(**hand, options={"kiriage": True})["payment"] == {"ron": 8000}


def test_kuitan_off_makes_open_tanyao_worthless() -> None:
    rec = record(
        "234m55s",
        "2m",
        melds=(("chi", "567p"), ("pon", "888s"), ("chi", "345m")),
        options={"kuitan": False},
    )
    assert engine.score(rec)["error"]["code"] == "no_yaku"


def test_aka_off_rejects_red_fives() -> None:
    rec = record("230m345p567s88p", "2m", riichi="riichi", options={"aka": False})
    result = engine.score(rec)
    assert result["error"]["code"] == "bad_tiles" and "0m" in result["error"]["message"]


def test_kazoe_off_caps_at_sanbaiman() -> None:
    hand = dict(hand="22334455667788m", win_tile="8m", riichi="riichi", dora_indicators="1m")
    assert scored(**hand)["limit"] == "kazoe"
    assert scored(**hand, options={"kazoe": False})["limit"] == "sanbaiman"


def test_double_wind_pair_fu_option() -> None:
    # 20 + 2 tsumo + 4 (222s) + 2 tanki = 28, plus the South pair as seat and round wind
    hand = dict(
        hand="123m456p222s789s22z",
        win_tile="2z",
        seat_wind="S",
        round_wind="S",
        win="tsumo",
        riichi="riichi",
    )
    assert scored(**hand)["fu"] == 40  # 28 + 4
    assert scored(**hand, options={"double_wind_pair_fu": 2})["fu"] == 30  # 28 + 2
