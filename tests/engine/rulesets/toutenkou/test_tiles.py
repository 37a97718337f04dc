"""The tile sets: 112 tiles (1m 5m 9m, red fives), the 108-tile option, rejected tiles."""

from __future__ import annotations

import pytest

import engine
from tests.engine.rulesets.toutenkou.hands import (
    HAKU_CLOSED,
    error_of,
    of,
    points_of,
    record,
    scored,
)


def test_112_tiles_of_28_kinds_only_1m_5m_9m_of_the_manzu() -> None:
    # "There are 112 tiles, 28 types in total ... only 159m of manzu are used."
    ruleset = engine.rulesets.get("toutenkou")
    kinds = [k for k, n in enumerate(ruleset.tiles.copies) if n]
    assert ruleset.tiles.total == 112
    assert len(kinds) == 28
    assert [k for k in kinds if k < 9] == [0, 4, 8]


@pytest.mark.parametrize("tile", ["2m", "3m", "4m", "6m", "7m", "8m"])
def test_other_manzu_are_rejected_naming_the_tile(tile: str) -> None:
    code, message = error_of(record(f"{tile}23p456s789s11p555z", "1p"))
    assert code == "bad_tiles"
    assert f"tile {tile} in hand is not in the toutenkou-112 tile set" in message


@pytest.mark.parametrize("field", ["dora_indicators", "nuki", "discards"])
def test_a_missing_tile_is_rejected_in_any_field(field: str) -> None:
    code, message = error_of(of(HAKU_CLOSED, **{field: "7m"}))
    assert code == "bad_tiles"
    assert f"7m in {field}" in message


def test_a_missing_tile_is_rejected_in_melds_and_ura_indicators() -> None:
    code, message = error_of(record("123p456s11p555z", "1p", melds=(("pon", "777m"),)))
    assert (code, "tile 7m in melds[0]" in message) == ("bad_tiles", True)
    code, message = error_of(of(HAKU_CLOSED, riichi="riichi", ura_indicators="3m"))
    assert (code, "tile 3m in ura_indicators" in message) == ("bad_tiles", True)


def test_red_fives_0m_0p_0s_are_in_the_112_set() -> None:
    # "(including red fives 0m0p0s)"
    result = scored(record("340p406s789s11p555z", "1p", nuki="0m"))
    assert points_of(result)["aka_dora"] == 3


def test_108_tile_option_has_no_5m() -> None:
    # toutenkou-ja.txt: "一九以外の萬子を除いた27種108枚"
    ruleset = engine.rulesets.configure("toutenkou", {"tiles": 108})
    assert ruleset.tiles.total == 108
    for tile in ("5m", "0m"):
        code, message = error_of(of(HAKU_CLOSED, nuki=tile, options={"tiles": 108}))
        assert code == "bad_tiles"
        assert f"tile {tile} in nuki is not in the toutenkou-108 tile set" in message


def test_108_tile_set_keeps_red_0p_0s() -> None:
    result = scored(record("340p456s789s11p555z", "1p", options={"tiles": 108}))
    assert points_of(result)["aka_dora"] == 1


def test_aka_off_removes_the_red_fives() -> None:
    code, message = error_of(record("340p456s789s11p555z", "1p", options={"aka": False}))
    assert code == "bad_tiles"
    assert "0p" in message


def test_copies_are_counted_across_hand_melds_nuki_and_discards() -> None:
    code, message = error_of(record("111m456s789s11p555z", "1p", nuki="1m", discards="1m"))
    assert code == "too_many_copies"
    assert "1m" in message


def test_fifth_5m_counts_the_red_one() -> None:
    code, _ = error_of(record("555m456s789s11p555z", "1p", nuki="50m"))
    assert code == "too_many_copies"
