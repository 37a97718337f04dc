"""Generated from ``parlor.policy.TABLE``: every row with an API endpoint, with each role
(manager, staff, player), in the user's own parlor and in another one, through the API.

In the own parlor the outcome is the policy's: the endpoint's success status when
``policy.allows`` says yes, else 403. In another parlor the object does not exist
for the user: 404 for a route naming it, 400 on the field for a request naming it
as a related id (opening a session, a chonbo, a correction, an export); a role that
may do the action in no parlor at all is stopped at the door first (403, before
any lookup, so nothing is revealed either). A row without an API endpoint is named,
with where it is done, in ``NO_API_ENDPOINT``: every row is covered or named.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User

from ledger.counter.models import CounterEntry
from ledger.counter.services import counter_entry_record
from ledger.counter.slip import visit_slip
from ledger.counter.visit_services import visit_check_in
from ledger.counter.visits import Visit
from ledger.floor.services import shift_clock_in
from ledger.models import StaffShift
from parlor import policy
from parlor.models import Parlor, Player, Role
from parlor.policy import Action
from tests.api.support import token_client
from tests.api.world import World, build_world
from tests.ledger.factories import draw, parlor_manager, ron
from tests.parlor.factories import ParlorFactory, PlayerFactory, member_of

pytestmark = [pytest.mark.requires_postgres, pytest.mark.django_db]

Body = Callable[[World, Player], Any]


@dataclass(frozen=True)
class Endpoint:
    """How the API does an action on a world's rows (in a state the action is allowed in)."""

    method: str
    path: Callable[[World], str]
    success: int
    # The request body, from the target world and the acting user's own player.
    body: Body | None = None
    # Another parlor's rows travel in the body (related ids): 400 naming this field.
    field: str | None = None
    # The refusal is the service's own policy check (it reads the session: no extra query):
    # ``hand_record`` asks RECORD_HAND / RECORD_PENALTY / HAND_OPTIONS on the session's parlor.
    by_service: bool = False
    # The action the view asks at the door, when it is not this row's (a hand with options
    # is a hand: the service then asks HAND_OPTIONS too).
    gate: Action | None = None

    def door(self, action: Action) -> Action:
        return self.gate or action


def _open(w: World, own: Player) -> dict[str, Any]:
    return {
        "table": w.spare_table.pk,
        "players": [p.pk for p in w.free_players],
        "ruleset_config": w.config.pk,
        "rate": w.rate.pk,
    }


def _hand_with_options(w: World, own: Player) -> dict[str, Any]:
    hand = ron(1, 0)
    hand["wins"][0]["record"]["options"] = {"kuitan": False}
    return hand


def _new_login(w: World, own: Player) -> dict[str, Any]:
    """A fresh account of no parlor yet, linked as the spare player's login."""
    account = User.objects.create_user(f"login-{User.objects.count() + 1}")
    return {"user": account.pk}


def _counter_sale(w: World) -> CounterEntry:
    """A sale at the world's counter, recorded by its manager."""
    return counter_entry_record(
        parlor=w.parlor, kind="sale", amount=500, method="cash", category="drink",
        by=parlor_manager(w.parlor),
    )  # fmt: skip


def _staff_member(w: World) -> Player:
    """The world's spare player, as whom its manager clocks in: a staff member who plays."""
    if not StaffShift.objects.filter(player=w.spare_player).exists():
        shift_clock_in(user=parlor_manager(w.parlor), player=w.spare_player,
                       by=parlor_manager(w.parlor))  # fmt: skip
    return w.spare_player


def _visit_to_settle(w: World) -> Visit:
    """A visit of the spare player (seated nowhere; the acting account is players[0])."""
    return visit_check_in(player=w.spare_player, by=parlor_manager(w.parlor))


def _slip_version(w: World, own: Player) -> dict[str, Any]:
    visit = Visit.objects.get(player=w.spare_player, checked_out_at__isnull=True)
    return {"version": visit_slip(visit=visit).version, "method": "cash"}


def _day_export(w: World, own: Player) -> dict[str, Any]:
    day = {"date_from": "2026-01-01"}
    return {"kind": "settlements", "scope": "day", "format": "csv", "parlor": w.parlor.pk, **day}


