"""Game rules of riichi-standard, and the standard game tenhou and tenhou-sanma build on.

A standard East-South game (the defaults are documented in
docs/game-format.md, "Game rules: riichi-standard"): 25,000 start, 30,000
return, uma 20/10/-10/-20 in points with the oka to first place, noten
penalty 3,000 split, nagashi mangan paid as a mangan tsumo at the draw,
chonbo a reverse mangan, busting below zero ends the game, no chips.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.errors import bad_field
from engine.game.options import GameOption, final_rounding_option, table_options, table_rules
from engine.game.registry import GameRulesEntry
from engine.game.rules import BUST, DEALER_PASS, GameRules

STANDARD_FALSE_CALLS = (
    ("false_ron", "chonbo"),
    ("false_tsumo", "chonbo"),
    ("false_riichi", "chonbo"),
    ("false_pon", "dead_hand"),
    ("false_chi", "dead_hand"),
    ("false_kan", "dead_hand"),
    ("kuikae", "dead_hand"),
    ("taahai", "dead_hand"),
    ("shouhai", "dead_hand"),
)


def _options(
    *, start: int, back: int, uma: tuple[int, ...], sudden_death: bool,
    east_uma: tuple[int, ...] | None = None,
) -> tuple[GameOption, ...]:
    east_only = () if east_uma is None else (
        GameOption(
            "east_uma", "int_list", east_uma,
            "uma in points by placement of an East-only game (length 'east'), 1st first;"
            " 'uma' is the East-South game's",
        ),
    )
    return (
        GameOption(
            "length", "choice", "east_south", "East only, or East and South",
            ("east", "east_south"),
        ),
        GameOption(
            "sudden_death", "bool", sudden_death,
            "sudden death (南入/西入): when no player has the return points at the end of the"
            " last scheduled hand, play goes on into the next wind (South after an East-only"
            " game, West after East-South) and ends after the first hand at whose end a player"
            " has them, or at the end of that wind (dealer renchan and passes as usual)",
        ),
        GameOption("starting_points", "int", start, "points each player starts with"),
        GameOption(
            "return_points", "int", back,
            "points subtracted at the end; the difference to the start, from every player,"
            " is the oka paid to first place",
        ),
        GameOption("uma", "int_list", uma, "uma in points by placement, 1st first"),
        *east_only,
        final_rounding_option(),
        GameOption(
            "dealer_pass", "choice", "last_dealer_first",
            "when the dealer may pass after winning or being tenpai (agariyame/tenpaiyame):"
            " never, only the last dealer in first place (ending the game), or any dealer",
            DEALER_PASS,
        ),
        GameOption(
            "nagashi", "choice", "mangan_draw",
            "nagashi mangan: off, or paid as a mangan tsumo at the draw (no honba or sticks)",
            ("off", "mangan_draw"),
        ),
        GameOption(
            "chonbo", "choice", "reverse_mangan",
            "chonbo: the offender pays a mangan tsumo in reverse, or chonbo_each_points to"
            " each other player",
            ("reverse_mangan", "each"),
        ),
        GameOption("chonbo_each_points", "int", 3000, "chonbo paid to each player ('each')"),
        GameOption(
            "bust", "choice", "below_zero",
            "a player ends the game by going below zero, reaching zero, or never", BUST,
        ),
        *table_options(),
    )


def placement_points(
    *, starting_points: int, return_points: int, uma: tuple[int, ...], players: int
) -> tuple[int, ...]:
    """Uma plus oka in points per placement, relative to the starting points.

    (score - return) + uma + oka(first) = (score - start) + this table's entry.
    """
    if len(uma) != players or sum(uma) != 0:
        raise bad_field(
            f"game_options.uma: needs {players} entries summing to zero, not {uma}",
            field=("game_options", "uma"),
        )
    back = return_points - starting_points
    oka = back * players
    return tuple(u - back + (oka if place == 0 else 0) for place, u in enumerate(uma))


def _builder(
    *, slug: str, players: int, noten_total: int
) -> Callable[[Mapping[str, Any]], GameRules]:
    def build(options: Mapping[str, Any]) -> GameRules:
        return GameRules(
            slug=slug,
            players=players,
            starting_points=options["starting_points"],
            rounds=1 if options["length"] == "east" else 2,
            dealer_pass=options["dealer_pass"],
            honba_per_payer=100,
            noten_total=noten_total,
            nagashi=options["nagashi"],
            chonbo_each=(
                options["chonbo_each_points"] if options["chonbo"] == "each" else None
            ),
            false_calls=STANDARD_FALSE_CALLS,
            bust=options["bust"],
            **table_rules(options),
            raw_points=True,
            placement_points=placement_points(
                starting_points=options["starting_points"],
                return_points=options["return_points"],
                uma=_uma(options, players),
                players=players,
            ),
            placement_chips=(0,) * players,
            final_rounding=options["final_rounding"],
            return_points=options["return_points"],
            sudden_death=options["sudden_death"],
        )

    return build


def _uma(options: Mapping[str, Any], players: int) -> tuple[int, ...]:
    """The game's uma: ``east_uma`` for an East-only game where the rules have one (checked
    whichever length is played; ``placement_points`` checks the one used)."""
    if "east_uma" not in options:
        return tuple(options["uma"])
    east = tuple(options["east_uma"])
    if len(east) != players or sum(east) != 0:
        raise bad_field(
            f"game_options.east_uma: needs {players} entries summing to zero, not {east}",
            field=("game_options", "east_uma"),
        )
    return east if options["length"] == "east" else tuple(options["uma"])


def standard_game(slug: str, doc: str, *, players: int, start: int, back: int,
                  uma: tuple[int, ...], noten_total: int, sudden_death: bool = False,
                  east_uma: tuple[int, ...] | None = None) -> GameRulesEntry:
    """The standard game with these defaults: riichi-standard's, tenhou's, tenhou-sanma's.
    ``east_uma``: an East-only game has its own uma (the option ``east_uma``)."""
    build = _builder(slug=slug, players=players, noten_total=noten_total)
    options = _options(start=start, back=back, uma=uma, sudden_death=sudden_death,
                       east_uma=east_uma)
    return GameRulesEntry(slug, doc, options, build)


# The four-player game's defaults, which tenhou plays too.
FOUR_PLAYERS: dict[str, Any] = {
    "players": 4, "start": 25000, "back": 30000, "uma": (20000, 10000, -10000, -20000),
    "noten_total": 3000,
}

GAME_RULES = (
    standard_game(
        "riichi-standard", "Standard four-player East-South game with uma in points.",
        **FOUR_PLAYERS,
    ),
)
