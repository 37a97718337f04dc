"""Winning shapes Speed Tonpuu adds to the standard ones.

- Kansai chiitoitsu: seven pairs where four of a kind counts as two pairs
  ("Kansai Chiitoi is on and gives extra value based on the number of quads
  (2 of the same pairs)"). The arrangement lists such a kind twice in
  ``pairs``; the plain seven pairs are the case with no repeat.
- Shiisanpuutaa / shiisuupuutaa: on the first draw, with no call made, a
  hand with no set and no partial set: twelve unrelated tiles and one pair
  (shiisanpuutaa) or fourteen unrelated tiles (shiisuupuutaa). Two number
  tiles of one suit are related when they are at most two apart. The record
  says "first draw, no call" with the ``tenhou`` (dealer) or ``chiihou``
  (non-dealer) flag, whose checks are exactly those conditions.
"""

from __future__ import annotations

from itertools import pairwise

from engine.hand import arrangement as arr
from engine.hand.context import HandContext

SHIISANPUUTAA = "shiisanpuutaa"
SHIISUUPUUTAA = "shiisuupuutaa"
PUUTAA_SHAPES = frozenset({SHIISANPUUTAA, SHIISUUPUUTAA})


def kansai_chiitoitsu_shapes(ctx: HandContext) -> list[arr.Arrangement]:
    if ctx.melds:
        return []
    pairs: list[int] = []
    for kind, n in enumerate(ctx.concealed):
        if n not in (0, 2, 4):
            return []
        pairs.extend([kind] * (n // 2))
    return [arr.seven_pairs(tuple(pairs))] if len(pairs) == 7 else []


def _related(a: int, b: int) -> bool:
    return b < 27 and a // 9 == b // 9 and b - a <= 2


def puutaa_shapes(ctx: HandContext) -> list[arr.Arrangement]:
    record = ctx.record
    if ctx.melds or not (record.tenhou or record.chiihou):
        return []
    kinds = [kind for kind, n in enumerate(ctx.concealed) if n]
    pairs = sum(ctx.concealed[kind] == 2 for kind in kinds)
    if any(ctx.concealed[kind] > 2 for kind in kinds) or pairs > 1:
        return []
    if any(_related(a, b) for a, b in pairwise(kinds)):
        return []
    shape = SHIISANPUUTAA if pairs else SHIISUUPUUTAA
    return [arr.Arrangement(shape, (), -1, (), arr.TANKI, (), (), 0, 0, 0)]
