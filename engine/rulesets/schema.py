"""One option schema for a ruleset configuration: its hand options and its game options.

A configuration sets two JSON objects, ``options`` (the hand rules',
``engine.rulesets``) and ``game_options`` (the game rules', ``engine.game``).
``option_schema`` lists both in one shape and one type vocabulary, so a form
or an API that offers them reads one list instead of two descriptions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

Scope = Literal["options", "game_options"]
HAND: Scope = "options"
GAME: Scope = "game_options"
# Both levels' type names, to one vocabulary: bool, int, str, choice, int_list.
_KINDS = {
    "boolean": "bool",
    "bool": "bool",
    "integer": "int",
    "int": "int",
    "string": "str",
    "choice": "choice",
    "int_list": "int_list",
}


@dataclass(frozen=True, slots=True)
class OptionSchema:
    scope: Scope  # which JSON object of the configuration holds it
    name: str
    kind: str  # bool, int, str, choice (typed by its choices) or int_list
    default: Any
    doc: str
    choices: tuple[Any, ...] = ()


def option_schema(slug: str) -> tuple[OptionSchema, ...]:
    """Every option of ``slug``'s configuration: its hand options, then its game options."""
    from engine import game, rulesets

    out: list[OptionSchema] = []
    described: tuple[tuple[Scope, dict[str, Any]], ...] = (
        (HAND, rulesets.describe(slug)),
        (GAME, game.describe(slug)),
    )
    for scope, description in described:
        for option in description["options"]:
            default = option["default"]
            out.append(
                OptionSchema(
                    scope=scope,
                    name=option["name"],
                    kind=_KINDS[option["type"]],
                    default=list(default) if isinstance(default, tuple) else default,
                    doc=option["doc"],
                    choices=tuple(option.get("choices") or ()),
                )
            )
    return tuple(out)