ENDPOINTS: dict[Action, Endpoint] = {
    Action.VIEW_BOOKS: Endpoint("GET", lambda w: f"/api/sessions/{w.open.pk}/", 200),
    Action.VIEW_OWN: Endpoint("GET", lambda w: f"/api/players/{w.players[0].pk}/", 200),
    Action.VIEW_RULES: Endpoint("GET", lambda w: f"/api/rates/{w.rate.pk}/", 200),
    Action.EDIT_PLAYERS: Endpoint(
        "PATCH", lambda w: f"/api/players/{w.spare_player.pk}/", 200, lambda w, o: {"name": "N"}
    ),
    Action.DELETE_PLAYERS: Endpoint("DELETE", lambda w: f"/api/players/{w.spare_player.pk}/", 204),
    # A player's edit (the door: EDIT_PLAYERS) that links a login (then LINK_LOGIN).
    Action.LINK_LOGIN: Endpoint(
        "PATCH",
        lambda w: f"/api/players/{w.spare_player.pk}/",
        200,
        _new_login,
        gate=Action.EDIT_PLAYERS,
    ),
    Action.EDIT_TABLES: Endpoint(
        "PATCH", lambda w: f"/api/tables/{w.spare_table.pk}/", 200, lambda w, o: {"name": "T9"}
    ),
    Action.EDIT_RULESETS: Endpoint(
        "PATCH", lambda w: f"/api/ruleset-configs/{w.config.pk}/", 200, lambda w, o: {"name": "R"}
    ),
    Action.EDIT_RATES: Endpoint(
        "PATCH", lambda w: f"/api/rates/{w.rate.pk}/", 200, lambda w, o: {"money_per_unit": 60}
    ),
    Action.OPEN_SESSION: Endpoint("POST", lambda w: "/api/sessions/", 201, _open, field="table"),
    Action.RECORD_HAND: Endpoint(
        "POST",
        lambda w: f"/api/sessions/{w.open.pk}/hands/",
        201,
        lambda w, o: draw(1),
        by_service=True,
    ),
    Action.RECORD_PENALTY: Endpoint(
        "POST",
        lambda w: "/api/penalties/",
        201,
        lambda w, o: {"session": w.open.pk, "offender": 2, "cause": "false_riichi"},
        field="session",
    ),
    Action.HAND_OPTIONS: Endpoint(
        "POST",
        lambda w: f"/api/sessions/{w.open.pk}/hands/",
        201,
        _hand_with_options,
        by_service=True,
        gate=Action.RECORD_HAND,
    ),
    Action.VOID_HAND: Endpoint(
        "POST",
        lambda w: "/api/corrections/",
        201,
        lambda w, o: {"hand": w.hand.pk, "kind": "void", "reason": "matrix"},
        field="hand",
    ),
    Action.CORRECT_HAND: Endpoint(
        "POST",
        lambda w: "/api/corrections/",
        201,
        lambda w, o: {"hand": w.hand.pk, "kind": "amend", "reason": "m", "payload": ron(2, 0)},
        field="hand",
    ),
    Action.CLOSE_SESSION: Endpoint("POST", lambda w: f"/api/sessions/{w.finished.pk}/close/", 200),
    Action.STOP_SESSION: Endpoint(
        "POST", lambda w: f"/api/sessions/{w.open.pk}/close-job/", 202, lambda w, o: {"stop": True}
    ),
    Action.MARK_SETTLED: Endpoint(
        "POST", lambda w: f"/api/sessions/{w.closed.pk}/mark-settled/", 200
    ),
    Action.EXPORT_BOOKS: Endpoint(
        "POST",
        lambda w: "/api/exports/",
        202,
        _day_export,
        field="parlor",
        # One endpoint for both exports: anyone may ask for their own statement.
        gate=Action.EXPORT_OWN,
    ),
    Action.EXPORT_OWN: Endpoint(
        "POST",
        lambda w: "/api/exports/",
        202,
        lambda w, o: {
            "kind": "statements",
            "scope": "player",
            "format": "pdf",
            "player": w.players[0].pk,
        },
        field="player",
    ),
    Action.VIEW_STANDINGS: Endpoint(
        "GET", lambda w: f"/api/statistics/standings/?parlor={w.parlor.pk}", 200
    ),
    Action.VIEW_STATISTICS: Endpoint(
        "GET", lambda w: f"/api/players/{w.players[1].pk}/statistics/", 200
    ),
    Action.RECORD_COUNTER: Endpoint(
        "POST",
        lambda w: "/api/counter/entries/",
        201,
        lambda w, o: {
            "parlor": w.parlor.pk, "kind": "deposit_taken", "amount": 10000, "method": "cash",
            "player": w.players[0].pk,
        },
        field="parlor",
    ),
    Action.CORRECT_COUNTER: Endpoint(
        "POST",
        lambda w: f"/api/counter/entries/{_counter_sale(w).pk}/reverse/",
        201,
        lambda w, o: {"memo": "rung up twice"},
    ),
    Action.CHECK_IN: Endpoint(
        "POST",
        lambda w: "/api/counter/visits/",
        201,
        lambda w, o: {"player": w.players[0].pk},
        field="player",
    ),
    Action.SET_CREDIT_LIMIT: Endpoint(
        "POST",
        lambda w: "/api/counter/credit-limits/",
        200,
        lambda w, o: {"player": w.players[0].pk, "amount": 20000},
        field="player",
    ),
    Action.RUN_FLOOR: Endpoint(
        "POST",
        lambda w: "/api/floor/draws/",
        # The world's queues are empty: the draw is refused for want of players (409),
        # after the door and the fields let the request through.
        409,
        lambda w, o: {
            "table": w.spare_table.pk, "ruleset_config": w.config.pk, "rate": w.rate.pk,
        },
        field="table",
    ),
    Action.MEMBER_ADVANCE: Endpoint(
        "POST",
        lambda w: "/api/floor/advances/",
        201,
        lambda w, o: {"player": _staff_member(w).pk, "amount": 10000},
        field="player",
    ),
    Action.SET_BACK_PAY: Endpoint(
        "POST",
        lambda w: "/api/floor/back-pay-rates/",
        201,
        lambda w, o: {"parlor": w.parlor.pk, "amount": 500},
        field="parlor",
    ),
    Action.VIEW_MEMBER_STATEMENTS: Endpoint(
        "GET", lambda w: f"/api/floor/members/{_staff_member(w).pk}/statement/?month=2026-11", 200
    ),
    Action.SETTLE_VISIT: Endpoint(
        "POST",
        lambda w: f"/api/counter/visits/{_visit_to_settle(w).pk}/settle/",
        201,
        _slip_version,
    ),
    Action.MANAGE_TILL: Endpoint(
        "POST",
        lambda w: "/api/counter/till-closes/",
        201,
        lambda w, o: {"parlor": w.parlor.pk, "kind": "shift", "denominations": {"1000": 2}},
        field="parlor",
    ),
}

