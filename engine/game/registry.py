"""Game rules by ruleset slug: each ruleset package declares its own.

A module listed in ``RULE_MODULES`` exposes ``GAME_RULES``, a tuple of
:class:`GameRulesEntry` (slug, declared options, a factory taking the
complete options). Modules load on first use, so no ruleset package runs
code at import time and adding one is one line here; a listed module that
is missing is an ImportError naming it at the first lookup.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from engine.errors import bad_field
from engine.game.options import GameOption, parse_options
from engine.game.rules import GameRules

RULE_MODULES = (
    "engine.rulesets.riichi_standard.game",
    "engine.rulesets.tenhou.game",
    "engine.rulesets.tenhou_sanma.game",
    "engine.rulesets.speed_tonpuu.game",
    "engine.rulesets.toutenkou.game",
)


@dataclass(frozen=True, slots=True)
class GameRulesEntry:
    slug: str
    doc: str
    options: tuple[GameOption, ...]
    build: Callable[[Mapping[str, Any]], GameRules]


@cache
def _entries() -> dict[str, GameRulesEntry]:
    entries: dict[str, GameRulesEntry] = {}
    for module_name in RULE_MODULES:
        module = importlib.import_module(module_name)
        for entry in module.GAME_RULES:
            entries[entry.slug] = entry
    return entries


def available() -> list[str]:
    return sorted(_entries())


def _entry(slug: str) -> GameRulesEntry:
    entry = _entries().get(slug)
    if entry is None:
        raise bad_field(
            f"ruleset: no game rules for {slug!r} (known: {', '.join(available())})",
            field=("ruleset",),
        )
    return entry


def configure(slug: str, options: Mapping[str, Any]) -> GameRules:
    """The game rules of ``slug`` with ``options`` applied (``bad_field`` if invalid).

    Built once per ruleset and options (``GameRules`` is frozen): every hand recorded
    settles with its session's rules, and building them was a fiftieth of a hand's CPU.
    """
    # First by the options as given (their repr, in their order: cheaper than JSON, and the
    # ledger gives a session's stored options, always in one order), then by their JSON.
    quick = (slug, repr(dict(options)) if isinstance(options, Mapping) else "")
    found = _built.get(quick)
    if found is not None:
        return found
    try:
        # dict(): the game input holds its options read-only (a mappingproxy), which
        # json cannot write; without it no game's rules were ever found built.
        key = json.dumps(dict(options), sort_keys=True)
    except (TypeError, ValueError):  # not JSON data: parse_options names what is wrong
        return _configured(slug, options)
    rules = _configured_once(slug, key)
    if len(_built) >= _BUILT_LIMIT:
        _built.clear()
    _built[quick] = rules
    return rules


_built: dict[tuple[str, str], GameRules] = {}
_BUILT_LIMIT = 256


@lru_cache(maxsize=256)
def _configured_once(slug: str, options: str) -> GameRules:
    return _configured(slug, json.loads(options))


def _configured(slug: str, options: Mapping[str, Any]) -> GameRules:
    entry = _entry(slug)
    return entry.build(parse_options(entry.options, options, slug=slug))


def describe(slug: str) -> dict[str, Any]:
    entry = _entry(slug)
    return {
        "slug": slug,
        "doc": entry.doc,
        "options": [option.describe() for option in entry.options],
    }
