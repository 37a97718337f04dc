"""A seat swap that changes the dealer order, seen by a manager at a tablet and a laptop.

Speed Tonpuu, four hands, each dealer losing the deal: the game ended after hand 4.
West and North were taken for each other from hand 3 on: West then wins her own
deal, so the North dealer never loses it and the game goes on. The preview must show
each hand's points and chips before and after (with thousands separators), say that
the game's end moves and what the staff do next, all on the screen and whole; after
Confirm the session page says why it offers hand 5 and "Stop the game" (issue 33,
item 6). Screenshots go to ``SCREENSHOT_DIR``.
"""

from __future__ import annotations

from typing import Any

import pytest
from selenium.webdriver.support.ui import Select

from ledger.play.hands import hand_record
from parlor.models import Role
from tests.browser.console import screenshot, sign_in, wait_for_text
from tests.browser.layout import control_faults, line_faults
from tests.ledger.factories import SessionFactory, ron
from tests.parlor.factories import member_of

pytestmark = pytest.mark.django_db(transaction=True)
RED_FIVE = {"hand": "234m340p456s23488s", "win_tile": "4s"}


def test_a_swap_preview_shows_chips_and_the_games_end_moving(
    viewport: tuple[str, Any], live_server: Any
) -> None:
    screen, driver = viewport
    session = SessionFactory(
        ruleset_config__ruleset_slug="speed-tonpuu", ruleset_config__game_options={}
    )
    manager = member_of(session.parlor, Role.MANAGER, username="swap-manager")
    for winner, discarder in ((1, 0), (2, 1), (3, 2), (0, 3)):
        hand = ron(winner, discarder, record=RED_FIVE)
        hand_record(session=session, hand=hand, entered_by=manager)
    page = f"{live_server.url}/admin/ledger/session/{session.pk}/change/"
    sign_in(driver, live_server.url, manager)
    driver.get(page)
    wait_for_text(driver, ".game-over", "The game has ended.")

    driver.find_element("id", "swap-seats-link").click()
    Select(driver.find_element("name", "from_ordinal")).select_by_value("3")
    Select(driver.find_element("name", "seat_a")).select_by_value("2")
    Select(driver.find_element("name", "seat_b")).select_by_value("3")
    driver.find_element("name", "reason").send_keys("West and North sat in each other's seat")
    driver.find_element("name", "_preview").click()
    preview = wait_for_text(driver, "#correction-preview", "What the correction changes")
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'});", preview)
    screenshot(driver, f"swap-preview-{screen}")

    text = preview.text
    assert "-3,900 → +5,800" in text and "+3,900 → -5,800" in text, text  # hand 3, grouped
    assert "-1 → +1 chip" in text and "+1 → -1 chip" in text, text  # hand 3's red five
    assert (
        "The game ended after hand 4 (All rounds played); after this correction it does not"
        " end there: it goes on." in text
    ), text
    assert "Next: enter hand 5 on the session page" in text, text
    lines = "#correction-preview tr, #correction-preview p, #correction-preview h2"
    faults = line_faults(driver, lines, at_top=False)
    faults += control_faults(driver, "#confirm-correction", at_top=False)
    assert not faults, f"at the {screen}:\n" + "\n".join(faults)

    driver.find_element("id", "confirm-correction").click()
    notice = wait_for_text(driver, "#corrected-end", "moved the game's end")
    assert "Next: enter hand 5" in notice.text and "goes on" in notice.text, notice.text
    screenshot(driver, f"swap-done-{screen}")
    assert not control_faults(driver, "#corrected-end, #console-seats button, #save-hand")
    assert driver.find_elements("id", "stop-and-close-link")
