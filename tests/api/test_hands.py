"""Recording and previewing hands through the API: the engine's result, the postings, errors."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.models import HandResult, Session, SessionState
from tests.api.support import RoleClients, ledger_row_counts, post, post_hand
from tests.ledger.factories import PINFU_TANYAO, SessionFactory, draw, ron, tsumo
from tests.parlor.factories import ParlorFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def session(role_groups: None) -> Session:
    return SessionFactory()


def hands_url(session: Session) -> str:
    return f"/api/sessions/{session.pk}/hands/"


def entry_sums(postings: list[dict[str, Any]]) -> set[tuple[str, int]]:
    return {
        (amount, sum(entry[amount] for entry in posting["entries"]))
        for posting in postings
        for amount in ("points", "chips", "money")
    }


def test_riichi_ron_returns_the_engine_result_and_the_posted_entries(
    session: Session, api_as: RoleClients
) -> None:
    # Seat 1 riichi, pinfu tanyao off seat 0: 3 han 30 fu, 3,900; the stick comes back.
    response = post_hand(api_as("staff"), hands_url(session), ron(1, 0, riichi=[1]))

    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["ordinal"] == 1 and body["live"] is True
    assert body["result"]["wins"][0]["score"]["total"] == 4900
    assert body["result"]["scores"] == [21100, 28900, 25000, 25000]
    by_kind = {posting["kind"]: posting for posting in body["postings"]}
    assert [(e["seat"], e["points"], e["reason"]) for e in by_kind["hand"]["entries"]] == [
        (0, -3900, "ron"),
        (1, 3900, "ron"),
    ]
    assert [(e["account_kind"], e["points"]) for e in by_kind["deposit"]["entries"]] == [
        ("player", -1000),
        ("table_pot", 1000),
        ("player", 1000),
        ("table_pot", -1000),
    ]
    assert entry_sums(body["postings"]) == {("points", 0), ("chips", 0), ("money", 0)}


def test_recorded_hand_reads_back_the_same(session: Session, api_as: RoleClients) -> None:
    staff = api_as("staff")
    recorded = post_hand(staff, hands_url(session), tsumo(2)).json()

    assert staff.get(f"{hands_url(session)}{recorded['id']}/").json() == recorded
    assert staff.get(hands_url(session)).json()["results"] == [recorded]


def test_preview_shows_what_recording_posts_and_writes_nothing(
    session: Session, api_as: RoleClients
) -> None:
    staff = api_as("staff")
    post_hand(staff, hands_url(session), draw(2, riichi=[2]))
    before = ledger_row_counts()

    preview = post(staff, f"{hands_url(session)}preview/", ron(1, 0, riichi=[1]))

    assert preview.status_code == 200
    assert ledger_row_counts() == before
    recorded = post_hand(staff, hands_url(session), ron(1, 0, riichi=[1])).json()
    assert preview.json()["ordinal"] == recorded["ordinal"] == 2
    assert preview.json()["result"] == recorded["result"]
    assert preview.json()["game_ends"] == []
    posted = [
        (p["kind"], [{k: e[k] for k in e if k != "id"} for e in p["entries"]])
        for p in recorded["postings"]
    ]
    assert [(p["kind"], p["entries"]) for p in preview.json()["postings"]] == posted


def test_engine_refusal_names_the_field_and_writes_nothing(
    session: Session, api_as: RoleClients
) -> None:
    before = ledger_row_counts()
    bad_tile = ron(1, 0, {"hand": "234m345p456s23488x", "win_tile": "4s"})

    response = post_hand(api_as("staff"), hands_url(session), bad_tile)

    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "hand_rejected_by_engine"
    assert error["engine_code"] == "bad_tiles"
    assert error["field"] == "wins[0].record.hand"
    assert "23488x" in error["message"]
    assert ledger_row_counts() == before


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param(["win"], "hand", id="a-list"),
        pytest.param("draw", "hand", id="a-string"),
        pytest.param({}, "kind", id="empty-object"),
        pytest.param({"kind": "nap"}, "kind", id="unknown-kind"),
        pytest.param({"kind": "win"}, "wins", id="win-without-wins"),
        pytest.param(draw(7), "tenpai[0]", id="seat-not-at-table"),
        pytest.param(ron(1, 1), "wins[0].discarder", id="winner-is-discarder"),
        pytest.param(draw(0, colour="red"), "colour", id="unknown-field"),
        pytest.param(
            ron(1, 0, {**PINFU_TANYAO, "hand": "123m456m789m11z22z3z", "win_tile": "3z"}),
            "wins[0].record",
            id="not-a-winning-hand",
        ),
    ],
)
def test_bad_hands_get_a_400_naming_the_field(
    body: Any, field: str, session: Session, api_as: RoleClients
) -> None:
    before = ledger_row_counts()

    response = post_hand(api_as("staff"), hands_url(session), body)

    assert response.status_code == 400, response.json()
    assert response.json()["error"]["field"] == field
    assert ledger_row_counts() == before


def test_malformed_json_is_a_400(session: Session, api_as: RoleClients) -> None:
    response = api_as("staff").post(
        hands_url(session),
        data='{"kind": "draw",',
        content_type="application/json",
        headers={"Idempotency-Key": "malformed-1"},
    )

    assert response.status_code == 400
    assert not HandResult.objects.exists()


def test_form_encoded_body_is_refused_as_unsupported(session: Session, api_as: RoleClients) -> None:
    response = api_as("staff").post(
        hands_url(session), data={"kind": "draw"}, headers={"Idempotency-Key": "form-1"}
    )

    assert response.status_code == 415


def test_closed_session_refuses_hands_with_a_conflict(
    session: Session, api_as: RoleClients
) -> None:
    Session.objects.filter(pk=session.pk).update(state=SessionState.CLOSED)

    response = post_hand(api_as("staff"), hands_url(session), draw(0))

    assert response.status_code == 409
    assert response.json()["error"]["code"] == "session_not_open"


def test_unknown_session_is_not_found(role_groups: None, api_as: RoleClients) -> None:
    ParlorFactory()  # the staff member's parlor: an account of no parlor may do nothing
    assert post_hand(api_as("staff"), "/api/sessions/999999/hands/", draw(0)).status_code == 404


def test_staff_record_a_chonbo_through_the_hands_endpoint_a_player_may_not(
    session: Session, api_as: RoleClients
) -> None:
    """At the table the staff are the referees: RECORD_PENALTY is staff and managers
    (parlor.policy); the API no longer decides on its own that a chonbo needs a manager."""
    chonbo = {"kind": "chonbo", "offender": 2, "cause": "false_ron"}

    by_staff = post_hand(api_as("staff"), hands_url(session), chonbo)
    by_manager = post_hand(api_as("manager"), hands_url(session), chonbo)
    by_player = post_hand(api_as("player"), hands_url(session), chonbo)

    assert by_staff.status_code == 201, by_staff.json()
    assert by_staff.json()["kind"] == "chonbo"
    assert by_manager.status_code == 201
    assert by_player.status_code == 403


def test_hand_list_hides_voided_versions_unless_asked(
    session: Session, api_as: RoleClients
) -> None:
    staff, manager = api_as("staff"), api_as("manager")
    first = post_hand(staff, hands_url(session), draw(0)).json()
    post_hand(staff, hands_url(session), draw(0))
    post(manager, "/api/corrections/", {"hand": first["id"], "kind": "void", "reason": "typo"})

    live = staff.get(hands_url(session)).json()["results"]
    everything = staff.get(hands_url(session), {"include_corrected": "true"}).json()["results"]

    # Hand 2 (a dealer-tenpai draw) no longer has hand 1's honba: it is re-settled as version 2.
    assert [(hand["ordinal"], hand["version"]) for hand in live] == [(2, 2)]
    assert [(hand["ordinal"], hand["version"], hand["live"]) for hand in everything] == [
        (1, 1, False),
        (2, 1, False),
        (2, 2, True),
    ]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=3)
        | st.dictionaries(
            st.sampled_from(
                [
                    "kind",
                    "wins",
                    "winner",
                    "discarder",
                    "record",
                    "riichi",
                    "tenpai",
                    "hand",
                    "win_tile",
                    "offender",
                    "dead",
                    "seat",
                    "x",
                ]
            ),
            children,
            max_size=4,
        )
    ),
    max_leaves=12,
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=json_values)
def test_no_body_gets_a_server_error_or_writes_half_a_hand(
    body: Any, session: Session, api_as: RoleClients
) -> None:
    before = ledger_row_counts()

    response = post(api_as("staff"), f"{hands_url(session)}preview/", body)
    recorded = post_hand(api_as("staff"), hands_url(session), body)

    assert response.status_code < 500 and recorded.status_code < 500
    if recorded.status_code != 201:
        assert ledger_row_counts() == before
