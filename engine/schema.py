"""One option schema for a ruleset configuration: its hand options and its game options.

A configuration sets two JSON objects, ``options`` (the hand rules',
``engine.rulesets``) and ``game_options`` (the game rules', ``engine.game``).
``option_schema`` lists both in one shape and one type vocabulary, so a form
or an API that offers them reads one list instead of two descriptions. This
module sits below both: it reads their descriptions (``describe()``'s
``options``), and ``engine.option_schema(slug)`` (engine/api.py) hands it a
ruleset's two.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
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


def option_schema(
    hand_options: Iterable[Mapping[str, Any]], game_options: Iterable[Mapping[str, Any]]
) -> tuple[OptionSchema, ...]:
    """Every option of a configuration: the hand options, then the game options, each as
    its rules describe it (``name``, ``type``, ``default``, ``doc``, ``choices``)."""
    out: list[OptionSchema] = []
    described: tuple[tuple[Scope, Iterable[Mapping[str, Any]]], ...] = (
        (HAND, hand_options),
        (GAME, game_options),
    )
    for scope, options in described:
        for option in options:
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
