"""Toutenkou's game rules and game options (docs/rules/toutenkou.md, "Game").

Defaults follow toutenkou-tenhou.txt: "The noten penalty of ryuukyoku is 20
points"; "The riichi bet is also 1 point"; East only, dealer rotation as
usual. toutenkou-ja.txt's variants are options: "ノーテン罰符は場に10点(1人
テンパイなら他2人から5点ずつ) ... 場に30点など ... 供託扱いにするルールもある";
"前局の和了者が次局の親になる。親があがれば連荘となり、積み棒を1本増やす";
"基本的には一局清算だが、持ち点を定めて遊ぶことも多い。その場合は持ち点がゼロに
なったら終了"; "流し満貫は役満として扱う".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.game.options import GameOption, table_options, table_rules
from engine.game.registry import GameRulesEntry
from engine.game.rules import ROTATIONS, GameRules
from engine.rulesets.riichi_standard.game import STANDARD_FALSE_CALLS
from engine.rulesets.toutenkou.yaku import BANBAN, OYA

SLUG = "toutenkou"
PLAYERS = 3
# JA: "フリテンリーチは掛けてもよいが、リーチ後の見逃しはできない" (furiten riichi is allowed,
# but a riichi player may not pass up a win): one who does has a dead hand.
FALSE_CALLS = (*STANDARD_FALSE_CALLS, ("furiten", "dead_hand"))
BANBAN_POINTS = BANBAN.han_closed
OYA_POINTS = OYA.han_closed

OPTIONS = (
    GameOption(
        "noten_penalty", "choice", 20,
        "the noten penalty: the total the noten players pay, split among the tenpai"
        " players (20 tenhou; 10 or 30 parlor variants)",
        (20, 10, 30),
    ),
    GameOption(
        "noten_to_deposit", "bool", False,
        "the noten penalty goes to the table as a deposit (like riichi sticks) for the"
        " next winner, instead of to the tenpai players",
    ),
    GameOption(
        "dealer_rotation", "choice", "counterclockwise",
        "counterclockwise (one East round, three dealerships plus renchan), or winner:"
        " the winner deals next, always East, no fixed end",
        ROTATIONS,
    ),
    GameOption(
        "starting_points", "int", 0,
        "0: settlement per hand (scores start at 0 and may go below it); N > 0: each"
        " player starts with N points and the game ends when a player reaches zero",
    ),
    GameOption(
        "nagashi_yakuman_points", "choice", 0,
        "0: no nagashi mangan; 20 or 50: nagashi mangan is a yakuman win, each other"
        " player paying this (the hand option yakuman_points) plus the honba",
        (0, 20, 50),
    ),
    GameOption(
        "nagashi_special_yaku", "bool", False,
        "JA '流し満貫は役満として扱う' (nagashi counts as a yakuman), and a yakuman 'can"
        " still stack with toutenkou-specified special yakus': a nagashi yakuman also takes"
        " those a win needs no tiles for, banban 2 and, for the dealer, oya 1 (each other"
        " player pays them)",
    ),
    GameOption(
        "chonbo_each_points", "int", 20,
        "chonbo: the offender pays this to each other player (the texts are silent)",
    ),
    *table_options(),
)


def build(options: Mapping[str, Any]) -> GameRules:
    starting_points: int = options["starting_points"]
    winner_deals = options["dealer_rotation"] == "winner"
    nagashi_points: int = options["nagashi_yakuman_points"]
    special_yaku = bool(nagashi_points) and options["nagashi_special_yaku"]
    return GameRules(
        slug=SLUG,
        players=PLAYERS,
        starting_points=starting_points,
        rounds=None if winner_deals else 1,
        dealer_rotation=options["dealer_rotation"],
        dealer_pass="never",
        riichi_stick=1,
        riichi_needs_stick=starting_points > 0,
        honba_per_payer=1,
        noten_total=options["noten_penalty"],
        noten_to_pot=options["noten_to_deposit"],
        nagashi="points_win" if nagashi_points else "off",
        nagashi_points_each=nagashi_points,
        # "流し満貫は役満として扱う" and a yakuman "can still stack with toutenkou-specified
        # special yakus": those that need no tiles, banban for every win and oya for the dealer.
        nagashi_bonus_each=BANBAN_POINTS if special_yaku else 0,
        nagashi_dealer_bonus_each=OYA_POINTS if special_yaku else 0,
        chonbo_each=options["chonbo_each_points"],
        false_calls=FALSE_CALLS,
        bust="at_zero" if starting_points else "off",
        raw_points=True,
        placement_points=(0,) * PLAYERS,
        placement_chips=(0,) * PLAYERS,
        # Scores are single points (a mangan is 8 each): a rate prices each point.
        point_unit=1,
        **table_rules(options),
    )


GAME_RULES = (
    GameRulesEntry(
        SLUG,
        "Toutenkou: three players, points per hand, East only; tenhou.net rules with the"
        " parlor variants as options.",
        OPTIONS,
        build,
    ),
)
