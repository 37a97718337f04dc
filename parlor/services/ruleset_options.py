"""A ruleset configuration's options as the engine declares them, for the manager's form.

The engine lists every option of a ruleset configuration, hand level
(``options``) and game level (``game_options``), in one schema
(``engine_door.rulesets.option_schema``: name, type, choices, default and an
English doc); ``option_specs`` reads it for the form; ``overrides`` keeps
only the values that differ from the defaults (what a configuration stores).
Whether values are valid together is the engine's call (``parlor.validators``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

HAND, GAME = "options", "game_options"


@dataclass(frozen=True, slots=True)
class OptionSpec:
    scope: str  # HAND or GAME: which JSON object of the configuration holds it
    name: str
    kind: str  # bool, int, str, choice (typed by its choices) or int_list
    default: Any
    doc: str
    choices: tuple[Any, ...] = ()

    @property
    def field_name(self) -> str:
        return f"{'opt' if self.scope == HAND else 'game'}__{self.name}"


def configurable_rulesets() -> list[str]:
    """Slugs the engine can configure at both levels (hand rules and game rules)."""
    from engine_door.rulesets import game_rulesets, hand_rulesets

    return sorted(set(hand_rulesets()) & set(game_rulesets()))


def option_specs(slug: str) -> list[OptionSpec]:
    """Every option of ``slug``: the engine's one schema (hand options, then game options)."""
    from engine_door.rulesets import option_schema

    return [
        OptionSpec(o.scope, o.name, o.kind, o.default, o.doc, o.choices)
        for o in option_schema(slug)
    ]


def overrides(specs: list[OptionSpec], values: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """``{"options": {...}, "game_options": {...}}``: values (by field name) off the defaults."""
    chosen: dict[str, dict[str, Any]] = {HAND: {}, GAME: {}}
    for spec in specs:
        value = values.get(spec.field_name, spec.default)
        if value != spec.default:
            chosen[spec.scope][spec.name] = value
    return chosen


def complete_options(
    *, ruleset_slug: str, options: Any, game_options: Any
) -> tuple[Any, Any]:
    """The configuration's complete option sets (the door's ``complete_options``): what it plays
    by, defaults filled in. Values the engine refuses (or a ruleset it does not know) come
    back as given: the validators report them, this only completes what is valid."""
    from engine_door.errors import EngineError
    from engine_door.rulesets import complete_options as engine_complete

    if not isinstance(options, dict) or not isinstance(game_options, dict):
        return options, game_options
    try:
        return engine_complete(ruleset_slug, options, game_options)
    except EngineError:
        return options, game_options
