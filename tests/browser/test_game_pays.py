"""What a game pays, on every screen that shows its settlement (issue 33, item 5), in headless
Chromium at 820x1180 and 1366x768, in English and Japanese.

A Speed Tonpuu placement-only game, closed, pays in chips alone. Its session page prices the
chip only and says what the game pays, and its settlement has no points column; the
settlements list dashes its points; its slip (A4 and the 80 mm receipt) shows no points and
says why. Nothing hidden, covered or cut off.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from ledger.models import Settlement
from parlor.services.roles import ROLE_STAFF
from tests.browser.console import screenshot, wait_until
from tests.browser.managers import CASES, manager_at, shot_name
from tests.browser.page_layout import clip_problems, layout_problems
from tests.parlor.factories import house_member
from tests.reports.support import closed_speed_tonpuu
from tests.reports.test_slips import header_cells

pytestmark = pytest.mark.django_db(transaction=True)
WORDS = {
    "en": {"chips_only": "This game pays in chips only", "points": "points", "chip": "per chip"},
    "ja": {
        "chips_only": "このゲームはチップのみで精算します",
        "points": "点数",
        "chip": "チップ1枚",
    },
}


def looks_right(driver: Any, selectors: list[str]) -> None:
    problems = layout_problems(driver, selectors) + clip_problems(driver, selectors)
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize(("size", "language"), CASES)
def test_a_chips_only_game_shows_no_points_anywhere_and_says_so(
    live_server: Any, size: tuple[int, int], language: str
) -> None:
    from selenium.webdriver.common.by import By

    words = WORDS[language]
    name = shot_name(size, language)
    staff = house_member(User.objects.create_user("pays-staff"), ROLE_STAFF)
    session = closed_speed_tonpuu(by=staff)
    with manager_at(live_server, size, language, parlor=session.parlor) as (_p, _m, driver):
        admin = f"{live_server.url}/admin"

        driver.get(f"{admin}/ledger/session/{session.pk}/change/")
        wait_until(driver, lambda d: d.find_elements(By.ID, "session-pays"))
        driver.execute_script("document.getElementById('closing').scrollIntoView();")
        screenshot(driver, f"game-pays-session-{name}")
        assert words["chips_only"] in driver.find_element(By.ID, "session-pays").text
        rate = driver.find_element(By.ID, "session-rate").text
        assert words["chip"] in rate and "1,000" not in rate, rate
        heads = [th.text for th in driver.find_elements(By.CSS_SELECTOR, "table.settlement th")]
        assert words["points"] not in heads and len(heads) == 8, heads
        looks_right(driver, ["#session-pays", "#session-rate", "table.settlement th",
                             "table.settlement td"])  # fmt: skip
        # Each hand's Correct button reads on one line (at 820 px in Japanese it was squeezed).
        lines = driver.execute_script(
            "return [...document.querySelectorAll('tr.hand-row a.button')].map(a => Math.round("
            "a.getBoundingClientRect().height / parseFloat(getComputedStyle(a).lineHeight)))"
        )
        assert lines and max(lines) <= 2, lines  # padding included: one line of text

        driver.get(f"{admin}/ledger/settlement/")
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#result_list tbody tr"))
        screenshot(driver, f"game-pays-settlements-{name}")
        points = [td.text for td in driver.find_elements(By.CSS_SELECTOR, "td.field-points_amount")]
        assert points == ["—"] * 4, points

        row = Settlement.objects.filter(session=session).order_by("placement").first()
        assert row is not None
        driver.get(f"{admin}/ledger/settlement/{row.pk}/change/")
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".field-pays"))
        screenshot(driver, f"game-pays-settlement-{name}")
        assert words["chips_only"] in driver.find_element(By.CSS_SELECTOR, ".field-pays").text
        looks_right(driver, [".field-pays .readonly", ".field-points_amount .readonly"])

        for paper in ("a4", "receipt"):
            driver.get(f"{admin}/ledger/session/{session.pk}/slip/?paper={paper}&lang={language}")
            wait_until(driver, lambda d: d.find_elements(By.ID, "slip-pays"))
            screenshot(driver, f"game-pays-slip-{paper}-{name}")
            assert words["chips_only"] in driver.find_element(By.ID, "slip-pays").text
            rate = driver.find_element(By.ID, "slip-rate").text
            assert words["chip"] in rate and "1,000" not in rate, rate
            if paper == "a4":
                assert words["points"] not in header_cells(driver.page_source)
                looks_right(driver, ["#slip-seats th", "#slip-seats td", "#slip-pays"])
            else:
                labels = [th.text for th in driver.find_elements(By.CSS_SELECTOR, ".figures th")]
                assert words["points"] not in labels, labels
                looks_right(driver, [".seat-block", "#slip-pays"])
