"""Ruleset options: a declared schema, validated per hand or per game.

An option is data (name, type or choices, default, doc) plus ``apply``, a
function that returns the ruleset changed for a value. The registered
ruleset already embodies every default, so ``configure`` applies only the
options a caller sets.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.errors import bad_field

if TYPE_CHECKING:
    from engine.rulesets.base import Ruleset

_TYPE_NAMES = {bool: "boolean", int: "integer", str: "string"}


@dataclass(frozen=True, eq=False)
class Option:
    name: str
    default: Any
    doc: str
    apply: Callable[[Ruleset, Any], Ruleset]
    type: type = bool
    choices: tuple[Any, ...] | None = None

    def check(self, value: Any) -> Any:
        """The value if it fits the schema; else ``bad_field`` naming the option."""
        kind_ok = type(value) is self.type  # bool is not an int here
        if not kind_ok or (self.choices is not None and value not in self.choices):
            expected = (
                "one of " + ", ".join(repr(c) for c in self.choices)
                if self.choices is not None
                else f"a {_TYPE_NAMES.get(self.type, self.type.__name__)}"
            )
            raise bad_field(f"options.{self.name}: {value!r} is not {expected}",
                            field=("options", self.name))
        return value

    def with_default(self, default: Any) -> Option:
        return Option(self.name, default, self.doc, self.apply, self.type, self.choices)

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "type": _TYPE_NAMES.get(self.type, self.type.__name__),
            "default": self.default,
            "doc": self.doc,
        }
        if self.choices is not None:
            out["choices"] = list(self.choices)
        return out
