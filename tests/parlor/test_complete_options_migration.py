"""Migrations parlor 0007 and ledger 0019: the defaults of the day written into old rows.

``completed`` fills a row that held only its overrides with the defaults frozen on
2026-11-29; they are the engine's of that day except the two defaults issue 32 changed
in the same release (tenhou's and tenhou-sanma's sudden death, tenhou-sanma's uma), which
old rows were played without.
"""

from __future__ import annotations

import engine
from parlor.migrations._options_before_0007 import DEFAULTS, completed

ABSENT = object()
CHANGED_SINCE = {
    ("tenhou", "sudden_death"): (False, True),
    ("tenhou-sanma", "sudden_death"): (False, True),
    ("tenhou-sanma", "uma"): ([15000, 0, -15000], [20000, 0, -20000]),
    # added later, with parlor 0008 and ledger 0023 (tests/parlor/test_east_uma_migration.py)
    ("tenhou", "east_uma"): (ABSENT, [10000, 5000, -5000, -10000]),
}


def test_the_frozen_defaults_are_the_engines_but_for_the_changed_ones() -> None:
    for slug, frozen in DEFAULTS.items():
        hand, game = engine.complete_options(slug, {}, {})
        assert frozen["options"] == hand, slug
        for name, value in game.items():
            old, new = CHANGED_SINCE.get((slug, name), (value, value))
            assert (frozen["game_options"].get(name, ABSENT), value) == (old, new), (slug, name)


def test_a_row_of_overrides_gets_the_old_defaults_around_them() -> None:
    hand, game = completed("tenhou-sanma", {"aka": False}, {"length": "east"}) or ({}, {})

    assert hand["aka"] is False and hand["kuitan"] is True
    assert game["length"] == "east"
    assert game["uma"] == [15000, 0, -15000] and game["sudden_death"] is False
    assert engine.game.configure("tenhou-sanma", game).placement_points == (25000, -5000, -20000)


def test_speed_tonpuu_keeps_the_chip_value_its_wildcards_were_ranked_by() -> None:
    hand, _game = completed("speed-tonpuu", {}, {"chip_value": 10000}) or ({}, {})
    assert hand["chip_points"] == 10000
    hand, _game = completed("speed-tonpuu", {"chip_points": 5000}, {"chip_value": 10000}) or (
        {}, {}
    )
    assert hand["chip_points"] == 5000


def test_a_ruleset_not_known_then_is_left_as_it_is() -> None:
    assert completed("house-rules", {"x": 1}, {}) is None
