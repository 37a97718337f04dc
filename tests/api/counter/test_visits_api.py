"""The visits API: check-in (with Idempotency-Key), check-out, the credit warning, limits."""

from __future__ import annotations

from django.contrib.auth.models import User

from ledger.books.balances import player_balance
from ledger.models import Session, Visit
from parlor.models import Player
from tests.api.support import RoleClients, post, token_client
from tests.parlor.factories import ParlorFactory, PlayerFactory, member_of

VISITS = "/api/counter/visits/"
LIMITS = "/api/counter/credit-limits/"


def _loser(session: Session) -> Player:
    players = [seat.player for seat in session.seats.all()]
    return min(players, key=lambda p: player_balance(player=p).money)


def test_check_in_and_out_with_a_retried_post_recorded_once(api_as: RoleClients) -> None:
    player = PlayerFactory()
    staff = api_as("staff")
    first = post(staff, VISITS, {"player": player.pk}, **{"Idempotency-Key": "visit-1"})
    assert first.status_code == 201, first.json()
    again = post(staff, VISITS, {"player": player.pk}, **{"Idempotency-Key": "visit-1"})
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert Visit.objects.filter(player=player).count() == 1
    body = first.json()
    assert body["is_open"] and body["checked_in_by"] == "api-staff"
    assert body["name"] == player.name

    twice = post(staff, VISITS, {"player": player.pk})
    assert twice.status_code == 409
    assert twice.json()["error"]["code"] == "visit_already_open"

    listed = staff.get(VISITS, {"is_open": "true"}).json()
    assert [row["id"] for row in listed["results"]] == [body["id"]]

    out = post(staff, f"{VISITS}{body['id']}/check-out/")
    assert out.status_code == 200 and out.json()["checked_out_by"] == "api-staff"
    assert post(staff, f"{VISITS}{body['id']}/check-out/").status_code == 409


def test_the_credit_warning_and_the_managers_override(
    closed_session: Session, api_as: RoleClients, manager: User
) -> None:
    player = _loser(closed_session)
    owed = -player_balance(player=player).money
    boss = api_as("manager")
    limit = post(boss, LIMITS, {"player": player.pk, "amount": owed - 100})
    assert limit.status_code == 200 and limit.json()["amount"] == owed - 100

    staff = api_as("staff")
    warning = staff.get(f"{VISITS}credit/", {"player": player.pk}).json()
    assert warning == {"player": player.pk, "owed": owed, "limit": owed - 100, "above_limit": True}
    refused = post(staff, VISITS, {"player": player.pk})
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "credit_limit_exceeded"
    not_theirs = post(staff, VISITS, {"player": player.pk, "override_reason": "I know him"})
    assert not_theirs.status_code == 403
    overridden = post(boss, VISITS, {"player": player.pk, "override_reason": "pays on Friday"})
    assert overridden.status_code == 201
    assert overridden.json()["override_by"] == "api-manager"
    assert overridden.json()["override_reason"] == "pays on Friday"


def test_limits_are_set_by_managers_only(api_as: RoleClients) -> None:
    player = PlayerFactory()
    staff_try = post(api_as("staff"), LIMITS, {"player": player.pk, "amount": 5})
    assert staff_try.status_code == 403
    boss = api_as("manager")
    assert post(boss, LIMITS, {"player": player.pk, "amount": -1}).status_code == 400
    removed = post(boss, LIMITS, {"player": player.pk, "amount": None})
    assert removed.status_code == 204


def test_players_and_other_parlors_see_no_visits(api_as: RoleClients) -> None:
    player = PlayerFactory()
    post(api_as("staff"), VISITS, {"player": player.pk})
    assert api_as("player").get(VISITS).status_code == 403
    elsewhere = PlayerFactory(parlor=ParlorFactory())
    # A player of a parlor the staff do not work in "does not exist".
    outsider = member_of(elsewhere.parlor, "staff", username="outsider")
    client = token_client(outsider)
    assert client.get(VISITS).json()["results"] == []
    assert post(client, VISITS, {"player": player.pk}).status_code == 400
