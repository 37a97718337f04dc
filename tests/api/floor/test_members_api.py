"""Staff who play over the API: the manager's back pay rate, the desk's advances, the manager's
monthly statement, and a seated member refused their own table's hands, corrections and close."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from ledger.floor.member_statement import member_statement
from ledger.floor.services import shift_clock_in
from ledger.models import BackPay, BackPayRate, Session, SessionState
from ledger.play.hands import hand_record
from ledger.settle.business_days import business_day_of
from parlor.models import Player
from tests.api.support import RoleClients, post, post_hand
from tests.ledger.factories import SessionFactory, draw, ron
from tests.parlor.factories import ParlorFactory, PlayerFactory

DAISANGEN = {
    "hand": "777z234m55p",
    "win_tile": "7z",
    "melds": [{"kind": "pon", "tiles": "555z"}, {"kind": "pon", "tiles": "666z"}],
}


def _key(name: str) -> dict[str, str]:
    return {"Idempotency-Key": name}


def _clock_in(user: User | None, player: Player, by: User) -> None:
    assert user is not None
    shift_clock_in(user=user, player=player, by=by)


def test_the_manager_sets_back_pay_and_the_statement_shows_what_the_books_hold(
    api_as: RoleClients, staff: User, manager: User
) -> None:
    desk, boss = api_as("staff"), api_as("manager")
    parlor = ParlorFactory()
    member = PlayerFactory(parlor=parlor, name="Mei (staff)")
    _clock_in(staff, member, staff)  # before the game opens: she sits in as staff
    others = [PlayerFactory(parlor=parlor) for _ in range(3)]
    session = SessionFactory(parlor=parlor, players=[member, *others])

    refused = post(desk, "/api/floor/back-pay-rates/", {"parlor": parlor.pk, "amount": 500},
                   **_key("refused"))  # fmt: skip
    assert refused.status_code == 403
    for amount in (300, 500):
        made = post(boss, "/api/floor/back-pay-rates/", {"parlor": parlor.pk, "amount": amount},
                    **_key(f"rate-{amount}"))  # fmt: skip
        assert made.status_code == 201, made.json()
    history = boss.get("/api/floor/back-pay-rates/").json()["results"]
    assert [row["amount"] for row in history] == [500, 300]
    assert {row["set_by"] for row in history} == {"api-manager"}
    wrong = post(boss, "/api/floor/back-pay-rates/", {"parlor": parlor.pk, "amount": -1},
                 **_key("wrong"))  # fmt: skip
    assert wrong.status_code == 400 and "amount" in wrong.json()

    hand_record(session=session, hand=ron(1, 0, DAISANGEN), entered_by=manager)
    closed = post(boss, f"/api/sessions/{session.pk}/close/", **_key("close"))
    assert closed.status_code == 200, closed.json()
    assert BackPay.objects.get(session=session).amount == 500

    out = post(desk, "/api/floor/advances/", {"player": member.pk, "amount": 10_000},
               **_key("advance"))  # fmt: skip
    assert out.status_code == 201 and out.json()["kind"] == "member_advance", out.json()
    back = post(desk, "/api/floor/advances/",
                {"player": member.pk, "amount": 12_000, "returned": True},
                **_key("back"))  # fmt: skip
    assert back.status_code == 409 and back.json()["error"]["code"] == "balance_exceeded"
    guest = session.seats.get(seat=1).player
    stranger = post(desk, "/api/floor/advances/", {"player": guest.pk, "amount": 1_000},
                    **_key("stranger"))  # fmt: skip
    assert stranger.status_code == 400 and stranger.json()["error"]["code"] == "not_a_member"
    # The counter's own endpoint does not take the floor's kinds.
    counter = post(desk, "/api/counter/entries/", {
        "parlor": parlor.pk, "kind": "member_advance", "amount": 1_000, "method": "cash",
        "player": member.pk,
    }, **_key("counter"))  # fmt: skip
    assert counter.status_code == 400 and "kind" in counter.json()

    members = desk.get("/api/floor/members/", {"parlor": parlor.pk}).json()
    assert members == [{
        "player": member.pk, "name": member.name, "member_number": member.member_number,
        "advances_outstanding": 10_000,
    }]  # fmt: skip
    day = business_day_of(parlor=parlor, moment=timezone.now())
    month = f"{day:%Y-%m}"
    url = f"/api/floor/members/{member.pk}/statement/"
    assert desk.get(url, {"month": month}).status_code == 403
    body: dict[str, Any] = boss.get(url, {"month": month}).json()
    expected = member_statement(parlor=parlor, player=member, month=day)
    assert [g["session"] for g in body["games"]] == [session.pk]
    assert (body["results"], body["back_pay"], body["advanced"], body["outstanding_after"]) == (
        expected.results, 500, 10_000, 10_000,
    )  # fmt: skip
    assert boss.get(url, {"month": "2026-13"}).status_code == 400
    not_member = boss.get(f"/api/floor/members/{guest.pk}/statement/", {"month": month})
    assert not_member.status_code == 404


def test_a_seated_member_is_refused_their_table_s_hands_corrections_and_close(
    api_as: RoleClients, staff: User
) -> None:
    seated_staff, seated_boss = api_as("staff", name="seated-staff"), api_as("manager")
    referee = api_as("staff", name="referee")
    session = SessionFactory()
    _clock_in(api_as.users["seated-staff"], session.seats.get(seat=0).player, staff)
    _clock_in(api_as.users["manager"], session.seats.get(seat=1).player, staff)
    hands = f"/api/sessions/{session.pk}/hands/"

    entering = post_hand(seated_staff, hands, draw(0))
    assert entering.status_code == 403
    assert entering.json()["error"]["code"] == "seated_at_table"
    recorded = post_hand(referee, hands, draw(0))
    assert recorded.status_code == 201, recorded.json()
    correcting = post(seated_boss, "/api/corrections/", {
        "hand": recorded.json()["id"], "kind": "void", "reason": "mine",
    }, **_key("void"))  # fmt: skip
    assert correcting.status_code == 403
    assert correcting.json()["error"]["code"] == "seated_at_table"
    assert post_hand(referee, hands, ron(3, 0, DAISANGEN)).status_code == 201
    closing = post(seated_boss, f"/api/sessions/{session.pk}/close/", **_key("close"))
    assert closing.status_code == 403
    assert closing.json()["error"]["code"] == "seated_at_table"
    assert Session.objects.get(pk=session.pk).state == SessionState.OPEN
    assert BackPayRate.objects.count() == 0
