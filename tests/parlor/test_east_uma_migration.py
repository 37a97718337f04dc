"""Migrations parlor 0008 and ledger 0023: tenhou's East-only uma changes no stored game.

tenhou's game gained ``east_uma`` (the server's 10/5/-5/-10 for an East-only game); an
option set stored before has none and was played with its ``uma`` at any length, so the
migrations write that ``uma`` in as its ``east_uma``.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

import engine
from database.roles import service_role_ensure
from parlor.migrations._east_uma_0008 import with_east_uma
from tests.database import as_the_owner

BEFORE = [("parlor", "0007_rulesetconfig_complete_options")]
AFTER = [("parlor", "0008_tenhou_east_uma")]
UMA_20_10 = (35000, 5000, -15000, -25000)  # placement points: oka 20,000 to first


def _stored_east_only() -> dict:
    """A tenhou East-only game's complete option set as stored before east_uma existed."""
    _hand, game = engine.complete_options("tenhou", {}, {"length": "east"})
    del game["east_uma"]
    return game


def test_a_stored_east_only_set_keeps_the_uma_it_was_played_with() -> None:
    stored = _stored_east_only()
    # Unmigrated, the new default would change it: uma 10/5 instead of 20/10.
    assert engine.game.configure("tenhou", stored).placement_points == (
        25000, 0, -10000, -15000)

    migrated = with_east_uma("tenhou", stored) or {}
    assert migrated == {**stored, "east_uma": [20000, 10000, -10000, -20000]}
    assert engine.game.configure("tenhou", migrated).placement_points == UMA_20_10


def test_a_house_uma_is_kept_too_and_other_rows_are_left_alone() -> None:
    house = {**_stored_east_only(), "uma": [15000, 5000, -5000, -15000]}
    assert (with_east_uma("tenhou", house) or {})["east_uma"] == [15000, 5000, -5000, -15000]
    assert with_east_uma("riichi-standard", {"length": "east"}) is None
    assert with_east_uma("tenhou-sanma", {"length": "east"}) is None
    assert with_east_uma("tenhou", {"east_uma": [1, 0, 0, -1]}) is None


@pytest.mark.django_db(transaction=True)
def test_the_migration_writes_the_uma_into_stored_configurations() -> None:
    with as_the_owner():  # migrations are the owner's (tests/database.py)
        try:
            _migrated_forward()
        finally:
            _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
            if connection.vendor == "postgresql":  # as migrate does, for the tables made again
                service_role_ensure(connection)


def _migrate(targets: list[tuple[str, str]]) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor


def _migrated_forward() -> None:
    old = _migrate(BEFORE).loader.project_state(BEFORE).apps
    parlor = old.get_model("parlor", "Parlor").objects.create(name="East")
    configs = old.get_model("parlor", "RulesetConfig").objects
    east = configs.create(parlor=parlor, name="tonpuu", ruleset_slug="tenhou",
                          game_options=_stored_east_only())
    other = configs.create(parlor=parlor, name="std", ruleset_slug="riichi-standard",
                           game_options={"length": "east"})

    new = _migrate(AFTER).loader.project_state(AFTER).apps
    rows = new.get_model("parlor", "RulesetConfig").objects
    kept = rows.get(pk=east.pk).game_options
    assert kept["east_uma"] == [20000, 10000, -10000, -20000]
    assert engine.game.configure("tenhou", kept).placement_points == UMA_20_10
    assert rows.get(pk=other.pk).game_options == {"length": "east"}
