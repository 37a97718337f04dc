"""The standard yaku table, in the spec's canonical order (which is the output order)."""

from __future__ import annotations

from engine.yaku import dora, honours, runs, situational, suits, terminals, triplets, yakuman
from engine.yaku.base import Yaku

# spec/hand-record.md, "Canonical yaku names". nagashi_mangan is a draw
# result settled by the game, not a yaku a winning hand can hold.
CANONICAL_NAMES: tuple[str, ...] = (
    "riichi", "double_riichi", "open_riichi", "ippatsu", "menzen_tsumo", "pinfu", "tanyao",
    "iipeikou", "yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun", "yakuhai_seat_wind",
    "yakuhai_round_wind", "rinshan_kaihou", "chankan", "haitei", "houtei",
    "sanshoku_doujun", "sanshoku_doukou", "ittsu", "chanta", "junchan", "toitoi", "sanankou",
    "sankantsu", "honroutou", "shousangen", "chiitoitsu", "honitsu", "chinitsu",
    "ryanpeikou", "nagashi_mangan", "dora", "aka_dora", "ura_dora", "nukidora",
    "kokushi", "kokushi_13", "suuankou", "suuankou_tanki", "daisangen",
    "shousuushii", "daisuushii", "tsuuiisou", "chinroutou", "ryuuiisou", "chuuren",
    "chuuren_9", "suukantsu", "tenhou", "chiihou", "renhou",
)  # fmt: skip
NAGASHI_MANGAN = "nagashi_mangan"

# riichi-standard: "double yakuman for kokushi_13, suuankou_tanki, chuuren_9 and daisuushii".
WAIT_DOUBLE_YAKUMAN = frozenset({"kokushi_13", "suuankou_tanki", "chuuren_9", "daisuushii"})

STANDARD_YAKU: tuple[Yaku, ...] = (
    situational.RIICHI,
    situational.DOUBLE_RIICHI,
    situational.OPEN_RIICHI,
    situational.IPPATSU,
    situational.MENZEN_TSUMO,
    runs.PINFU,
    terminals.TANYAO,
    runs.IIPEIKOU,
    honours.YAKUHAI_HAKU,
    honours.YAKUHAI_HATSU,
    honours.YAKUHAI_CHUN,
    honours.YAKUHAI_SEAT_WIND,
    honours.YAKUHAI_ROUND_WIND,
    situational.RINSHAN_KAIHOU,
    situational.CHANKAN,
    situational.HAITEI,
    situational.HOUTEI,
    runs.SANSHOKU_DOUJUN,
    triplets.SANSHOKU_DOUKOU,
    runs.ITTSU,
    terminals.CHANTA,
    terminals.JUNCHAN,
    triplets.TOITOI,
    triplets.SANANKOU,
    triplets.SANKANTSU,
    terminals.HONROUTOU,
    honours.SHOUSANGEN,
    suits.CHIITOITSU,
    suits.HONITSU,
    suits.CHINITSU,
    runs.RYANPEIKOU,
    dora.DORA,
    dora.AKA_DORA,
    dora.URA_DORA,
    yakuman.KOKUSHI,
    yakuman.KOKUSHI_13,
    yakuman.SUUANKOU,
    yakuman.SUUANKOU_TANKI,
    yakuman.DAISANGEN,
    yakuman.SHOUSUUSHII,
    yakuman.DAISUUSHII,
    yakuman.TSUUIISOU,
    yakuman.CHINROUTOU,
    yakuman.RYUUIISOU,
    yakuman.CHUUREN,
    yakuman.CHUUREN_9,
    yakuman.SUUKANTSU,
    situational.TENHOU,
    situational.CHIIHOU,
)


def canonical_rank(name: str) -> int:
    """Position in the canonical list; ruleset-specific names sort after it."""
    try:
        return CANONICAL_NAMES.index(name)
    except ValueError:
        return len(CANONICAL_NAMES)