# The rows of the table that no API endpoint does, and where they are done instead.
NO_API_ENDPOINT: dict[Action, str] = {
    Action.AUDIT: "the ledger audit is `manage.py audit_ledger` (an operator's command)",
    Action.MANAGE_SCOREBOARD: "scoreboard links are made and rotated in the admin",
    Action.MANAGE_MEMBERS: "memberships are given and changed in the admin (Parlor > Memberships)",
    Action.OVERRIDE_CREDIT_LIMIT: "the check-in (POST /api/counter/visits/) with an"
    " override_reason, asked only for a player above their credit limit: each role's outcome"
    " in tests/api/counter/test_visits_api.py and tests/ledger/test_visits.py",
    Action.MANAGE_STATISTICS: "the rating system and the scoreboard's standings are chosen in the"
    " admin (Players > Statistics options)",
}

ROLES = (Role.MANAGER, Role.STAFF, Role.PLAYER)


def test_every_row_of_the_policy_table_is_covered_or_named() -> None:
    assert not set(ENDPOINTS) & set(NO_API_ENDPOINT)
    assert set(ENDPOINTS) | set(NO_API_ENDPOINT) == {action for action, _ in policy.rows()}


def _member(parlor: Parlor, role: Role, player: Player) -> User:
    """An account of one parlor; a player's account is linked to ``player`` (of that parlor)."""
    user = member_of(parlor, role, username=f"matrix-{role}")
    player.user = user
    player.save(update_fields=["user"])
    return user


def _expected(user: User, action: Action, endpoint: Endpoint, own: bool, parlor_id: int) -> int:
    if own:
        return endpoint.success if policy.allows(user, action, parlor_id=parlor_id) else 403
    if not policy.may_anywhere(user, endpoint.door(action)):
        return 403  # at the door: the role may do this in no parlor
    return 400 if endpoint.field is not None else 404


@pytest.mark.parametrize("where", ["own parlor", "other parlor"])
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("action", list(ENDPOINTS))
def test_the_api_does_what_the_policy_table_says(
    action: Action, role: Role, where: str, role_groups: None
) -> None:
    endpoint = ENDPOINTS[action]
    builder = User.objects.create_superuser("matrix-builder", password="secret-for-tests")
    target = build_world(by=builder)
    own = where == "own parlor"
    home = target.parlor if own else ParlorFactory()
    # A player's login is a seated player's; the desk's sit nowhere (a login seated at a
    # table may not referee it: policy ``seated``, issue 36).
    seated = own and role == Role.PLAYER
    own_player = target.players[0] if seated else PlayerFactory(parlor=home)
    user = _member(home, role, own_player)
    expected = _expected(user, action, endpoint, own, target.parlor.pk)
    response = token_client(user).generic(
        endpoint.method,
        endpoint.path(target),
        data="" if endpoint.body is None else json.dumps(endpoint.body(target, own_player)),
        content_type="application/json",
        headers={"Idempotency-Key": f"matrix-{action}-{role}-{where}"},
    )

    assert response.status_code == expected, response.content[:300]
    if expected == 400:
        assert endpoint.field in response.json()
