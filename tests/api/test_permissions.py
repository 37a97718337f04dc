"""Every ledger endpoint x every role -> the status the roles table in docs/api.md promises.

Allowed roles get the endpoint's success status (the request is valid);
others 403; without a token 401. A login without a role is refused everywhere
but ``/api/me/``.
"""

from __future__ import annotations

import pytest

from tests.api.support import (
    ALL_ROLES,
    NO_ROLE,
    RoleCase,
    RoleClients,
    desk,
    everyone,
    managers,
)
from tests.api.world import World
from tests.ledger.factories import draw
from tests.parlor.factories import PlayerFactory

pytestmark = pytest.mark.django_db

M, S, P = "manager", "staff", "player"


Case = RoleCase[World]
# Each parametrised case runs in its own database: one key per request is enough.
A_NEW_KEY = {"Idempotency-Key": "permissions-case"}


CASES = {
    "sessions-list": Case("GET", lambda w: "/api/sessions/", desk(200)),
    "sessions-open": Case(
        "POST",
        lambda w: "/api/sessions/",
        desk(201),
        lambda w: {
            "table": w.spare_table.pk,
            "players": [p.pk for p in w.free_players],
            "ruleset_config": w.config.pk,
            "rate": w.rate.pk,
        },
    ),
    "session-detail": Case("GET", lambda w: f"/api/sessions/{w.open.pk}/", desk(200)),
    "session-balances": Case("GET", lambda w: f"/api/sessions/{w.open.pk}/balances/", desk(200)),
    "session-close": Case("POST", lambda w: f"/api/sessions/{w.finished.pk}/close/", managers(200)),
    "session-mark-settled": Case(
        "POST", lambda w: f"/api/sessions/{w.closed.pk}/mark-settled/", managers(200)
    ),
    "hands-list": Case("GET", lambda w: f"/api/sessions/{w.open.pk}/hands/", desk(200)),
    "hand-detail": Case(
        "GET", lambda w: f"/api/sessions/{w.open.pk}/hands/{w.hand.pk}/", desk(200)
    ),
    "hand-record": Case(
        "POST",
        lambda w: f"/api/sessions/{w.open.pk}/hands/",
        desk(201),
        lambda w: draw(1),
        headers=A_NEW_KEY,
    ),
    "hand-record-chonbo": Case(
        "POST",
        lambda w: f"/api/sessions/{w.open.pk}/hands/",
        # The staff are the table's referees: they record penalties (policy RECORD_PENALTY).
        desk(201),
        lambda w: {"kind": "chonbo", "offender": 2, "cause": "false_riichi"},
        headers=A_NEW_KEY,
    ),
    "hand-preview": Case(
        "POST", lambda w: f"/api/sessions/{w.open.pk}/hands/preview/", desk(200), lambda w: draw(1)
    ),
    "corrections-list": Case("GET", lambda w: "/api/corrections/", desk(200)),
    "correction-detail": Case("GET", lambda w: f"/api/corrections/{w.correction.pk}/", desk(200)),
    "correction-post": Case(
        "POST",
        lambda w: "/api/corrections/",
        managers(201),
        lambda w: {"hand": w.hand.pk, "kind": "void", "reason": "wrong table"},
    ),
    "penalties-list": Case("GET", lambda w: "/api/penalties/", desk(200)),
    "penalty-chonbo": Case(
        "POST",
        lambda w: "/api/penalties/",
        desk(201),
        lambda w: {"session": w.open.pk, "offender": 2, "cause": "false_riichi"},
        headers=A_NEW_KEY,
    ),
    "balances": Case("GET", lambda w: "/api/balances/", everyone(200)),
    "statements": Case("GET", lambda w: "/api/statements/", everyone(200)),
    "settlements": Case("GET", lambda w: "/api/settlements/", everyone(200)),
    "me": Case("GET", lambda w: "/api/me/", {**everyone(200), NO_ROLE: 200}),
}


@pytest.mark.parametrize("role", ALL_ROLES)
@pytest.mark.parametrize("name", list(CASES))
def test_role_gets_the_status_the_roles_table_promises(
    name: str, role: str, world: World, api_as: RoleClients
) -> None:
    case = CASES[name]

    # The player's login is a seated player's; the desk's own player records sit nowhere: a
    # login sitting at the table may not referee it (policy ``seated``, issue 36).
    own = world.players[0] if role == P else PlayerFactory(parlor=world.parlor)
    response = case.send(api_as(role, player=own), world)

    assert response.status_code == case.expected(role), response.content[:500]
