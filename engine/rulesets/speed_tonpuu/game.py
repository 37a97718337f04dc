"""Speed Tonpuu's game rules and game options (docs/rules/speed-tonpuu.md, "Game").

Quoted from speed-tonpuu-shuugi.txt: "Strict Tonpuusen: East-only and no
South extension"; "Agariyame and tenpaiyame are on for every dealership
unconditionally ... Passing resets the honba count"; "Called Game at 55,000
pt ... received 1 chip from each other player"; "Riichi with no draws left
is allowed"; "Nagashimangan is a special win that is worth haneman";
"Basengo: honba bonus is 500 per player"; "Tobi: 1 chip"; "Oka and uma ...
13/3/-5/-11"; "Chonbo penalty is 3000 all". Its hand-level rules (kiriage,
special tiles, yaku, per-hand chips) are the hand ruleset's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.game.options import GameOption, final_rounding_option, table_options, table_rules
from engine.game.registry import GameRulesEntry
from engine.game.rules import GameRules

SLUG = "speed-tonpuu"

# "false pon, chii, kan, riichi calls that are NOT corrected before the next draw receive
# are chonbo"; "Dead hand penalty applies to ... false ron and tsumo calls, kuikae, taahai
# and shouhai".
FALSE_CALLS = (
    ("false_pon", "chonbo"),
    ("false_chi", "chonbo"),
    ("false_kan", "chonbo"),
    ("false_riichi", "chonbo"),
    ("false_ron", "dead_hand"),
    ("false_tsumo", "dead_hand"),
    ("kuikae", "dead_hand"),
    ("taahai", "dead_hand"),
    ("shouhai", "dead_hand"),
    # A ron against furiten (say on 6z after discarding the 6z pocchi: "a discarded 6z pocchi
    # counts only against 6z furiten") is a false ron.
    ("furiten", "dead_hand"),
)
# "Oka (20) and uma (50/20) are paid together in chips: 13/3/-5/-11"
PLACEMENT_CHIPS = (13, 3, -5, -11)

OPTIONS = (
    GameOption(
        "chip_value",
        "choice",
        5000,
        "points one shuugi chip is worth (optional rule: 10,000)",
        (5000, 10000),
    ),
    GameOption(
        "placement_only",
        "bool",
        True,
        "placement-only battle: only oka+uma (and chips) settle the game; off: raw points"
        " (score - 25,000) also count",
    ),
    # Points count only with placement_only off; then they may be rounded as parlors do.
    final_rounding_option(),
    GameOption(
        "special_abort",
        "bool",
        False,
        "optional abort agreed by everyone before the dealer's first discard (no honba added)",
    ),
    GameOption(
        "bust",
        "choice",
        "below_zero",
        "tobi (\"Tobi: 1 chip\"; the text does not say when a player busts): below zero, or"
        " at zero or below",
        ("below_zero", "at_zero"),
    ),
    GameOption(
        "pao_share",
        "choice",
        "whole",
        "'pao is on for daisangen, daisuushi, suukantsu, and rinshan' and 'yakuman may"
        " stack': on stacked yakuman pao pays for the whole hand, or only for its own"
        " yakuman's share (and its chips), the rest paid as an ordinary win",
        ("whole", "own_yakuman"),
    ),
    *table_options(),
)


def build(options: Mapping[str, Any]) -> GameRules:
    return GameRules(
        slug=SLUG,
        players=4,
        starting_points=25000,
        rounds=1,
        dealer_pass="any",
        riichi_stick=1000,
        riichi_with_no_draws_left=True,
        honba_per_payer=500,
        noten_total=3000,
        nagashi="haneman_win",
        special_suukantsu=True,
        yakuman_chips_ron=10,
        yakuman_chips_tsumo_each=5,
        pao_yaku=frozenset({"daisangen", "daisuushii", "suukantsu", "rinshan_kaihou"}),
        pao_pays_all_chips=True,
        pao_share=options["pao_share"],
        special_abort=options["special_abort"],
        chonbo_each=3000,
        false_calls=FALSE_CALLS,
        bust=options["bust"],
        tobi_chips=1,
        called_game_at=55000,
        called_game_chips=1,
        **table_rules(options),
        raw_points=not options["placement_only"],
        placement_points=(0, 0, 0, 0),
        placement_chips=PLACEMENT_CHIPS,
        chip_value=options["chip_value"],
        final_rounding=options["final_rounding"],
    )


GAME_RULES = (
    GameRulesEntry(
        SLUG,
        "Speed Tonpuu: East only, shuugi chips, oka/uma 13/3/-5/-11 in chips.",
        OPTIONS,
        build,
    ),
)
