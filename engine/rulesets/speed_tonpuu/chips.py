"""Shuugi chips for one hand: what each payer pays, ``{"ron": N}`` or ``{"tsumo_each": N}``.

"besides the special tiles, each of ippatsu and ura is worth 1 chip";
"Yakuman shuugi is 10 chips if ron, and 5 chips each if tsumo, for each
count of yakuman. Applies to kazoe yakuman." On tsumo every payer pays the
hand's chips and on ron the discarder alone: "pao is responsible for
covering the full shuugi amount (i.e., pays 3x shuugi in the case of tsumo)".
Game-end chips (tobi, called game, uma) are the game's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.hand.context import HandContext
from engine.record import HandRecord
from engine.rulesets.speed_tonpuu.yaku import BLUES, GOLD, POCCHIS


def hand_chips(
    *, record: HandRecord, ctx: HandContext, yakuman: int, options: Mapping[str, Any]
) -> dict[str, int]:
    """Chips per payer. ``record`` is the hand as entered (a pocchi used as a wildcard
    still pays its chip); ``ctx`` the hand as scored (red fives and ura dora held)."""
    specials = record.specials
    chips = (
        ctx.aka * options["red_chips"]
        + sum(name in BLUES for name in specials) * options["blue_chips"]
        + (GOLD in specials) * options["gold_chips"]
        + sum(name in POCCHIS for name in specials) * options["pocchi_chips"]
        + record.ippatsu * options["ippatsu_chips"]
        + ctx.ura * options["ura_chips"]
    )
    if ctx.tsumo:
        return {"tsumo_each": chips + yakuman * options["yakuman_chips_tsumo"]}
    return {"ron": chips + yakuman * options["yakuman_chips_ron"]}


def chips_received(chips: Mapping[str, int], *, payers: int) -> int:
    """What the winner receives in chips (each payer pays ``tsumo_each``)."""
    return chips["ron"] if "ron" in chips else chips["tsumo_each"] * payers
