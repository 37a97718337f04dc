"""The scoreboard by secret link: open tables, no money, ETag, rotation, Japanese."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from ledger.models import ScoreboardLink, Session
from ledger.play.hands import hand_record
from ledger.settle.settlements import session_close
from scoreboard.services import scoreboard_link_get, scoreboard_link_rotate
from tests.api.world import dealer_busts_seat_1
from tests.ledger.factories import SessionFactory, draw, ron

pytestmark = pytest.mark.django_db
RIICHI_RON = ron(2, 0, riichi=[2])


def keys(value: Any) -> set[str]:
    """Every key anywhere in a JSON value."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys(v)}
    return set()


def state(token: str, **query: str) -> Any:
    return APIClient().get(f"/api/scoreboard/{token}/", query)


def test_an_open_table_with_its_seats_round_and_last_hand(manager: User, staff: User) -> None:
    session = SessionFactory()
    hand_record(session=session, hand=draw(1, riichi=[1]), entered_by=staff)
    hand_record(session=session, hand=RIICHI_RON, entered_by=staff)
    closed = SessionFactory(parlor=session.parlor)
    hand_record(session=closed, hand=dealer_busts_seat_1(), entered_by=staff)
    session_close(session=closed, by=manager)
    link = scoreboard_link_get(parlor=session.parlor)

    response = state(link.token)

    assert response.status_code == 200
    body = response.json()
    assert [table["session"] for table in body["tables"]] == [session.pk]  # closed: not shown
    table = body["tables"][0]
    # Hand 1: seat 1 alone tenpai in riichi (dealer 0 noten: the deal passes to seat 1);
    # hand 2: seat 2 in riichi rons seat 0 and takes both sticks; the deal passes to seat 2.
    assert table["dealer"] == 2 and table["honba"] == 0 and table["sticks"] == 0
    assert table["round"] == {"wind": "E", "wind_label": "East", "hand": 3}
    names = [seat.player.name for seat in session.seats.order_by("seat")]
    assert [seat["name"] for seat in table["seats"]] == names
    assert sum(seat["points"] for seat in table["seats"]) == 100_000
    assert [seat["dealer"] for seat in table["seats"]] == [False, False, True, False]
    last = table["last_hand"]
    assert last["number"] == 2 and last["kind"] == "win"
    win = last["wins"][0]
    assert win["winner"] == names[2]
    assert {line["name"] for line in win["yaku"]} >= {"Riichi", "Pinfu"}
    assert [tile["code"] for tile in win["hand"]][:3] == ["2m", "3m", "4m"]
    assert win["win_tile"][0]["src"].endswith("/ledger/tiles/4s.svg")
    assert not {"money", "fee", "net_money", "rate", "balance"} & keys(body)


def test_unchanged_state_answers_304_and_a_new_hand_changes_the_etag(staff: User) -> None:
    session = SessionFactory()
    token = scoreboard_link_get(parlor=session.parlor).token
    first = state(token)
    etag = first["ETag"]
    client = APIClient()

    again = client.get(f"/api/scoreboard/{token}/", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and not again.content

    hand_record(session=session, hand=draw(0), entered_by=staff)
    changed = client.get(f"/api/scoreboard/{token}/", HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert changed.json()["tables"][0]["honba"] == 1


def test_a_rotated_link_stops_working_and_unknown_links_are_404(manager: User) -> None:
    session = SessionFactory()
    old = scoreboard_link_get(parlor=session.parlor).token
    new = scoreboard_link_rotate(parlor=session.parlor, by=manager).token

    assert new != old
    assert state(old).status_code == 404
    assert state(new).status_code == 200
    assert Client().get(f"/scoreboard/{old}/").status_code == 404
    assert state("x" * 40).status_code == 404


def test_japanese_labels(staff: User) -> None:
    session = SessionFactory()
    hand_record(session=session, hand=RIICHI_RON, entered_by=staff)
    token = scoreboard_link_get(parlor=session.parlor).token

    table = state(token, lang="ja").json()["tables"][0]

    assert table["round"]["wind_label"] == "東"
    assert "立直" in [line["name"] for line in table["last_hand"]["wins"][0]["yaku"]]


def test_the_page_needs_no_login_and_speaks_japanese(staff: User) -> None:
    session = SessionFactory()
    token = scoreboard_link_get(parlor=session.parlor).token

    page = Client().get(f"/scoreboard/{token}/", {"lang": "ja"})

    assert page.status_code == 200
    assert page["Content-Language"] == "ja" and page["Referrer-Policy"] == "no-referrer"
    text = page.content.decode()
    assert f"/api/scoreboard/{token}/?lang=ja" in text
    words = json.loads(
        text.split('id="scoreboard-words" type="application/json">')[1].split("<")[0]
    )
    assert words["honba"] == "本場"


def test_queries_do_not_grow_with_tables_or_hands(
    staff: User, django_assert_max_num_queries: Any
) -> None:
    session = SessionFactory()
    for _ in range(3):
        other = SessionFactory(parlor=session.parlor)
        hand_record(session=other, hand=draw(0), entered_by=staff)
        hand_record(session=other, hand=draw(0), entered_by=staff)
    token = ScoreboardLink.objects.create(parlor=session.parlor).token
    # 5 for the tables, and 2 for the waiting list (issue 36): the floor's options and the
    # parlor's waiting entries, each one query whatever the number of games or players.
    with django_assert_max_num_queries(7):
        assert len(state(token).json()["tables"]) == 4


# East-only: each dealer loses the deal, then the last dealer is noten at a draw with seat 1
# tenpai in riichi: the game is over after East 4, one honba and one stick on the table.
EAST_ONLY_TO_THE_END = (ron(1, 0), ron(2, 1), ron(3, 2), draw(1, riichi=[1]))


def finished_and_running(staff: User) -> tuple[Session, Session, ScoreboardLink]:
    """A game played to its end and another one hand in, at one parlor, and its link."""
    finished = SessionFactory()
    for hand in EAST_ONLY_TO_THE_END:
        hand_record(session=finished, hand=hand, entered_by=staff)
    running = SessionFactory(parlor=finished.parlor)
    hand_record(session=running, hand=ron(1, 0), entered_by=staff)
    return finished, running, scoreboard_link_get(parlor=finished.parlor)


def test_a_finished_game_carries_each_seats_final_place_and_no_dealer(staff: User) -> None:
    """Issue 33, item 10: once the game is over its seats carry their place, none is dealer."""
    finished, running, link = finished_and_running(staff)

    tables = {table["session"]: table for table in state(link.token).json()["tables"]}

    over = tables[finished.pk]
    assert over["game_over"] is True
    assert not any(seat["dealer"] for seat in over["seats"])
    points = [seat["points"] for seat in over["seats"]]
    by_place = sorted(over["seats"], key=lambda seat: seat["place"])
    assert [seat["place"] for seat in by_place] == [1, 2, 3, 4]
    assert [seat["points"] for seat in by_place] == sorted(points, reverse=True)
    live = tables[running.pk]
    assert live["game_over"] is False
    assert [seat["place"] for seat in live["seats"]] == [None] * 4
    assert sum(seat["dealer"] for seat in live["seats"]) == 1
