"""A parlor's floor for the tests: two tables, one game, players checked in, staff."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User

from ledger.counter.visit_services import visit_check_in
from parlor.models import Parlor, Player, Rate, RulesetConfig, Table
from tests.parlor.factories import (
    ParlorFactory,
    PlayerFactory,
    RateFactory,
    RulesetConfigFactory,
    TableFactory,
)


@dataclass
class FloorWorld:
    parlor: Parlor
    tables: list[Table]
    rules: RulesetConfig
    rate: Rate
    staff: User
    manager: User

    def guest(self, name: str) -> Player:
        """A player checked in for the day."""
        player = PlayerFactory(parlor=self.parlor, name=name)
        visit_check_in(player=player, by=self.staff)
        return player


@pytest.fixture
def floor(staff: User, manager: User) -> FloorWorld:
    parlor = ParlorFactory(name="Floor parlor")
    return FloorWorld(
        parlor=parlor,
        tables=[TableFactory(parlor=parlor, name=f"T{n}") for n in (1, 2)],
        rules=RulesetConfigFactory(parlor=parlor, ruleset_slug="riichi-standard", name="East"),
        rate=RateFactory(parlor=parlor, name="Tenpin"),
        staff=staff,
        manager=manager,
    )


Guests = Callable[[int], list[Player]]
