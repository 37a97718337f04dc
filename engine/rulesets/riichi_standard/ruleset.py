"""riichi-standard: the reference four-player ruleset (spec/hand-record.md).

"open tanyao on; one red five of each suit; kazoe yakuman at 13 han; double
yakuman for kokushi_13, suuankou_tanki, chuuren_9 and daisuushii; no kiriage
mangan; pinfu tsumo allowed (20 fu, 2 han with menzen tsumo); an open hand
with no fu beyond its base is paid as 30 fu; open riichi is 2 han (instead
of riichi's 1) and double riichi 2 han; renhou is not a yaku; tenhou and
chiihou stack with other yakuman."
"""

from __future__ import annotations

from typing import Any

from engine.rulesets.base import Ruleset
from engine.rulesets.options import Option
from engine.rulesets.registry import register
from engine.tiles import standard_tile_set
from engine.yaku import STANDARD_YAKU, WAIT_DOUBLE_YAKUMAN


def _kuitan(r: Ruleset, on: Any) -> Ruleset:
    return r.revalue("tanyao", han_open=1 if on else None)


def _aka(r: Ruleset, on: Any) -> Ruleset:
    return r if on else r.replace(tiles=r.tiles.with_red((0, 0, 0)))


def _kiriage(r: Ruleset, on: Any) -> Ruleset:
    return r.replace(kiriage=bool(on))


def _double_yakuman(r: Ruleset, on: Any) -> Ruleset:
    return r.replace(double_yakuman=WAIT_DOUBLE_YAKUMAN if on else frozenset())


def _kazoe(r: Ruleset, on: Any) -> Ruleset:
    return r.replace(kazoe_han=13 if on else None)


def _double_wind_pair_fu(r: Ruleset, fu: Any) -> Ruleset:
    return r.replace(double_wind_pair_fu=int(fu))


STANDARD_OPTIONS = (
    Option("kuitan", True, "Open tanyao: tanyao counts 1 han on an open hand.", _kuitan),
    Option("aka", True, "Red fives in play (one per suit); off: 0m/0p/0s are not tiles.", _aka),
    Option("kiriage", False, "Kiriage mangan: 4 han 30 fu and 3 han 60 fu pay mangan.", _kiriage),
    Option(
        "double_yakuman",
        True,
        "kokushi_13, suuankou_tanki, chuuren_9 and daisuushii count as double yakuman.",
        _double_yakuman,
    ),
    Option("kazoe", True, "Kazoe yakuman: 13 han or more pays a yakuman.", _kazoe),
    Option(
        "double_wind_pair_fu",
        4,
        "Fu for a pair of the wind that is both seat and round wind.",
        _double_wind_pair_fu,
        type=int,
        choices=(2, 4),
    ),
)

RIICHI_STANDARD = register(
    Ruleset(
        slug="riichi-standard",
        players=4,
        tiles=standard_tile_set("riichi-standard"),
        yaku=STANDARD_YAKU,
        doc="The reference four-player ruleset of spec/hand-record.md.",
        options=STANDARD_OPTIONS,
        double_yakuman=WAIT_DOUBLE_YAKUMAN,
    )
)
