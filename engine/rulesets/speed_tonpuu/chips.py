"""Shuugi chips for one hand: what each payer pays, ``{"ron": N}`` or ``{"tsumo_each": N}``.

"besides the special tiles, each of ippatsu and ura is worth 1 chip";
"Yakuman shuugi is 10 chips if ron, and 5 chips each if tsumo, for each
count of yakuman. Applies to kazoe yakuman." On tsumo every payer pays the
hand's chips and on ron the discarder alone: "pao is responsible for
covering the full shuugi amount (i.e., pays 3x shuugi in the case of tsumo)".
Game-end chips (tobi, called game, uma) are the game's.

The chips are also given by cause (``chip_causes``): one entry per cause that
pays any, whose ``chips`` add up to what each payer pays, so a page can name
every line (ura dora 2, a blue 7s 2, ...) without scoring anything itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.hand.context import HandContext
from engine.record import HandRecord
from engine.rulesets.speed_tonpuu.yaku import BLUES, GOLD, POCCHIS

# The causes, in the order a page lists them (the output keeps it).
CHIP_CAUSES = ("aka", "blue", "gold", "pocchi", "ippatsu", "ura", "yakuman")


@dataclass(frozen=True, slots=True)
class ChipCause:
    """``count`` things of one cause (red fives, ura dora, yakuman...) worth ``chips`` per payer."""

    cause: str
    count: int
    chips: int

    def to_dict(self) -> dict[str, Any]:
        return {"cause": self.cause, "count": self.count, "chips": self.chips}


def chip_causes(
    *, record: HandRecord, ctx: HandContext, yakuman: int, options: Mapping[str, Any]
) -> tuple[ChipCause, ...]:
    """Each cause's chips per payer, causes paying none left out. ``record`` is the hand
    as entered (a pocchi used as a wildcard still pays its chip); ``ctx`` the hand as
    scored (red fives and ura dora held)."""
    specials = record.specials
    yakuman_each = options["yakuman_chips_tsumo" if ctx.tsumo else "yakuman_chips_ron"]
    counted = (
        ("aka", ctx.aka, options["red_chips"]),
        ("blue", sum(name in BLUES for name in specials), options["blue_chips"]),
        ("gold", int(GOLD in specials), options["gold_chips"]),
        ("pocchi", sum(name in POCCHIS for name in specials), options["pocchi_chips"]),
        ("ippatsu", int(record.ippatsu), options["ippatsu_chips"]),
        ("ura", ctx.ura, options["ura_chips"]),
        ("yakuman", yakuman, yakuman_each),
    )
    return tuple(
        ChipCause(cause, count, count * each) for cause, count, each in counted if count * each
    )


def hand_chips(causes: tuple[ChipCause, ...], *, tsumo: bool) -> dict[str, int]:
    """Chips per payer: the causes' sum, ``{"tsumo_each": N}`` or ``{"ron": N}``."""
    return {"tsumo_each" if tsumo else "ron": sum(cause.chips for cause in causes)}


def chips_received(chips: Mapping[str, int], *, payers: int) -> int:
    """What the winner receives in chips (each payer pays ``tsumo_each``)."""
    return chips["ron"] if "ron" in chips else chips["tsumo_each"] * payers
