"""A finished game on the scoreboard (issue 33, item 10), at 1920x1080 (the TV), 1366x768 and
820x1180, in English and Japanese.

An East-only game played to its end (the last dealer noten at a draw: one honba and one
stick) stays open until the staff close it. Its card says "Game over" and lists the final
standings in place order, with no round, honba, sticks or dealer badge; the running table
beside it keeps them. Nothing on either card is hidden, covered or cut off.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from parlor.services.roles import ROLE_STAFF
from tests.api.test_scoreboard import finished_and_running
from tests.browser.console import LAPTOP, TABLET, browser_at, screenshot, wait_until
from tests.browser.page_layout import layout_problems
from tests.parlor.factories import house_member

pytestmark = pytest.mark.django_db(transaction=True)
FULL_HD = (1920, 1080)
WORDS = {
    "en": {"over": "Game over", "standings": "Final standings", "round": "East 2"},
    "ja": {"over": "終局", "standings": "最終順位", "round": "東 2"},
}
CASES = [
    pytest.param(size, language, id=f"{size[0]}x{size[1]}-{language}")
    for size in (FULL_HD, LAPTOP, TABLET)
    for language in ("en", "ja")
]


@pytest.mark.parametrize(("size", "language"), CASES)
def test_a_finished_games_card_shows_the_final_standings_only(
    live_server: Any, size: tuple[int, int], language: str
) -> None:
    from selenium.webdriver.common.by import By

    staff = house_member(User.objects.create_user("scoreboard-end"), ROLE_STAFF)
    finished, running, link = finished_and_running(staff)
    words = WORDS[language]
    driver = browser_at(size)
    try:
        driver.get(f"{live_server.url}/scoreboard/{link.token}/?lang={language}")
        over_css = f".table-card[data-session='{finished.pk}']"
        live_css = f".table-card[data-session='{running.pk}']"
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f"{over_css} .seat"))
        screenshot(driver, f"scoreboard-game-over-{size[0]}x{size[1]}-{language}")
        over = driver.find_element(By.CSS_SELECTOR, over_css)
        head = over.find_element(By.CSS_SELECTOR, ".table-head").text
        assert words["over"] in head
        assert words["standings"] in over.text
        for gone in (".table-round", ".table-sticks", ".seat-dealer", ".seat-wind"):
            assert not over.find_elements(By.CSS_SELECTOR, gone), gone
        rows = over.find_elements(By.CSS_SELECTOR, ".seat")
        places = [row.find_element(By.CSS_SELECTOR, ".seat-place").text for row in rows]
        assert places == ["1", "2", "3", "4"]
        points = [
            int(row.find_element(By.CSS_SELECTOR, ".seat-points").text.replace(",", ""))
            for row in rows
        ]
        assert points == sorted(points, reverse=True) and sum(points) == 100_000

        live = driver.find_element(By.CSS_SELECTOR, live_css)
        assert words["round"] in live.find_element(By.CSS_SELECTOR, ".table-round").text
        assert len(live.find_elements(By.CSS_SELECTOR, ".seat-dealer")) == 1
        assert words["standings"] not in live.text

        problems = layout_problems(driver, [
            f"{over_css} .table-head > *", f"{over_css} .standings-title", f"{over_css} .seat td",
            f"{live_css} .table-head > *", f"{live_css} .seat td",
        ])  # fmt: skip
        assert problems == [], "\n".join(problems)
    finally:
        driver.quit()
