"""speed-tonpuu, the hand-level ruleset (docs/rules/speed-tonpuu.md, "Hand-level rules").

riichi-standard plus: "Kiriage Mangan is on"; "Tonshaaba: 1z3z are both
round winds"; "Basengo: honba bonus is 500 per player"; the special tiles
(red, blue, gold, pocchi); Kansai chiitoitsu; local yaku and yakuman; "yakuman
may stack (except with kazoe yakuman)"; shuugi chips per hand (``chips``).
"""

from __future__ import annotations

from types import MappingProxyType

from engine.rulesets.registry import register
from engine.rulesets.riichi_standard import RIICHI_STANDARD
from engine.rulesets.speed_tonpuu.options import SPEED_OPTIONS, with_shapes
from engine.rulesets.speed_tonpuu.score import speed_score
from engine.rulesets.speed_tonpuu.special_tiles import CHANKAN_ANKAN, WILDCARD, boolean_field
from engine.rulesets.speed_tonpuu.yaku import SPEED_YAKU
from engine.tiles import WEST, standard_tile_set
from engine.yaku import WAIT_DOUBLE_YAKUMAN

SPEED_TONPUU = register(
    with_shapes(
        RIICHI_STANDARD.replace(
            slug="speed-tonpuu",
            doc="Speed Tonpuu: 4-player East-only shuugi riichi with special tiles and chips.",
            tiles=standard_tile_set("speed-tonpuu"),
            yaku=SPEED_YAKU,
            options=SPEED_OPTIONS,
            option_values=MappingProxyType({}),
            # "13-sided kokushi, 9-sided chuuren, daisuushi, and suuanko tanki are double"
            double_yakuman=WAIT_DOUBLE_YAKUMAN,
            yakuman_stack=True,
            kazoe_han=13,
            kiriage=True,
            extra_round_winds=(WEST,),
            honba_per_payer=500,
            record_fields=frozenset({"specials"}),
            extra_fields=MappingProxyType(
                {WILDCARD: boolean_field, CHANKAN_ANKAN: boolean_field}
            ),
            score=speed_score,
        ),
        kansai=True,
        puutaa=True,
    )
)
