"""People's names for the engine's snake_case names, in English and Japanese (gettext).

Keys are the engine's canonical names (spec/hand-record.md, docs/game-format.md,
the rulesets' ``describe()``); the Japanese texts are in ``locale/ja``. A
name without a label is shown as itself with spaces (``some_yaku`` ->
"some yaku"), so a yaku the engine adds never breaks a page;
``tests/ledger/test_labels.py`` lists every engine name still missing here.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from django.utils.functional import Promise
from django.utils.translation import get_language, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext as _

from engine_door.results import WinScore
from engine_door.rulesets import Yaku, hand_rulesets, ruleset_yaku

Labels = Mapping[str, Promise]


YAKU: Labels = {
    "riichi": pgettext_lazy("yaku", "Riichi"),
    "double_riichi": pgettext_lazy("yaku", "Double riichi"),
    "open_riichi": pgettext_lazy("yaku", "Open riichi"),
    "ippatsu": pgettext_lazy("yaku", "Ippatsu"),
    "menzen_tsumo": pgettext_lazy("yaku", "Menzen tsumo"),
    "pinfu": pgettext_lazy("yaku", "Pinfu"),
    "tanyao": pgettext_lazy("yaku", "Tanyao"),
    "iipeikou": pgettext_lazy("yaku", "Iipeikou"),
    "yakuhai_haku": pgettext_lazy("yaku", "Yakuhai: haku"),
    "yakuhai_hatsu": pgettext_lazy("yaku", "Yakuhai: hatsu"),
    "yakuhai_chun": pgettext_lazy("yaku", "Yakuhai: chun"),
    "yakuhai_seat_wind": pgettext_lazy("yaku", "Yakuhai: seat wind"),
    "yakuhai_round_wind": pgettext_lazy("yaku", "Yakuhai: round wind"),
    "rinshan_kaihou": pgettext_lazy("yaku", "Rinshan kaihou"),
    "chankan": pgettext_lazy("yaku", "Chankan"),
    "haitei": pgettext_lazy("yaku", "Haitei raoyue"),
    "houtei": pgettext_lazy("yaku", "Houtei raoyui"),
    "sanshoku_doujun": pgettext_lazy("yaku", "Sanshoku doujun"),
    "sanshoku_doukou": pgettext_lazy("yaku", "Sanshoku doukou"),
    "ittsu": pgettext_lazy("yaku", "Ittsu"),
    "chanta": pgettext_lazy("yaku", "Chanta"),
    "junchan": pgettext_lazy("yaku", "Junchan"),
    "toitoi": pgettext_lazy("yaku", "Toitoi"),
    "sanankou": pgettext_lazy("yaku", "Sanankou"),
    "sankantsu": pgettext_lazy("yaku", "Sankantsu"),
    "honroutou": pgettext_lazy("yaku", "Honroutou"),
    "shousangen": pgettext_lazy("yaku", "Shousangen"),
    "chiitoitsu": pgettext_lazy("yaku", "Chiitoitsu"),
    "honitsu": pgettext_lazy("yaku", "Honitsu"),
    "chinitsu": pgettext_lazy("yaku", "Chinitsu"),
    "ryanpeikou": pgettext_lazy("yaku", "Ryanpeikou"),
    "nagashi_mangan": pgettext_lazy("yaku", "Nagashi mangan"),
    "dora": pgettext_lazy("yaku", "Dora"),
    "aka_dora": pgettext_lazy("yaku", "Red fives"),
    "ura_dora": pgettext_lazy("yaku", "Ura dora"),
    "nukidora": pgettext_lazy("yaku", "Nukidora"),
    # Yakuman.
    "kokushi": pgettext_lazy("yaku", "Kokushi musou"),
    "kokushi_13": pgettext_lazy("yaku", "Kokushi musou, 13-sided wait"),
    "suuankou": pgettext_lazy("yaku", "Suuankou"),
    "suuankou_tanki": pgettext_lazy("yaku", "Suuankou tanki"),
    "daisangen": pgettext_lazy("yaku", "Daisangen"),
    "shousuushii": pgettext_lazy("yaku", "Shousuushii"),
    "daisuushii": pgettext_lazy("yaku", "Daisuushii"),
    "tsuuiisou": pgettext_lazy("yaku", "Tsuuiisou"),
    "chinroutou": pgettext_lazy("yaku", "Chinroutou"),
    "ryuuiisou": pgettext_lazy("yaku", "Ryuuiisou"),
    "chuuren": pgettext_lazy("yaku", "Chuuren poutou"),
    "chuuren_9": pgettext_lazy("yaku", "Junsei chuuren poutou"),
    "suukantsu": pgettext_lazy("yaku", "Suukantsu"),
    "tenhou": pgettext_lazy("yaku", "Tenhou"),
    "chiihou": pgettext_lazy("yaku", "Chiihou"),
    "renhou": pgettext_lazy("yaku", "Renhou"),
    # Speed Tonpuu (docs/rules/speed-tonpuu.md).
    "sanrenko": pgettext_lazy("yaku", "Sanrenkou"),
    "suurenko": pgettext_lazy("yaku", "Suurenkou"),
    "sanpuuko": pgettext_lazy("yaku", "Sanpuukou"),
    "shiisanpuutaa": pgettext_lazy("yaku", "Shiisanpuutaa"),
    "shiisuupuutaa": pgettext_lazy("yaku", "Shiisuupuutaa"),
    "kansai_chiitoitsu": pgettext_lazy("yaku", "Kansai chiitoitsu"),
    "kansai_chiitoitsu_yakuman": pgettext_lazy("yaku", "Kansai chiitoitsu, three quads"),
    "ultimate_all_stars": pgettext_lazy("yaku", "Ultimate all-stars"),
    "blue_dora": pgettext_lazy("yaku", "Blue sevens"),
    "gold_5p": pgettext_lazy("yaku", "Gold 5-pin"),
    "suukantsu_special": pgettext_lazy("yaku", "Suukantsu on the rinshan draw"),
    # Toutenkou's points (docs/rules/toutenkou.md).
    "oya": pgettext_lazy("yaku", "Dealer"),
    "menzen": pgettext_lazy("yaku", "Menzen"),
    "honba": pgettext_lazy("yaku", "Honba"),
    "gari": pgettext_lazy("yaku", "Gari"),
    "banban": pgettext_lazy("yaku", "Banban"),
    "minkan": pgettext_lazy("yaku", "Open kan"),
    "ankan": pgettext_lazy("yaku", "Closed kan"),
    "gari_set": pgettext_lazy("yaku", "Gari set"),
    "ron": pgettext_lazy("yaku", "Ron"),
    "karasu": pgettext_lazy("yaku", "Karasu"),
    "all_gari": pgettext_lazy("yaku", "All gari"),
    "five_dora": pgettext_lazy("yaku", "Five dora"),
    "five_gari": pgettext_lazy("yaku", "Five gari"),
    "daisharin": pgettext_lazy("yaku", "Daisharin"),
}

# The game JSON's hand kinds (docs/game-format.md), as ``ledger.models.HandKind`` names them.
HAND_KINDS: Labels = {
    "win": gettext_lazy("win"),
    "draw": gettext_lazy("exhaustive draw"),
    "abort": gettext_lazy("abortive draw"),
    "chonbo": gettext_lazy("chonbo"),
}

LIMITS: Labels = {
    "mangan": pgettext_lazy("limit", "Mangan"),
    "haneman": pgettext_lazy("limit", "Haneman"),
    "baiman": pgettext_lazy("limit", "Baiman"),
    "sanbaiman": pgettext_lazy("limit", "Sanbaiman"),
    "yakuman": pgettext_lazy("limit", "Yakuman"),
    "kazoe": pgettext_lazy("limit", "Kazoe yakuman"),
}

# Why points move: the engine's transfer and deposit reasons, then the ledger's own.
REASONS: Labels = {
    "ron": pgettext_lazy("reason", "Ron"),
    "tsumo": pgettext_lazy("reason", "Tsumo"),
    "honba": pgettext_lazy("reason", "Honba"),
    "pao": pgettext_lazy("reason", "Pao"),
    "noten": pgettext_lazy("reason", "Noten payment"),
    "chonbo": pgettext_lazy("reason", "Chonbo"),
    "tobi": pgettext_lazy("reason", "Bust (tobi)"),
    "called_game": pgettext_lazy("reason", "Called game"),
    "riichi": pgettext_lazy("reason", "Riichi stick"),
    "sticks": pgettext_lazy("reason", "Sticks taken"),
    "riichi_returned": pgettext_lazy("reason", "Riichi stick returned"),
    "leftover_sticks": pgettext_lazy("reason", "Leftover sticks"),
    "game_end": pgettext_lazy("reason", "Oka and uma"),
    "placement_chips": pgettext_lazy("reason", "Placement chips"),
    "conversion": pgettext_lazy("reason", "Conversion to money"),
    "rounding": pgettext_lazy("reason", "Rounding"),
    "game_fee": pgettext_lazy("reason", "Game fee"),
    "top_fee": pgettext_lazy("reason", "Top fee"),
    "time_fee": pgettext_lazy("reason", "Time fee"),
    "fee_discount": pgettext_lazy("reason", "Fee discount"),
    "fees": pgettext_lazy("reason", "Fees"),
}

ABORT_CAUSES: Labels = {
    "suufon_renta": pgettext_lazy("abort", "Suufon renda (four winds)"),
    "kyuushuu_kyuuhai": pgettext_lazy("abort", "Kyuushuu kyuuhai (nine terminals)"),
    "suucha_riichi": pgettext_lazy("abort", "Suucha riichi (four riichi)"),
    "suukaikan": pgettext_lazy("abort", "Suukaikan (four kans)"),
    "sanchahou": pgettext_lazy("abort", "Sanchahou (triple ron)"),
    "dealer_first_discard": pgettext_lazy("abort", "Agreed abort before the dealer's discard"),
}

FAULTS: Labels = {
    "false_pon": pgettext_lazy("fault", "False pon"),
    "false_chi": pgettext_lazy("fault", "False chi"),
    "false_kan": pgettext_lazy("fault", "False kan"),
    "false_riichi": pgettext_lazy("fault", "False riichi (riichi while noten)"),
    "false_ron": pgettext_lazy("fault", "False ron"),
    "false_tsumo": pgettext_lazy("fault", "False tsumo"),
    "kuikae": pgettext_lazy("fault", "Kuikae"),
    "taahai": pgettext_lazy("fault", "Taahai (too many tiles)"),
    "shouhai": pgettext_lazy("fault", "Shouhai (too few tiles)"),
    "furiten": pgettext_lazy("fault", "Furiten (a win claimed or passed up against furiten)"),
    "other": pgettext_lazy("fault", "Other"),
}

GAME_ENDS: Labels = {
    "tobi": pgettext_lazy("game end", "A player busted"),
    "called_game": pgettext_lazy("game end", "Called game"),
    "rounds_complete": pgettext_lazy("game end", "All rounds played"),
    "agariyame": pgettext_lazy("game end", "Agariyame (the last dealer passed)"),
    "tenpaiyame": pgettext_lazy("game end", "Tenpaiyame (the last dealer passed)"),
    "sudden_death": pgettext_lazy("game end", "Sudden death (a player reached the return points)"),
}

RULESETS: Labels = {
    "riichi-standard": pgettext_lazy("ruleset", "Riichi standard"),
    "tenhou": pgettext_lazy("ruleset", "Tenhou rules"),
    "tenhou-sanma": pgettext_lazy("ruleset", "Tenhou three-player"),
    "speed-tonpuu": pgettext_lazy("ruleset", "Speed Tonpuu"),
    "toutenkou": pgettext_lazy("ruleset", "Toutenkou"),
}

# Options of the rulesets (hand level) and of their game rules.
OPTIONS: Labels = {
    "kuitan": pgettext_lazy("option", "Open tanyao (kuitan)"),
    "aka": pgettext_lazy("option", "Red fives"),
    "kiriage": pgettext_lazy("option", "Kiriage mangan"),
    "double_yakuman": pgettext_lazy("option", "Double yakuman"),
    "kazoe": pgettext_lazy("option", "Kazoe yakuman"),
    "double_wind_pair_fu": pgettext_lazy("option", "Fu of a double-wind pair"),
    "length": pgettext_lazy("option", "Game length"),
    "starting_points": pgettext_lazy("option", "Starting points"),
    "return_points": pgettext_lazy("option", "Return points"),
    "uma": pgettext_lazy("option", "Uma"),
    "east_uma": pgettext_lazy("option", "Uma in East-only games"),
    "dealer_pass": pgettext_lazy("option", "Dealer may pass (agariyame, tenpaiyame)"),
    "nagashi": pgettext_lazy("option", "Nagashi mangan"),
    "chonbo": pgettext_lazy("option", "Chonbo penalty"),
    "chonbo_each_points": pgettext_lazy("option", "Chonbo: points to each player"),
    "bust": pgettext_lazy("option", "Bust (tobi)"),
    "leftover_sticks": pgettext_lazy("option", "Leftover riichi sticks"),
    "multi_ron_bonus": pgettext_lazy("option", "Honba and sticks on a multiple ron"),
    "triple_ron": pgettext_lazy("option", "Triple ron"),
    "pao_ron": pgettext_lazy("option", "Pao on ron"),
    "suukaikan": pgettext_lazy("option", "Four kans (suukaikan)"),
    "fifth_kan": pgettext_lazy("option", "A fifth kan"),
    "pao_share": pgettext_lazy("option", "Pao on stacked yakuman"),
    "ties": pgettext_lazy("option", "Ties on final points"),
    "final_rounding": pgettext_lazy("option", "Final scores rounded"),
    "sudden_death": pgettext_lazy("option", "Sudden death (South or West extension)"),
    "chip_value": pgettext_lazy("option", "Chip value in points"),
    "chip_points": pgettext_lazy("option", "Chip value when ranking a wildcard"),
    "placement_only": pgettext_lazy("option", "Placement-only battle"),
    "special_abort": pgettext_lazy("option", "Agreed abort before the dealer's first discard"),
    # Speed Tonpuu.
    "basengo": pgettext_lazy("option", "Basengo (honba 500 from each payer)"),
    "tonshaaba": pgettext_lazy("option", "Tonshaaba (East and West are round winds)"),
    "open_riichi": pgettext_lazy("option", "Open riichi"),
    "renhou": pgettext_lazy("option", "Renhou as a yakuman"),
    "sanrenko": pgettext_lazy("option", "Sanrenkou"),
    "suurenko": pgettext_lazy("option", "Suurenkou"),
    "sanpuuko": pgettext_lazy("option", "Sanpuukou"),
    "shiisanpuutaa": pgettext_lazy("option", "Shiisanpuutaa and shiisuupuutaa"),
    "kansai_chiitoitsu": pgettext_lazy("option", "Kansai chiitoitsu"),
    "ultimate_all_stars": pgettext_lazy("option", "Ultimate all-stars"),
    "kokushi_ankan_ron": pgettext_lazy("option", "Kokushi may rob a closed kan"),
    "red_chips": pgettext_lazy("option", "Chips per red five"),
    "blue_chips": pgettext_lazy("option", "Chips per blue seven"),
    "gold_chips": pgettext_lazy("option", "Chips for the gold 5-pin"),
    "pocchi_chips": pgettext_lazy("option", "Chips per pocchi"),
    "ippatsu_chips": pgettext_lazy("option", "Chips for ippatsu"),
    "ura_chips": pgettext_lazy("option", "Chips per ura dora"),
    "yakuman_chips_ron": pgettext_lazy("option", "Yakuman chips on ron"),
    "yakuman_chips_tsumo": pgettext_lazy("option", "Yakuman chips from each on tsumo"),
    # Toutenkou.
    "tiles": pgettext_lazy("option", "Tile set"),
    "dealer_rotation": pgettext_lazy("option", "Who deals next"),
    "fives": pgettext_lazy("option", "Fives"),
    "gari_bai": pgettext_lazy("option", "Gari bai (gari doubled)"),
    "gari_tori": pgettext_lazy("option", "Gari tori (gari tripled)"),
    "gari_in_hand": pgettext_lazy("option", "Gari kept in the hand"),
    "daisharin": pgettext_lazy("option", "Daisharin (yakuman)"),
    "karasu_closed_only": pgettext_lazy("option", "Karasu on closed hands only"),
    "karasu_points": pgettext_lazy("option", "Karasu points"),
    "manzu_dora": pgettext_lazy("option", "Manzu dora"),
    "minkan_points": pgettext_lazy("option", "Points per open kan"),
    "nagashi_yakuman_points": pgettext_lazy("option", "Nagashi mangan as a yakuman"),
    "no_chi": pgettext_lazy("option", "No chi"),
    "noten_penalty": pgettext_lazy("option", "Noten penalty"),
    "noten_to_deposit": pgettext_lazy("option", "Noten penalty to the table"),
    "ron_points": pgettext_lazy("option", "Ron bonus"),
    "yakuman_points": pgettext_lazy("option", "Points per yakuman"),
    "all_gari_yakuman": pgettext_lazy("option", "All gari as a yakuman"),
    "gari_multiplies_fives": pgettext_lazy("option", "Gari bai and gari tori on fives as gari"),
    "nagashi_special_yaku": pgettext_lazy("option", "Nagashi yakuman with the special yaku"),
}

# The options' choices (engine values) as people say them: ``choice_label``.
OPTION_CHOICES: Mapping[str, Labels] = {
    "length": {
        "east": pgettext_lazy("option choice", "East only (tonpuusen)"),
        "east_south": pgettext_lazy("option choice", "East and South (hanchan)"),
    },
    "final_rounding": {
        "none": pgettext_lazy("option choice", "As they stand"),
        "thousands": pgettext_lazy("option choice", "To thousands, 500 up"),
        "gosha_rokunyuu": pgettext_lazy("option choice", "Gosha rokunyuu: 500 down, 600 up"),
        "kirisute": pgettext_lazy("option choice", "Kirisute: toward zero"),
        "kiriage": pgettext_lazy("option choice", "Kiriage: away from zero"),
    },
    "dealer_pass": {
        "never": pgettext_lazy("option choice", "Never"),
        "last_dealer_first": pgettext_lazy("option choice", "Only the last dealer in first place"),
        "any": pgettext_lazy("option choice", "Any dealer"),
    },
    "nagashi": {
        "off": pgettext_lazy("option choice", "Off"),
        "mangan_draw": pgettext_lazy("option choice", "A mangan tsumo at the draw"),
    },
    "chonbo": {
        "reverse_mangan": pgettext_lazy("option choice", "A mangan tsumo in reverse"),
        "each": pgettext_lazy("option choice", "Fixed points to each player"),
    },
    "bust": {
        "off": pgettext_lazy("option choice", "Never"),
        "below_zero": pgettext_lazy("option choice", "Below zero"),
        "at_zero": pgettext_lazy("option choice", "At zero or below"),
    },
    "leftover_sticks": {
        "first_place": pgettext_lazy("option choice", "To first place"),
        "house": pgettext_lazy("option choice", "To the house"),
    },
    "multi_ron_bonus": {
        "first": pgettext_lazy("option choice", "First winner from the discarder"),
        "each": pgettext_lazy("option choice", "Each winner"),
    },
    "pao_ron": {
        "split": pgettext_lazy("option choice", "Pao and discarder pay half each"),
        "full": pgettext_lazy("option choice", "Pao pays it all"),
    },
    "ties": {
        "seat_order": pgettext_lazy("option choice", "Seat order from the first dealer"),
        "share": pgettext_lazy("option choice", "Tied players share the places"),
    },
    "suukaikan": {
        "abort": pgettext_lazy("option choice", "Abort the hand"),
        "continue": pgettext_lazy("option choice", "Play on"),
    },
    "fifth_kan": {
        "none": pgettext_lazy("option choice", "No fifth kan"),
        "ura_indicator": pgettext_lazy("option choice", "Indicator from the ura row"),
    },
    "pao_share": {
        "whole": pgettext_lazy("option choice", "Pao pays the whole hand"),
        "own_yakuman": pgettext_lazy("option choice", "Pao pays its own yakuman only"),
    },
    "manzu_dora": {
        "tenhou": pgettext_lazy("option choice", "Tenhou: 1m→9m, 9m→1m"),
        "cycle": pgettext_lazy("option choice", "Cycle: 1m→5m→9m→1m"),
        "pairs": pgettext_lazy("option choice", "Pairs: 1m↔9m, 5m→5m"),
    },
    "fives": {
        "plain": pgettext_lazy("option choice", "Red fives are aka dora"),
        "dora": pgettext_lazy("option choice", "Every 5p and 5s is a dora"),
        "gari": pgettext_lazy("option choice", "Fives count as gari"),
    },
    "karasu_points": {
        "10/20": pgettext_lazy("option choice", "10 open, 20 closed"),
        "20/30": pgettext_lazy("option choice", "20 open, 30 closed"),
    },
    "gari_in_hand": {
        "allowed": pgettext_lazy("option choice", "Allowed (no gari points)"),
        "yakuman_only": pgettext_lazy("option choice", "Only for the yakuman named"),
    },
    "dealer_rotation": {
        "counterclockwise": pgettext_lazy("option choice", "In turn (one East round)"),
        "winner": pgettext_lazy("option choice", "The winner deals next"),
    },
}

MELDS: Labels = {
    "chi": pgettext_lazy("meld", "chi"),
    "pon": pgettext_lazy("meld", "pon"),
    "minkan": pgettext_lazy("meld", "open kan"),
    "kakan": pgettext_lazy("meld", "added kan"),
    "ankan": pgettext_lazy("meld", "closed kan"),
}

# Speed Tonpuu's special physical tiles (the record's ``specials``).
SPECIALS: Labels = {
    "blue_7m": pgettext_lazy("special tile", "blue 7-man"),
    "blue_7p": pgettext_lazy("special tile", "blue 7-pin"),
    "blue_7s": pgettext_lazy("special tile", "blue 7-sou"),
    "gold_5p": pgettext_lazy("special tile", "gold 5-pin"),
    "pocchi_5z": pgettext_lazy("special tile", "pocchi white dragon"),
    "pocchi_6z": pgettext_lazy("special tile", "pocchi green dragon"),
    "pocchi_7z": pgettext_lazy("special tile", "pocchi red dragon"),
}

# Causes of a win's chips (the engine's ``chip_causes``: Speed Tonpuu's shuugi).
CHIP_CAUSES: Labels = {
    "aka": pgettext_lazy("chip cause", "Red fives"),
    "blue": pgettext_lazy("chip cause", "Blue sevens"),
    "gold": pgettext_lazy("chip cause", "Gold 5-pin"),
    "pocchi": pgettext_lazy("chip cause", "Pocchi"),
    "ippatsu": pgettext_lazy("chip cause", "Ippatsu"),
    "ura": pgettext_lazy("chip cause", "Ura dora"),
    "yakuman": pgettext_lazy("chip cause", "Yakuman"),
}

# Seat winds counted from the first dealer: seat 0 is East.
WINDS: tuple[Promise, ...] = (
    pgettext_lazy("wind", "East"),
    pgettext_lazy("wind", "South"),
    pgettext_lazy("wind", "West"),
    pgettext_lazy("wind", "North"),
)


def label(labels: Labels, name: str) -> str:
    """The label of ``name`` in the active language, or the name itself with spaces."""
    found = labels.get(name)
    return str(found) if found is not None else name.replace("_", " ")


def choice_label(option: str, value: object) -> str:
    """One choice of an option as people say it: a word choice by its label (the name with
    spaces where it has none); a number with its thousands separators (5,000)."""
    if isinstance(value, bool):
        return _("on") if value else _("off")
    if isinstance(value, int):
        return f"{value:,}"
    return label(OPTION_CHOICES.get(option, {}), str(value))


def yaku_label(name: str) -> str:
    """The yaku's label: this module's, else the title its declaration carries, else its name."""
    found = YAKU.get(name)
    if found is not None:
        return str(found)
    declared = declared_yaku().get(name)
    if declared is not None:
        japanese = (get_language() or "").startswith("ja")
        return declared.title_ja if japanese and declared.title_ja else declared.title
    return name.replace("_", " ")


@cache
def declared_yaku() -> Mapping[str, Yaku]:
    """Every registered ruleset's yaku that declares its own title, by name."""
    return {
        yaku.name: yaku
        for slug in hand_rulesets()
        for yaku in ruleset_yaku(slug)
        if yaku.title
    }


def seat_wind(seat: int) -> str:
    """The seat's starting wind (seat 0 East); a seat out of range shows its number."""
    return str(WINDS[seat]) if 0 <= seat < len(WINDS) else str(seat)


def score_value(score: WinScore) -> str:
    """A win's value as people say it: "2× yakuman", "12 points", "3 han", "3 han 30 fu"."""
    if score.yakuman:
        return _("%(count)d× yakuman") % {"count": score.yakuman}
    if score.han is None:
        return _("%(points)s points") % {"points": "?" if score.points is None else score.points}
    if score.fu is None:
        return _("%(han)d han") % {"han": score.han}
    return _("%(han)d han %(fu)d fu") % {"han": score.han, "fu": score.fu}
