"""Shape finders: each turns a context into the arrangements of one winning shape.

A ruleset lists its finders (``Ruleset.shapes``); one that accepts another
shape (say seven pairs with a quad counted as two pairs) swaps a finder.
Regular hands get one arrangement per reading *and* per place the winning
tile can sit, since the wait decides fu, pinfu and (on ron) ankou.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.hand import arrangement as arr
from engine.hand.arrangement import KANCHAN, PENCHAN, RYANMEN, SHANPON, TANKI, TRIPLET
from engine.hand.context import HandContext
from engine.hand.decompose import regular_readings, seven_pairs
from engine.tiles import YAOCHUU_MASK as TERMINALS_AND_HONOURS_MASK

ShapeFinder = Callable[[HandContext], Sequence[arr.Arrangement]]


def run_wait(first: int, win: int) -> int:
    if win == first + 1:
        return KANCHAN
    if win == first:
        return PENCHAN if first % 9 == 6 else RYANMEN
    return PENCHAN if first % 9 == 0 else RYANMEN


def regular_shapes(ctx: HandContext) -> list[arr.Arrangement]:
    win = ctx.win_tile
    ron = not ctx.tsumo
    melds = ctx.melds
    out: list[arr.Arrangement] = []
    for pair, sets in regular_readings(ctx.concealed):
        concealed = [(kind, tile, False) for kind, tile in sets]
        if pair == win:
            out.append(arr.regular((*concealed, *melds), pair, TANKI))
        seen: set[tuple[int, int]] = set()
        for i, (kind, tile) in enumerate(sets):
            if (kind, tile) in seen:
                continue
            if kind == TRIPLET:
                if tile != win:
                    continue
                wait = SHANPON
                placed = concealed
                if ron:  # a triplet completed by ron is open (minkou)
                    placed = concealed[:i] + [(TRIPLET, tile, True)] + concealed[i + 1 :]
            else:
                if not tile <= win <= tile + 2:
                    continue
                wait = run_wait(tile, win)
                placed = concealed
            seen.add((kind, tile))
            out.append(arr.regular((*placed, *melds), pair, wait))
    return out


def chiitoitsu_shapes(ctx: HandContext) -> list[arr.Arrangement]:
    # Seven distinct kinds or no seven pairs: one bit count rejects almost every hand.
    if ctx.melds or ctx.mask.bit_count() != 7:
        return []
    pairs = seven_pairs(ctx.concealed)
    return [arr.seven_pairs(pairs)] if pairs else []


def kokushi_shapes(ctx: HandContext) -> list[arr.Arrangement]:
    # Fourteen concealed tiles (checked with the context) holding every terminal and honour
    # kind and nothing else: one is held twice, the thirteen orphans.
    if ctx.melds or ctx.mask != TERMINALS_AND_HONOURS_MASK:
        return []
    return [arr.thirteen_orphans()]


STANDARD_SHAPES: tuple[ShapeFinder, ...] = (regular_shapes, chiitoitsu_shapes, kokushi_shapes)
