"""The statistics as people see them, in headless Chromium: a player's own numbers and the
admin's standings at 820x1180 (tablet) and 1366x768 (laptop), the scoreboard's standings
at 1920x1080 (a TV): nothing hidden, covered or cut off (``tests/browser/page_layout.py``).

Screenshots go to SCREENSHOT_DIR when it is set (else a temporary folder).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from ledger.models import ScoreboardLink, Session
from ledger.play.hands import hand_record
from ledger.play.sessions import session_open
from ledger.settle.settlements import session_close
from parlor.models import Parlor, Player, Role
from players.statistics.models import StatisticsOptions
from tests.api.world import dealer_busts_seat_1
from tests.browser.console import LAPTOP, TABLET, browser_at, screenshot, sign_in, wait_until
from tests.browser.page_layout import layout_problems
from tests.ledger.factories import draw, ron, tsumo
from tests.parlor.factories import (
    ParlorFactory,
    RateFactory,
    RulesetConfigFactory,
    TableFactory,
    member_of,
)

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = [
    "Aoi Tanaka", "Ben Carter", "長谷川 美智子", "Dai Ito", "Maximilian Oberhofer-Lindqvist",
    "Chie Mori", "Eri Sato", "Fumio Kato", "Goro Abe", "Hana Ueda", "Ichiro Noda", "Jun Oka",
    "Kaito Sano", "Luca Rossi", "Mei Lin", "Nao Hara", "Oscar Diaz", "Pia Berg",
    "Quinn Walsh", "Rin Arai", "Sora Endo", "Taro Yoshida", "Umi Kudo", "Vera Novak",
]  # fmt: skip


def a_month_of_games() -> tuple[Parlor, list[Player], User]:
    """A parlor, 24 players, games in two ruleset configurations: every hand kind."""
    parlor = ParlorFactory(name="Mahjong Hall Sakura")
    manager = member_of(parlor, Role.MANAGER, username="stats-manager")
    hanchan = RulesetConfigFactory(
        parlor=parlor, name="East only, house rules", ruleset_slug="riichi-standard",
        game_options={"length": "east"},
    )  # fmt: skip
    rate = RateFactory(parlor=parlor)
    players = [Player.objects.create(parlor=parlor, member_number=f"S{i:03d}", name=name)
               for i, name in enumerate(NAMES)]  # fmt: skip
    tables = [TableFactory(parlor=parlor) for _ in range(3)]

    def game(seats: list[int], *hands: dict[str, Any]) -> Session:
        session = session_open(
            table=tables[len(seats) % 3], players=[players[i] for i in seats],
            ruleset_config=hanchan, rate=rate, by=manager,
        )  # fmt: skip
        for hand in hands:
            hand_record(session=session, hand=hand, entered_by=manager)
        session_close(session=session, by=manager)
        return session

    varied = (draw(0, 2, riichi=[2]), ron(2, 1, riichi=[2]), tsumo(3), dealer_busts_seat_1())
    game([0, 1, 2, 3], *varied)
    game([2, 0, 3, 1], draw(1), ron(0, 3), dealer_busts_seat_1())
    game([3, 2, 1, 0], dealer_busts_seat_1())
    for start in range(4, 24, 4):
        game([start, start + 1, start + 2, start + 3], draw(2), dealer_busts_seat_1())
    game([0, 5, 9, 13], ron(1, 2), dealer_busts_seat_1())
    return parlor, players, manager


def assert_looks_right(driver: Any, selectors: list[str]) -> None:
    problems = layout_problems(driver, selectors)
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("size", [TABLET, LAPTOP], ids=["tablet", "laptop"])
def test_a_players_own_numbers(live_server: Any, size: tuple[int, int]) -> None:
    from selenium.webdriver.common.by import By

    parlor, players, _ = a_month_of_games()
    me = players[0]
    me.user = member_of(parlor, Role.PLAYER, username="aoi")
    me.save(update_fields=["user"])
    driver = browser_at(size)
    try:
        sign_in(driver, live_server.url, me.user)
        driver.get(f"{live_server.url}/me/")
        driver.find_element(By.ID, "my-numbers").click()
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "section.numbers"))
        section = driver.find_element(By.CSS_SELECTOR, "section.numbers")
        assert "Win rate" in section.text and "Deal-in rate" in section.text
        # Four games: four bars; a rating line; the yaku of the wins.
        assert len(section.find_elements(By.CSS_SELECTOR, "svg rect")) == 4
        assert section.find_elements(By.CSS_SELECTOR, "svg polyline.rating-line")
        assert "†" in section.text  # four games are a small sample, and the page says so
        screenshot(driver, f"statistics-player-{size[0]}x{size[1]}")
        assert_looks_right(driver, [
            "nav.periods a", "dl.headline div", "table.figures td", "table.figures th",
            "figure.chart", "figure.chart figcaption", "table.han td", "p.legend",
        ])  # fmt: skip
        driver.find_element(By.CSS_SELECTOR, "nav.periods a[href='?period=month']").click()
        wait_until(
            driver,
            lambda d: (
                "current"
                in d.find_element(
                    By.CSS_SELECTOR, "nav.periods a[href='?period=month']"
                ).get_attribute("class")
            ),
        )
    finally:
        driver.quit()


@pytest.mark.parametrize("size", [TABLET, LAPTOP], ids=["tablet", "laptop"])
def test_the_admins_standings(live_server: Any, size: tuple[int, int]) -> None:
    from selenium.webdriver.common.by import By

    parlor, players, manager = a_month_of_games()
    driver = browser_at(size)
    try:
        sign_in(driver, live_server.url, manager)
        driver.get(f"{live_server.url}/admin/")
        driver.find_element(By.CSS_SELECTOR, "a[href='/admin/players/standingspage/']").click()
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#standings tbody tr"))
        rows = driver.find_elements(By.CSS_SELECTOR, "#standings tbody tr")
        assert len(rows) == 24
        assert "長谷川 美智子" in driver.find_element(By.ID, "standings").text
        screenshot(driver, f"statistics-standings-{size[0]}x{size[1]}")
        assert_looks_right(driver, [
            "#standings-query .query-field", "#export-csv", "#export-xlsx",
            "#standings thead th", "#standings tbody td", ".standings-legend",
        ])  # fmt: skip
        # Sort by win rate: the heading's link, then the other way round.
        driver.find_element(By.CSS_SELECTOR, "th.col-win_rate a").click()
        wait_until(driver, lambda d: "▼" in d.find_element(By.CSS_SELECTOR, "th.col-win_rate").text)
        driver.find_element(By.CSS_SELECTOR, "th.col-win_rate a").click()
        wait_until(driver, lambda d: "▲" in d.find_element(By.CSS_SELECTOR, "th.col-win_rate").text)
        # A minimum of games leaves the one-game players off.
        games = driver.find_element(By.ID, "id_min_games")
        games.clear()
        games.send_keys("2")
        driver.find_element(By.CSS_SELECTOR, "#standings-query button[type=submit]").click()
        wait_until(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#standings tbody tr"))
                   == 7)  # fmt: skip
        screenshot(driver, f"statistics-standings-filtered-{size[0]}x{size[1]}")
    finally:
        driver.quit()


def test_the_scoreboards_standings_on_a_tv(live_server: Any) -> None:
    from selenium.webdriver.common.by import By

    parlor, players, _ = a_month_of_games()
    link = ScoreboardLink.objects.create(parlor=parlor)
    StatisticsOptions.objects.create(parlor=parlor, scoreboard_standings=True)
    driver = browser_at((1920, 1080))
    try:
        driver.get(f"{live_server.url}/scoreboard/{link.token}/standings/")
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".standings-lines tbody tr"))
        rows = driver.find_elements(By.CSS_SELECTOR, ".standings-lines tbody tr")
        assert len(rows) == 20  # the best 20 by rating of 24
        text = driver.find_element(By.ID, "boards").text
        assert "Aoi Tanaka" in text and "JPY" not in text
        screenshot(driver, "statistics-scoreboard-1920x1080")
        assert_looks_right(driver, [
            ".board-head h1", ".board-name", ".standings-lines th", ".standings-lines td",
            ".board-more",
        ])  # fmt: skip
        # Read from across the room: the whole board on one screen, no scrolling.
        height = driver.execute_script("return document.documentElement.scrollHeight")
        assert height <= 1080, f"the standings run to {height} px on a 1080 px screen"
        driver.get(f"{live_server.url}/scoreboard/{link.token}/standings/?lang=ja")
        wait_until(driver, lambda d: "成績表" in d.find_element(By.CSS_SELECTOR, "h1").text)
        screenshot(driver, "statistics-scoreboard-1920x1080-ja")
        assert_looks_right(driver, [".standings-lines th", ".standings-lines td"])
    finally:
        driver.quit()
