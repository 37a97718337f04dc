"""The floor over the API: queue, staff filling the fourth seat, draw, re-draw, open; no field
chooses an outcome; the scoreboard's wait."""

from __future__ import annotations

from django.contrib.auth.models import User

from ledger.counter.visit_services import visit_check_in
from ledger.models import FloorOptions, ScoreboardLink, SeatDraw
from parlor.models import Player
from tests.api.support import RoleClients, post
from tests.parlor.factories import (
    ParlorFactory,
    PlayerFactory,
    RateFactory,
    RulesetConfigFactory,
    TableFactory,
)


def test_three_wait_staff_fills_the_fourth_seat_and_the_table_opens(
    api_as: RoleClients, staff: User, manager: User
) -> None:
    parlor = ParlorFactory()
    table = TableFactory(parlor=parlor, name="T1")
    rules = RulesetConfigFactory(parlor=parlor, ruleset_slug="riichi-standard", name="East")
    rate = RateFactory(parlor=parlor, name="Tenpin")
    desk = api_as("staff")
    guests: list[Player] = []
    for name in ("Aki", "Ben", "Chie"):
        guest = PlayerFactory(parlor=parlor, name=name)
        visit_check_in(player=guest, by=staff)
        guests.append(guest)
        joined = post(desk, "/api/floor/waiting/",
                      {"player": guest.pk, "ruleset_config": rules.pk, "rate": rate.pk},
                      **{"Idempotency-Key": f"join-{name}"})  # fmt: skip
        assert joined.status_code == 201, joined.json()
    as_player = PlayerFactory(parlor=parlor, name="Sato (staff)")
    shift = post(desk, "/api/floor/shifts/", {"user": staff.pk, "player": as_player.pk})
    assert shift.status_code == 201, shift.json()

    floor = desk.get("/api/floor/", {"parlor": parlor.pk}).json()
    assert [e["name"] for e in floor["queues"][0]["entries"]] == ["Aki", "Ben", "Chie"]
    (proposal,) = floor["proposals"]
    assert proposal["table"] == table.pk and proposal["staff_shift"] == shift.json()["id"]
    assert proposal["players"] == [*(g.pk for g in guests), as_player.pk]

    # A body naming seats or players chooses nothing: the fields are not read.
    body = {"table": table.pk, "ruleset_config": rules.pk, "rate": rate.pk,
            "seats": [as_player.pk, *(g.pk for g in guests)], "candidates": []}  # fmt: skip
    drawn = post(desk, "/api/floor/draws/", body, **{"Idempotency-Key": "draw-1"})
    assert drawn.status_code == 201, drawn.json()
    draw = drawn.json()
    assert draw["candidates"] == proposal["players"]
    assert sorted(draw["seats"]) == sorted(draw["candidates"])
    again = post(desk, "/api/floor/draws/", body, **{"Idempotency-Key": "draw-1"})
    assert again.headers["Idempotent-Replayed"] == "true"
    assert SeatDraw.objects.count() == 1  # a retried draw is not a second outcome

    no_reason = post(desk, "/api/floor/draws/", {**body, "seats": None})
    assert no_reason.status_code == 400 and no_reason.json()["error"]["code"] == "reason_required"
    redrawn = post(desk, "/api/floor/draws/", {**body, "reason": "Ben arrived late"})
    assert redrawn.status_code == 201
    assert redrawn.json()["redraw_of"] == draw["id"]
    assert redrawn.json()["reason"] == "Ben arrived late"
    assert post(desk, f"/api/floor/draws/{draw['id']}/open/").status_code == 409

    opened = post(desk, f"/api/floor/draws/{redrawn.json()['id']}/open/")
    assert opened.status_code == 201, opened.json()
    seats = [seat["player"] for seat in opened.json()["seats"]]
    assert seats == redrawn.json()["seats"]
    listed = desk.get("/api/floor/draws/").json()["results"]
    assert [(d["id"], d["reason"], d["drawn_by"]) for d in listed] == [
        (redrawn.json()["id"], "Ben arrived late", "api-staff"),
        (draw["id"], "", "api-staff"),
    ]
    assert desk.get("/api/floor/", {"parlor": parlor.pk}).json()["queues"] == []


def test_the_scoreboard_shows_the_wait_names_only_when_switched_on(
    api_as: RoleClients, staff: User, manager: User
) -> None:
    parlor = ParlorFactory()
    rules = RulesetConfigFactory(parlor=parlor, ruleset_slug="riichi-standard", name="East")
    rate = RateFactory(parlor=parlor, name="Tenpin")
    desk = api_as("staff")
    for name in ("Aki", "Ben"):
        guest = PlayerFactory(parlor=parlor, name=name)
        visit_check_in(player=guest, by=staff)
        post(desk, "/api/floor/waiting/",
             {"player": guest.pk, "ruleset_config": rules.pk, "rate": rate.pk})  # fmt: skip
    link = ScoreboardLink.objects.create(parlor=parlor, rotated_by=manager)
    board = api_as("anonymous").get(f"/api/scoreboard/{link.token}/").json()
    assert board["waiting"] == [{"game": "East · Tenpin", "count": 2, "names": []}]
    FloorOptions.objects.create(parlor=parlor, scoreboard_waiting_names=True)
    board = api_as("anonymous").get(f"/api/scoreboard/{link.token}/").json()
    assert board["waiting"] == [{"game": "East · Tenpin", "count": 2, "names": ["Aki", "Ben"]}]


def test_players_may_not_run_the_floor(api_as: RoleClients) -> None:
    parlor = ParlorFactory()
    assert api_as("player").get("/api/floor/", {"parlor": parlor.pk}).status_code == 403
    assert api_as("player").get("/api/floor/draws/").status_code == 403
