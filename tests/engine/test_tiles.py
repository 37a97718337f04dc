"""mpsz tiles (spec/hand-record.md, "Tiles") and per-ruleset tile sets."""

from __future__ import annotations

import pytest

from engine.errors import EngineError, ErrorCode
from engine.rulesets import dora_successors, get
from engine.tiles import (
    EAST,
    NORTH,
    RED_M,
    RED_P,
    RED_S,
    TileSet,
    mpsz,
    parse_tiles,
    standard_tile_set,
    tile_name,
)


@pytest.mark.parametrize(
    "text, names",
    [
        ("123m406p", ["1m", "2m", "3m", "4p", "0p", "6p"]),
        ("1z2z7z", ["1z", "2z", "7z"]),
        ("11m1z", ["1m", "1m", "1z"]),
        ("0m0p0s", ["0m", "0p", "0s"]),
        ("", []),
    ],
)
def test_mpsz_parses_digits_then_suit(text: str, names: list[str]) -> None:
    assert [tile_name(c) for c in parse_tiles(text)] == names


def test_red_five_is_a_five_of_its_suit() -> None:
    assert parse_tiles("0m0p0s") == (RED_M, RED_P, RED_S)
    assert mpsz(parse_tiles("5m0m")) == "05m"


@pytest.mark.parametrize(
    "text, named",
    [("12", "'12'"), ("1x", "'x'"), ("m", "'m'"), ("8z", "8z"), ("0z", "0z"), ("1m ", "' '")],
)
def test_unparsable_tiles_are_bad_tiles_naming_the_problem(text: str, named: str) -> None:
    with pytest.raises(EngineError) as caught:
        parse_tiles(text)
    assert caught.value.code is ErrorCode.BAD_TILES
    assert named in caught.value.message


def test_order_does_not_matter_in_canonical_form() -> None:
    assert mpsz(parse_tiles("7z1m9s0p5p1z")) == "1m05p9s17z"


def test_standard_set_has_136_tiles_with_one_red_five_per_suit() -> None:
    tiles = standard_tile_set()
    assert tiles.total == 136
    assert tiles.red == (1, 1, 1)
    assert tiles.allowed[4] == 3 and tiles.allowed[RED_M] == 1


def test_sanma_set_has_108_tiles_and_no_2m_to_8m() -> None:
    tiles = get("tenhou-sanma").tiles
    assert tiles.total == 108
    assert [tile_name(k) for k in range(9) if tiles.copies[k]] == ["1m", "9m"]
    assert not tiles.has(RED_M) and tiles.has(RED_P) and tiles.has(RED_S)


def test_sanma_dora_after_1m_is_9m_and_after_9m_is_1m() -> None:
    nxt = get("tenhou-sanma").dora_next
    assert (tile_name(nxt[0]), tile_name(nxt[8])) == ("9m", "1m")


def test_dora_cycles_within_winds_and_dragons() -> None:
    nxt = dora_successors(standard_tile_set())
    assert nxt[NORTH] == EAST
    assert [tile_name(nxt[k]) for k in (31, 32, 33)] == ["6z", "7z", "5z"]
    assert tile_name(nxt[8]) == "1m" and tile_name(nxt[17]) == "1p"


def test_a_tile_set_lists_all_34_kinds() -> None:
    with pytest.raises(ValueError):
        TileSet("short", (4,) * 33, (1, 1, 1))
