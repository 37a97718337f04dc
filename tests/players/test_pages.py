"""A player's own pages: sessions, hands with tiles, money by day, statement; no one else's."""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth.models import User
from django.test import Client

from ledger.books.balances import player_balance
from ledger.play.hands import hand_record
from ledger.settle.settlements import session_close
from parlor.services.preferences import user_language_set
from players.selectors import player_days
from tests.api.world import dealer_busts_seat_1
from tests.ledger.factories import SessionFactory, draw, ron

pytestmark = pytest.mark.django_db


def login_for(player: object, username: str) -> Client:
    user = User.objects.create_user(username, password="secret-for-tests")
    player.user = user  # type: ignore[attr-defined]
    player.save(update_fields=["user"])  # type: ignore[attr-defined]
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def games(manager: User, staff: User) -> dict[str, object]:
    closed = SessionFactory()
    hand_record(session=closed, hand=draw(0), entered_by=staff)
    hand_record(session=closed, hand=dealer_busts_seat_1(), entered_by=staff)
    session_close(session=closed, by=manager)
    players = [seat.player for seat in closed.seats.order_by("seat")]
    still_open = SessionFactory(parlor=closed.parlor, players=players)
    hand_record(session=still_open, hand=ron(2, 0, riichi=[2]), entered_by=staff)
    # Another game in which player 0 did not sit, with another's money.
    elsewhere = SessionFactory(parlor=closed.parlor)
    hand_record(session=elsewhere, hand=dealer_busts_seat_1(), entered_by=staff)
    session_close(session=elsewhere, by=manager)
    return {"closed": closed, "open": still_open, "elsewhere": elsewhere, "players": players}


def test_the_home_page_lists_their_sessions_balance_and_days(games: dict) -> None:
    me = games["players"][1]
    client = login_for(me, "seat1")

    page = client.get("/me/")

    assert page.status_code == 200
    text = page.content.decode()
    assert f"/me/sessions/{games['closed'].pk}/" in text
    assert f"/me/sessions/{games['open'].pk}/" in text
    assert f"/me/sessions/{games['elsewhere'].pk}/" not in text
    money = player_balance(player=me).money
    assert f"{money:,}" in page.context["balance_money"]
    days = player_days(player=me)
    assert len(days) == 1 and days[0].games == 1 and days[0].net_money == money


def test_a_session_page_shows_every_hand_with_tiles_and_no_mates_money(games: dict) -> None:
    me = games["players"][0]
    client = login_for(me, "seat0")

    page = client.get(f"/me/sessions/{games['closed'].pk}/")

    assert page.status_code == 200
    text = page.content.decode()
    assert 'id="hand-1"' in text and 'id="hand-2"' in text
    assert "/static/ledger/tiles/7z.svg" in text  # the daisangen drawn
    for mate in games["players"][1:]:
        assert mate.name in text
    # Only their own money: the page context holds no one else's settlement.
    assert page.context["own"].player_id == me.pk
    assert all("money" not in seat for seat in page.context["seats"])


def test_another_players_session_is_404_and_pages_need_a_player_login(games: dict) -> None:
    me = games["players"][0]
    client = login_for(me, "seat0")

    assert client.get(f"/me/sessions/{games['elsewhere'].pk}/").status_code == 404
    assert client.get("/me/sessions/999999999/").status_code == 404
    assert Client().get("/me/").status_code == 302  # to the login page
    staff_only = Client()
    staff_only.force_login(User.objects.create_user("nobody"))
    assert staff_only.get("/me/").status_code == 403


def test_the_statement_and_the_language(games: dict) -> None:
    me = games["players"][0]
    client = login_for(me, "seat0-ja")
    user_language_set(user=me.user, language="ja")

    statement = client.get("/me/statement/")
    home = client.get("/me/")

    assert statement.status_code == 200 and me.name in statement.content.decode()
    assert "マイページ" in home.content.decode()
    assert (
        client.get("/me/statement/", {"from": "2020-02-01", "to": "2020-01-01"}).status_code == 400
    )


def test_the_login_page_signs_a_player_in(games: dict) -> None:
    me = games["players"][0]
    login_for(me, "seat0-login")
    client = Client()

    response = client.post(
        "/me/login/", {"username": "seat0-login", "password": "secret-for-tests"}
    )

    assert response.status_code == 302 and response["Location"] == "/me/"
    assert client.get("/me/").status_code == 200


def test_times_print_in_the_parlors_zone(games: dict) -> None:
    me = games["players"][0]
    client = login_for(me, "seat0-zone")
    opened = games["closed"].opened_at.astimezone(ZoneInfo("Asia/Tokyo"))

    page = client.get("/me/").content.decode()

    assert opened.strftime("%Y-%m-%d %H:%M") in page
