"""Players, tables, ruleset configurations and rates: every endpoint x every role -> status."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from parlor.models import Parlor, Player, Rate, RulesetConfig, Table
from tests.api.support import ALL_ROLES, RoleCase, RoleClients, everyone
from tests.parlor.factories import (
    ParlorFactory,
    PlayerFactory,
    RateFactory,
    RulesetConfigFactory,
    TableFactory,
)

pytestmark = pytest.mark.django_db

M, S, P = "manager", "staff", "player"


@dataclass
class Rows:
    parlor: Parlor
    me: Player
    player: Player
    table: Table
    config: RulesetConfig
    rate: Rate


@pytest.fixture
def rows(role_groups: None) -> Rows:
    parlor = ParlorFactory()
    return Rows(
        parlor=parlor,
        me=PlayerFactory(parlor=parlor),
        player=PlayerFactory(parlor=parlor),
        table=TableFactory(parlor=parlor),
        config=RulesetConfigFactory(parlor=parlor, ruleset_slug="riichi-standard"),
        rate=RateFactory(parlor=parlor),
    )


Case = RoleCase[Rows]


CASES = {
    "players-list": Case("GET", lambda r: "/api/players/", everyone(200)),
    "player-own": Case("GET", lambda r: f"/api/players/{r.me.pk}/", everyone(200)),
    # A player's login does not see other members at all.
    "player-other": Case("GET", lambda r: f"/api/players/{r.player.pk}/", {M: 200, S: 200, P: 404}),
    "player-register": Case(
        "POST",
        lambda r: "/api/players/",
        {M: 201, S: 201},
        lambda r: {"parlor": r.parlor.pk, "member_number": "N-1", "name": "Newcomer"},
    ),
    "player-edit": Case(
        "PATCH", lambda r: f"/api/players/{r.player.pk}/", {M: 200, S: 200}, lambda r: {"name": "B"}
    ),
    "player-delete": Case("DELETE", lambda r: f"/api/players/{r.player.pk}/", {M: 204}),
    "tables-list": Case("GET", lambda r: "/api/tables/", {M: 200, S: 200}),
    "table-add": Case(
        "POST", lambda r: "/api/tables/", {M: 201}, lambda r: {"parlor": r.parlor.pk, "name": "T9"}
    ),
    "table-edit": Case(
        "PATCH", lambda r: f"/api/tables/{r.table.pk}/", {M: 200}, lambda r: {"is_active": False}
    ),
    "table-delete": Case("DELETE", lambda r: f"/api/tables/{r.table.pk}/", {M: 204}),
    "configs-list": Case("GET", lambda r: "/api/ruleset-configs/", everyone(200)),
    "config-detail": Case("GET", lambda r: f"/api/ruleset-configs/{r.config.pk}/", everyone(200)),
    "config-add": Case(
        "POST",
        lambda r: "/api/ruleset-configs/",
        {M: 201},
        lambda r: {
            "parlor": r.parlor.pk,
            "name": "East",
            "ruleset_slug": "riichi-standard",
            "game_options": {"length": "east"},
        },
    ),
    "config-edit": Case(
        "PATCH",
        lambda r: f"/api/ruleset-configs/{r.config.pk}/",
        {M: 200},
        lambda r: {"name": "Renamed"},
    ),
    "rates-list": Case("GET", lambda r: "/api/rates/", everyone(200)),
    "rate-add": Case(
        "POST",
        lambda r: "/api/rates/",
        {M: 201},
        lambda r: {
            "parlor": r.parlor.pk,
            "name": "Point 100",
            "money_per_unit": 100,
            "money_per_chip": 200,
            "game_fee": 600,
        },
    ),
    "rate-edit": Case(
        "PATCH", lambda r: f"/api/rates/{r.rate.pk}/", {M: 200}, lambda r: {"game_fee": 700}
    ),
    "rate-delete": Case("DELETE", lambda r: f"/api/rates/{r.rate.pk}/", {M: 204}),
}


@pytest.mark.parametrize("role", ALL_ROLES)
@pytest.mark.parametrize("name", list(CASES))
def test_role_gets_the_status_the_roles_table_promises(
    name: str, role: str, rows: Rows, api_as: RoleClients
) -> None:
    case = CASES[name]

    response = case.send(api_as(role, player=rows.me), rows)

    assert response.status_code == case.expected(role), response.content[:300]
