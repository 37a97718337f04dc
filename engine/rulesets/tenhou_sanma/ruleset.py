"""tenhou-sanma: tenhou.net three-player rules (records/README.md).

"the three-player version: no 2m-8m, North set aside as nukidora (`nuki`),
each one counted as the yaku `nukidora` worth one han (the server itself
folds it into dora); tsumo is paid by the two other players only, at the
four-player split (no compensation for the missing player); each honba adds
200 to the winner's total (100 from each payer on tsumo)."

With 2m-8m gone, a 1m indicator points to 9m and 9m to 1m (the next manzu
in the set). Nuki North tiles also count as dora when North is dora, as
physical tiles of the winner (``nuki_counts_as_dora``).
"""

from __future__ import annotations

from engine.rulesets.registry import register
from engine.rulesets.tenhou import TENHOU
from engine.tiles import NORTH, tile_set_without
from engine.yaku.dora import NUKIDORA

TENHOU_SANMA = register(
    TENHOU.derive("tenhou-sanma", "tenhou.net three-player rules (sanma) with nukidora.")
    .adding(NUKIDORA, after="ura_dora")
    .replace(
        players=3,
        tiles=tile_set_without("tenhou-sanma", TENHOU.tiles, range(1, 8)),
        nuki_tiles=frozenset({NORTH}),
        record_fields=frozenset({"nuki"}),
    )
)
