"""A ruleset module the registries list but cannot import is an error, never a silent gap."""

from __future__ import annotations

import pytest

from engine.game import registry as game_registry
from engine.rulesets import registry as hand_registry


def test_a_missing_hand_ruleset_module_is_an_import_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(hand_registry, "BUILTIN_MODULES", ("riichi_standard", "no_such_ruleset"))
    monkeypatch.setattr(hand_registry, "_loaded", False)

    with pytest.raises(ModuleNotFoundError, match="no_such_ruleset"):
        hand_registry.available()


def test_a_missing_game_rules_module_is_an_import_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_registry, "RULE_MODULES", ("engine.rulesets.no_such_ruleset.game",))
    game_registry._entries.cache_clear()
    try:
        with pytest.raises(ModuleNotFoundError, match="no_such_ruleset"):
            game_registry.available()
    finally:
        monkeypatch.undo()
        game_registry._entries.cache_clear()
