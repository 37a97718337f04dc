"""The check-out slip in the API: read it, confirm it with its version (Idempotency-Key), the
retried confirmation recorded once, a stale version and one's own visit refused."""

from __future__ import annotations

from ledger.counter.visits import VisitSettlement
from ledger.models import Posting
from ledger.play.hands import hand_record
from ledger.settle.settlements import session_close
from parlor.models import Player
from tests.api.support import RoleClients, post
from tests.ledger.factories import SessionFactory, ron
from tests.parlor.factories import ParlorFactory, PlayerFactory

VISITS = "/api/counter/visits/"


def _checked_in_loser(api_as: RoleClients) -> tuple[Player, int]:
    parlor = ParlorFactory()
    players = [PlayerFactory(parlor=parlor) for _ in range(4)]
    answer = post(api_as("staff"), VISITS, {"player": players[1].pk}, **{"Idempotency-Key": "in"})
    assert answer.status_code == 201, answer.json()
    session = SessionFactory(parlor=players[0].parlor, players=players)
    hand_record(session=session, hand=ron(0, 1), entered_by=session.opened_by)
    session_close(session=session, by=session.opened_by, stop=True)
    return players[1], answer.json()["id"]


def test_the_slip_is_read_then_confirmed_once(api_as: RoleClients) -> None:
    staff = api_as("staff")
    player, visit = _checked_in_loser(api_as)
    post(staff, "/api/counter/entries/", {
        "parlor": player.parlor_id, "kind": "deposit_taken", "amount": 20000, "method": "cash",
        "player": player.pk,
    }, **{"Idempotency-Key": "deposit"})  # fmt: skip
    slip = staff.get(f"{VISITS}{visit}/slip/").json()
    assert not slip["settled"] and len(slip["games"]) == 1 and slip["deposit"] == 20000
    owed = -slip["results"]
    assert slip["plan"]["deposit_applied"] == owed
    assert slip["plan"]["player_receives"] == 20000 - owed
    assert slip["plan"]["player_pays"] == 0

    stale = post(staff, f"{VISITS}{visit}/settle/", {"version": slip["version"] - 1},
                 **{"Idempotency-Key": "stale"})  # fmt: skip
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "slip_changed"
    no_key = post(staff, f"{VISITS}{visit}/settle/", {"version": slip["version"]})
    assert no_key.status_code == 428

    before = Posting.objects.count()
    body = {"version": slip["version"], "method": "cash"}
    first = post(staff, f"{VISITS}{visit}/settle/", body, **{"Idempotency-Key": "settle"})
    again = post(staff, f"{VISITS}{visit}/settle/", body, **{"Idempotency-Key": "settle"})
    assert first.status_code == 201, first.json()
    assert again.json() == first.json()
    assert Posting.objects.count() == before + 1
    assert VisitSettlement.objects.filter(visit_id=visit).count() == 1
    assert len(first.json()["entries"]) == 2  # deposit applied, the rest returned
    kept = staff.get(f"{VISITS}{visit}/slip/").json()
    assert kept["settled"] and kept["version"] == slip["version"]
    assert staff.get(f"{VISITS}{visit}/").json()["is_open"] is False


def test_ones_own_visit_is_refused(api_as: RoleClients) -> None:
    player, visit = _checked_in_loser(api_as)
    staff = api_as("staff")
    player.user = api_as.users["staff"]
    player.save(update_fields=["user"])
    version = staff.get(f"{VISITS}{visit}/slip/").json()["version"]
    refused = post(staff, f"{VISITS}{visit}/settle/", {"version": version},
                   **{"Idempotency-Key": "own"})  # fmt: skip
    assert refused.status_code == 403
    assert "yourself" in refused.json()["error"]["message"]
    manager = api_as("manager")
    done = post(manager, f"{VISITS}{visit}/settle/", {"version": version},
                **{"Idempotency-Key": "colleague"})  # fmt: skip
    assert done.status_code == 201, done.json()
