"""Speed Tonpuu's hand-level options: defaults per the text, validated by ``configure``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.errors import EngineError
from engine.tiles import WEST
from tests.engine.hands import error_of
from tests.engine.rulesets.speed_tonpuu.speed import speed

TEXT_DEFAULTS = {
    "kuitan": True,  # "Ari-ari: kuitan and atozuke are on."
    "aka": True,  # "1 red 0m0p0s"
    "kiriage": True,  # "Kiriage Mangan is on."
    "double_yakuman": True,  # "13-sided kokushi, 9-sided chuuren, ... are double yakuman"
    "kazoe": True,  # "Applies to kazoe yakuman."
    "tonshaaba": True,
    "open_riichi": True,
    "basengo": True,
    "kansai_chiitoitsu": True,
    "renhou": True,
    "suurenko": True,
    "shiisanpuutaa": True,
    "ultimate_all_stars": True,
    "sanrenko": True,
    "sanpuuko": True,
    "kokushi_ankan_ron": True,
    "red_chips": 1,
    "blue_chips": 2,
    "gold_chips": 1,
    "pocchi_chips": 1,
    "ippatsu_chips": 1,
    "ura_chips": 1,
    "yakuman_chips_ron": 10,
    "yakuman_chips_tsumo": 5,
    "chip_points": 5000,  # "Each shuugi chip is worth 5,000 points."
}


def test_options_default_to_the_text() -> None:
    described = engine.rulesets.describe("speed-tonpuu")
    defaults = {o["name"]: o["default"] for o in described["options"]}
    assert {name: defaults[name] for name in TEXT_DEFAULTS} == TEXT_DEFAULTS
    assert described["record_fields"] == ["specials"]
    assert described["extra_fields"] == ["chankan_ankan", "wildcard"]


def test_registered_ruleset_embodies_its_defaults() -> None:
    ruleset = engine.rulesets.get("speed-tonpuu")
    assert ruleset.kiriage and ruleset.extra_round_winds == (WEST,)
    assert ruleset.honba_per_payer == 500
    assert ruleset.double_yakuman == {"kokushi_13", "chuuren_9", "daisuushii", "suuankou_tanki"}
    assert ruleset.yakuman_stack and ruleset.kazoe_han == 13
    assert dict(ruleset.option_values) == {
        **TEXT_DEFAULTS, "double_wind_pair_fu": 4,
    }


def test_options_off_then_on_give_back_the_same_yaku_table() -> None:
    names = [y.name for y in engine.rulesets.get("speed-tonpuu").yaku]
    local = {"kansai_chiitoitsu": False, "renhou": False, "suurenko": False,
             "shiisanpuutaa": False, "ultimate_all_stars": False, "sanrenko": False,
             "sanpuuko": False}
    off = engine.rulesets.configure("speed-tonpuu", local)
    assert not {"renhou", "suurenko", "sanrenko", "sanpuuko", "ultimate_all_stars",
                "shiisanpuutaa", "shiisuupuutaa", "kansai_chiitoitsu",
                "kansai_chiitoitsu_yakuman"} & {y.name for y in off.yaku}
    back = off
    for option in off.options:
        if option.name in local:
            back = option.apply(back, True)
    assert [y.name for y in back.yaku] == names
    assert back.shapes == engine.rulesets.get("speed-tonpuu").shapes


@pytest.mark.parametrize(("options", "message"), [
    ({"chip_value": 10000}, "options: unknown option 'chip_value' for speed-tonpuu"),
    ({"red_chips": -1}, "options.red_chips: -1 is not one of"),
    ({"blue_chips": "2"}, "options.blue_chips: '2' is not one of"),
    ({"kiriage": 1}, "options.kiriage: 1 is not a boolean"),
])
def test_configure_names_the_bad_option(options: dict[str, Any], message: str) -> None:
    with pytest.raises(EngineError) as caught:
        engine.rulesets.configure("speed-tonpuu", options)
    assert caught.value.code == "bad_field"
    assert caught.value.message.startswith(message)


def test_a_records_bad_option_is_a_bad_field() -> None:
    result = speed("234m456p678s345s88s", "3s", options={"tonshaaba": "yes"})
    assert error_of(result) == ("bad_field", "options.tonshaaba: 'yes' is not a boolean")


def test_every_test_the_rules_doc_names_exists() -> None:
    # docs/rules/speed-tonpuu.md, "Hand-level rules": each rule names its test.
    root = Path(__file__).resolve().parents[4]
    doc = (root / "docs" / "rules" / "speed-tonpuu.md").read_text(encoding="utf-8")
    section = doc.split("## Hand-level rules", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"`(test_\w+)`", section))
    here = Path(__file__).parent
    defined = set(re.findall(r"^def (test_\w+)", "".join(
        f.read_text(encoding="utf-8") for f in here.glob("test_*.py")), re.M))
    assert len(named) >= 40
    assert named <= defined, sorted(named - defined)
