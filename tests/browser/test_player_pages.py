"""A player signs in and sees their own page, sessions and hands, and not another's.

Screenshots at 820x1180 (tablet) and 1366x768 (laptop) go to SCREENSHOT_DIR when it is set.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from ledger.play.hands import hand_record
from ledger.settle.settlements import session_close
from parlor.services.roles import ROLE_MANAGER, ROLE_PLAYER
from tests.api.world import dealer_busts_seat_1
from tests.browser.conftest import start_browser
from tests.browser.test_scoreboard import screenshot, wait_for
from tests.ledger.factories import SessionFactory, draw, ron
from tests.parlor.factories import house_member, member_of

pytestmark = pytest.mark.django_db(transaction=True)
START = 15


def sign_in(driver: Any, base: str, username: str) -> None:
    from selenium.webdriver.common.by import By

    driver.get(f"{base}/me/login/")
    driver.find_element(By.NAME, "username").send_keys(username)
    driver.find_element(By.NAME, "password").send_keys("player-password")
    driver.find_element(By.CSS_SELECTOR, "form.login button[type=submit]").click()


@pytest.mark.parametrize("window", [(820, 1180), (1366, 768)])
def test_a_player_sees_their_own_page_and_not_anothers(
    live_server: Any, window: tuple[int, int]
) -> None:
    from selenium.webdriver.common.by import By

    # The desk account records and closes: the house's manager.
    staff = house_member(User.objects.create_user("player-pages-desk"), ROLE_MANAGER)
    session = SessionFactory()
    hand_record(session=session, hand=draw(0, riichi=[0]), entered_by=staff)
    hand_record(session=session, hand=ron(2, 1, riichi=[2]), entered_by=staff)
    hand_record(session=session, hand=dealer_busts_seat_1(), entered_by=staff)
    session_close(session=session, by=staff)
    names = ["Aoi Tanaka", "Ben Carter", "Chie Mori", "Dai Ito"]
    players = []
    for seat, name in zip(session.seats.order_by("seat"), names, strict=True):
        player = seat.player
        player.name = name
        player.user = User.objects.create_user(f"member-{seat.seat}", password="player-password")
        player.save(update_fields=["name", "user"])
        member_of(session.parlor, ROLE_PLAYER, user=player.user)
        players.append(player)
    elsewhere = SessionFactory(parlor=session.parlor)
    hand_record(session=elsewhere, hand=draw(1), entered_by=staff)
    width, height = window
    driver = start_browser(window=window)
    try:
        sign_in(driver, live_server.url, "member-2")
        wait_for(driver, "#sessions", "Table", START)
        assert "Chie Mori" in driver.find_element(By.CSS_SELECTOR, ".top").text
        assert "Aoi Tanaka, Ben Carter, Dai Ito" in driver.find_element(By.ID, "sessions").text
        assert driver.find_elements(By.CSS_SELECTOR, "#days tbody tr")
        screenshot(driver, f"player-home-{width}x{height}.png")

        driver.find_element(By.CSS_SELECTOR, f"a[href='/me/sessions/{session.pk}/']").click()
        wait_for(driver, "#hands", "Chie Mori ron from Ben Carter", START)
        hands = driver.find_elements(By.CSS_SELECTOR, "#hands > li")
        assert len(hands) == 3
        tiles = driver.find_elements(By.CSS_SELECTOR, "#hands img.tile")
        # Two wins: 13 tiles in hand and the winning tile apart, each.
        assert len(tiles) >= 28 and all(t.get_property("naturalWidth") > 0 for t in tiles)
        mine = driver.find_element(By.CSS_SELECTOR, "#seats tr.me")
        assert "Chie Mori" in mine.text
        assert "JPY" in driver.find_element(By.ID, "own-result").text
        screenshot(driver, f"player-session-{width}x{height}.png")

        driver.get(f"{live_server.url}/me/sessions/{elsewhere.pk}/")
        assert "Not Found" in driver.page_source or "404" in driver.title + driver.page_source
        assert "Chie Mori" not in driver.page_source
    finally:
        driver.quit()
