"""Corrections (void, amend) and penalties (chonbo) through the API."""

from __future__ import annotations

import pytest

from ledger.models import Penalty, Session, SessionState
from tests.api.support import RoleClients, ledger_row_counts, post, post_hand
from tests.api.world import World
from tests.ledger.factories import draw, ron

pytestmark = pytest.mark.django_db


def test_amend_replaces_the_hand_and_reverses_its_postings(
    world: World, api_as: RoleClients
) -> None:
    # Hand 2 was seat 1 ronning the dealer; it was really seat 2.
    body = {"hand": world.hand.pk, "kind": "amend", "reason": "wrong winner", "payload": ron(2, 0)}

    response = post(api_as("manager"), "/api/corrections/", body)

    assert response.status_code == 201, response.json()
    correction = response.json()
    assert correction["kind"] == "amend" and correction["created_by"] == "api-manager"
    (version,) = correction["hand_versions"]
    assert (version["ordinal"], version["version"], version["live"]) == (2, 2, True)
    assert version["supersedes"] == world.hand.pk
    assert version["result"]["wins"][0]["winner"] == 2
    (reversal,) = correction["reversals"]
    assert [(e["seat"], e["points"]) for e in reversal["entries"]] == [(0, 2300), (1, -2300)]
    balances = api_as("staff").get(f"/api/sessions/{world.open.pk}/balances/").json()
    # Hand 1: dealer tenpai alone; hand 2 now seat 2's 2,000 + 300 honba off the dealer.
    assert [seat["points"] for seat in balances["seats"]] == [700, -1000, 1300, -1000]


@pytest.mark.parametrize(
    ("body", "status", "code", "field"),
    [
        ({"kind": "void", "reason": "  "}, 400, "reason_required", "reason"),
        ({"kind": "amend", "reason": "typo"}, 400, "bad_hand", "payload"),
        ({"kind": "amend", "reason": "typo", "payload": draw(9)}, 400, None, "tenpai[0]"),
        (
            {"kind": "amend", "reason": "typo", "payload": draw(1, colour="red")},
            400,
            None,
            "colour",
        ),
        ({"kind": "amend", "reason": "typo", "payload": ["draw"]}, 400, "bad_hand", "payload"),
    ],
)
def test_correction_refusals_name_the_field_and_write_nothing(
    body: dict[str, object],
    status: int,
    code: str | None,
    field: str,
    world: World,
    api_as: RoleClients,
) -> None:
    before = ledger_row_counts()

    response = post(api_as("manager"), "/api/corrections/", {"hand": world.hand.pk, **body})

    assert response.status_code == status, response.json()
    error = response.json()["error"]
    assert error["field"] == field
    assert code is None or error["code"] == code
    assert ledger_row_counts() == before


def test_correcting_a_voided_hand_is_a_conflict(world: World, api_as: RoleClients) -> None:
    response = post(
        api_as("manager"),
        "/api/corrections/",
        {"hand": world.correction.hand_id, "kind": "void", "reason": "again"},
    )

    assert response.status_code == 409
    assert response.json()["error"]["code"] == "hand_not_live"


def test_correcting_a_closed_session_reopens_it(world: World, api_as: RoleClients) -> None:
    hand = world.closed.hands.get()
    body = {"hand": hand.pk, "kind": "amend", "reason": "it was seat 2", "payload": ron(0, 2)}

    response = post(api_as("manager"), "/api/corrections/", body)

    assert response.status_code == 201, response.json()
    assert response.json()["reopened_session"] is True
    assert Session.objects.get(pk=world.closed.pk).state == SessionState.OPEN
    assert (
        api_as("staff").get("/api/settlements/", {"session": world.closed.pk}).json()["results"]
        == []
    )


def test_settled_session_refuses_corrections(world: World, api_as: RoleClients) -> None:
    manager = api_as("manager")
    post(manager, f"/api/sessions/{world.closed.pk}/mark-settled/")
    body = {"hand": world.closed.hands.get().pk, "kind": "void", "reason": "too late"}

    response = post(manager, "/api/corrections/", body)

    assert response.status_code == 409
    assert response.json()["error"]["code"] == "session_settled"


def test_chonbo_penalty_is_recorded_as_the_next_hand(world: World, api_as: RoleClients) -> None:
    body = {"session": world.open.pk, "offender": 2, "cause": "false_riichi"}

    response = post_hand(api_as("manager"), "/api/penalties/", body)

    assert response.status_code == 201, response.json()
    recorded = response.json()
    assert (recorded["hand"]["ordinal"], recorded["hand"]["kind"]) == (3, "chonbo")
    (penalty,) = recorded["penalties"]
    assert (penalty["seat"], penalty["kind"], penalty["cause"]) == (2, "chonbo", "false_riichi")
    assert penalty["player"] == world.players[2].pk
    # Reverse mangan by a non-dealer: 4,000 to the dealer (seat 1 after hand 2), 2,000 to others.
    (posting,) = recorded["hand"]["postings"]
    paid = {e["seat"]: e["points"] for e in posting["entries"] if e["points"] > 0}
    assert paid == {0: 2000, 1: 4000, 3: 2000}


def test_penalty_for_a_seat_not_at_the_table_names_the_field(
    world: World, api_as: RoleClients
) -> None:
    before = ledger_row_counts()

    response = post_hand(
        api_as("manager"), "/api/penalties/", {"session": world.open.pk, "offender": 4}
    )

    assert response.status_code == 400
    assert response.json()["error"]["field"] == "offender"
    assert ledger_row_counts() == before


def test_penalties_list_dead_hands_from_recorded_hands(world: World, api_as: RoleClients) -> None:
    staff = api_as("staff")
    hand = draw(0, dead=[{"seat": 3, "cause": "kuikae"}])
    post_hand(staff, f"/api/sessions/{world.open.pk}/hands/", hand)

    listed = staff.get("/api/penalties/", {"kind": "dead_hand"}).json()["results"]

    assert [(p["seat"], p["cause"], p["hand_ordinal"]) for p in listed] == [(3, "kuikae", 3)]
    assert Penalty.objects.count() == 1
