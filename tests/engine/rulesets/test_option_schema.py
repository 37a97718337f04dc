"""One option schema per ruleset configuration: hand options and game options together."""

from __future__ import annotations

import pytest

import engine.game
import engine.rulesets
from engine import option_schema

KINDS = {"bool", "int", "str", "choice", "int_list"}


@pytest.mark.parametrize("slug", engine.rulesets.available())
def test_the_schema_lists_every_hand_option_then_every_game_option(slug: str) -> None:
    schema = option_schema(slug)

    hand = [o["name"] for o in engine.rulesets.describe(slug)["options"]]
    game = [o["name"] for o in engine.game.describe(slug)["options"]]
    assert [o.name for o in schema] == hand + game
    assert [o.scope for o in schema] == ["options"] * len(hand) + ["game_options"] * len(game)
    assert {o.kind for o in schema} <= KINDS


def test_a_default_configuration_is_valid_at_both_levels() -> None:
    for slug in engine.rulesets.available():
        defaults = {o.scope: {} for o in option_schema(slug)}
        for option in option_schema(slug):
            defaults[option.scope][option.name] = option.default
        engine.rulesets.configure(slug, defaults.get("options", {}))
        engine.game.configure(slug, defaults.get("game_options", {}))
