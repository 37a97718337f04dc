"""Toutenkou's tiles: the 112- and 108-tile sets, the gari kinds, the manzu dora orders.

toutenkou-tenhou.txt: "Only uses 159m of manzu tiles ... (including red fives
0m0p0s). 112 tiles in total." toutenkou-ja.txt names the older set as well:
"用いる牌は基本的に一九以外の萬子を除いた27種108枚だが、一五九以外の萬子を除いた
28種112枚とするルールもある" (basically 108 tiles, the manzu other than 1 and
9 removed; some rules play 112, keeping 1, 5 and 9).
"""

from __future__ import annotations

from engine.rulesets.base import dora_successors
from engine.tiles import NORTH, TileSet, standard_tile_set, tile_set_without

M1, M5, M9 = 0, 4, 8
# "159m4z are gari": 5m only where the set holds it.
GARI_KINDS: tuple[int, ...] = (M1, M5, M9, NORTH)
FIVES_PS: tuple[int, int] = (13, 22)  # 5p 5s
TILE_COUNTS = (112, 108)
# Indicator -> dora among 1m 5m 9m. tenhou-revision.txt: "A 1m indicator points to 9m;
# a 9m indicator points to 1m. When 5m is the indicator, no tile is considered dora",
# and its note: "One is 1m -> 5m -> 9m -> 1m; the other is 1m -> 9m -> 1m while 5m -> 5m".
MANZU_ORDERS: dict[str, dict[int, int]] = {
    "tenhou": {M1: M9, M9: M1, M5: -1},
    "cycle": {M1: M5, M5: M9, M9: M1},
    "pairs": {M1: M9, M9: M1, M5: M5},
}


def toutenkou_tiles(count: int, *, red: bool = True) -> TileSet:
    """The 112-tile set (1m 5m 9m) or the 108-tile set (1m 9m), red fives or not."""
    removed = range(1, 8) if count == 108 else (1, 2, 3, 5, 6, 7)
    tiles = tile_set_without(f"toutenkou-{count}", standard_tile_set(), removed)
    return tiles if red else tiles.with_red((0, 0, 0))


def gari_kinds(tiles: TileSet) -> frozenset[int]:
    return frozenset(k for k in GARI_KINDS if tiles.copies[k])


def dora_table(tiles: TileSet, order: str) -> tuple[int, ...]:
    """Indicator -> dora kind; without 5m every order is 1m <-> 9m."""
    table = list(dora_successors(tiles))
    if tiles.copies[M5]:
        for indicator, dora in MANZU_ORDERS[order].items():
            table[indicator] = dora
    return tuple(table)


def manzu_order(tiles: TileSet, table: tuple[int, ...]) -> str:
    """Which of MANZU_ORDERS ``table`` follows (any of them when the set has no 5m)."""
    for name, order in MANZU_ORDERS.items():
        if all(table[indicator] == dora for indicator, dora in order.items()):
            return name
    return "tenhou"
