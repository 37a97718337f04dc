"""A game settled by the engine, typed; a configuration's game rules.

``settle`` is the one call that scores and settles hands: recording a hand and its
preview (``ledger.play.hands``), a correction's replay, the close and the audit
all come through it, each once. It takes the game JSON of docs/game-format.md (the
engine's input contract: the ruleset, options, players, hands, and ``start``, the
stored game state a game continues from) and answers the engine's typed results,
built while the engine plays the hands: a hand's ``Transfer`` and ``Deposit`` lines
reach the ledger as the engine made them, never through JSON. The engine scores each
win with its fast scorer (engine/fast), falling back to the reference path.
A refused game raises ``EngineError`` (engine_door.errors), located by hand and field.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import engine.game
import engine.rulesets
from engine.game.final import placements, shared_placement
from engine.game.rules import GameRules
from engine.game.settle import settle_typed
from engine.rulesets import Ruleset
from engine_door.errors import EngineError
from engine_door.results import SettledGame

__all__ = [
    "GamePays", "GameRules", "Ruleset", "final_standings", "game_pays", "game_rules",
    "hand_rules", "settle",
]  # fmt: skip


def settle(game: Mapping[str, Any]) -> SettledGame:
    """The engine's settlement of ``game`` (docs/game-format.md), typed; raises ``EngineError``.

    ``"states": true`` in ``game`` adds the game state after each hand (``states``),
    JSON the engine reads back as a later game's ``start``.
    """
    return settle_typed(game)


def game_rules(ruleset_slug: str, game_options: Mapping[str, Any]) -> GameRules:
    """The game rules of a configuration (players, starting points, winds, point unit ...).

    Raises ``EngineError`` naming the option at fault (``bad_field``).
    """
    return engine.game.configure(ruleset_slug, dict(game_options))


def hand_rules(ruleset_slug: str, options: Mapping[str, Any] | None = None) -> Ruleset:
    """The hand rules of a configuration (its tiles, yaku, options); raises ``EngineError``."""
    return engine.rulesets.configure(ruleset_slug, dict(options or {}))


def final_standings(
    ruleset_slug: str, game_options: Mapping[str, Any], scores: tuple[int, ...]
) -> tuple[list[int], list[int]]:
    """Each seat's final place and final score once a game is over, from the scores after its
    last hand: the sticks left on the table go to first place where the rules say so, and
    tied seats share their best place where ties are shared, as the engine's settlement of
    the game's end counts them (``engine.game.final.settle_final``)."""
    rules = game_rules(ruleset_slug, game_options)
    final = list(scores)
    places = placements(final)
    left_on_table = rules.starting_points * rules.players - sum(final)
    if left_on_table > 0 and rules.leftover_sticks == "first_place":
        final[places.index(1)] += left_on_table
    if rules.ties == "share":
        _amounts, places = shared_placement(final, places, (0,) * len(final), 1)
    return places, final


@dataclass(frozen=True, slots=True)
class GamePays:
    """What a game's settlement can move: ``points`` (the final score less the start, and oka
    and uma where the rules have them: ``oka_uma``), ``chips`` (the hands', tobi's and the
    placement's), or both. Speed Tonpuu's placement-only battle pays in chips alone;
    riichi-standard and Toutenkou in points alone."""

    points: bool
    chips: bool
    oka_uma: bool = False


def game_pays(ruleset_slug: str, game_options: Mapping[str, Any]) -> GamePays:
    """What a game of these rules pays (``GamePays``), from its game rules; rules the engine
    no longer reads (an option since removed) show both, hiding nothing."""
    return _game_pays(ruleset_slug, json.dumps(dict(game_options), sort_keys=True, default=str))


@functools.lru_cache(maxsize=256)
def _game_pays(ruleset_slug: str, game_options: str) -> GamePays:
    try:
        rules = game_rules(ruleset_slug, json.loads(game_options))
    except EngineError:
        return GamePays(points=True, chips=True, oka_uma=True)
    oka_uma = any(rules.placement_points)
    return GamePays(points=rules.raw_points or oka_uma, chips=rules.chips_in_play, oka_uma=oka_uma)
