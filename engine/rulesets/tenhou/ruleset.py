"""tenhou: the rules of the real records (records/README.md).

"riichi-standard except that the four wait-based double yakuman (kokushi_13,
suuankou_tanki, chuuren_9, daisuushii) count as single yakuman, as on that
server. No kiriage mangan, open tanyao on, one red five per suit."
"""

from __future__ import annotations

from engine.rulesets.registry import register
from engine.rulesets.riichi_standard import RIICHI_STANDARD

TENHOU = register(
    RIICHI_STANDARD.derive(
        "tenhou",
        "tenhou.net four-player rules: riichi-standard with single yakuman only.",
        double_yakuman=False,
    )
)
