"""Ruleset registry: lookup by slug, per-hand options, JSON descriptions.

Built-in rulesets live in modules under engine/rulesets/ that call
``register`` when imported; adding one is one line in ``BUILTIN_MODULES``.
A listed module that is missing is an error at the first lookup (an
ImportError naming it), never a ruleset silently absent.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from engine.errors import bad_field
from engine.rulesets.base import Ruleset

BUILTIN_MODULES = ("riichi_standard", "tenhou", "tenhou_sanma", "speed_tonpuu", "toutenkou")

_registry: dict[str, Ruleset] = {}
# Options already checked, by their items as given (``configure``'s shortcut; emptied when a
# ruleset is registered, and when full).
_checked: dict[tuple[str, tuple[tuple[str, Any], ...], tuple[type, ...]], Ruleset] = {}
_CHECKED_LIMIT = 256
# Called after every ``register`` (the fast scorer drops the plans it compiled).
on_register: list[Callable[[], None]] = []
_loaded = False


def _load_builtins() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in BUILTIN_MODULES:
        importlib.import_module(f"engine.rulesets.{name}")


def register(ruleset: Ruleset) -> Ruleset:
    """Make ``ruleset`` available under its slug (replacing any earlier one)."""
    _registry[ruleset.slug] = ruleset
    _configured.cache_clear()
    _checked.clear()
    for callback in on_register:
        callback()
    return ruleset


def available() -> list[str]:
    _load_builtins()
    return sorted(_registry)


def get(slug: str) -> Ruleset:
    _load_builtins()
    try:
        return _registry[slug]
    except KeyError:
        raise bad_field(
            f"field 'ruleset': unknown ruleset {slug!r} (available: {', '.join(available())})",
            field=("ruleset",)
        ) from None


def configure(slug: str, options: Mapping[str, Any] | None = None) -> Ruleset:
    """The ruleset with ``options`` applied; ``bad_field`` names an unknown or invalid option."""
    base = get(slug)
    if not options:
        return base
    if not isinstance(options, Mapping):
        raise bad_field("field 'options' must be an object", field=("options",))
    # options seen before, in this order and of these types (1 is not True): checked then
    key = (slug, tuple(options.items()), tuple(map(type, options.values())))
    try:
        seen = _checked.get(key)
    except TypeError:  # a value that cannot be a key (a list): checked below, named there
        seen = None
    if seen is not None:
        return seen
    known = {o.name: o for o in base.options}
    items = []
    for name, value in options.items():
        option = known.get(name)
        if option is None:
            names = ", ".join(sorted(known)) or "none"
            raise bad_field(f"options: unknown option {name!r} for {slug} (known: {names})",
                            field=("options", name))
        items.append((name, option.check(value)))
    ruleset = _configured(slug, tuple(sorted(items)))
    if len(_checked) >= _CHECKED_LIMIT:
        _checked.clear()
    _checked[key] = ruleset
    return ruleset


@lru_cache(maxsize=256)
def _configured(slug: str, items: tuple[tuple[str, Any], ...]) -> Ruleset:
    ruleset = _registry[slug]
    known = {o.name: o for o in ruleset.options}
    for name, value in items:
        ruleset = known[name].apply(ruleset, value)
    return ruleset.replace(option_values={**ruleset.option_values, **dict(items)})


def describe(slug: str) -> dict[str, Any]:
    """JSON-able description of a ruleset and its options (name, type, choices, default, doc)."""
    return get(slug).describe()
