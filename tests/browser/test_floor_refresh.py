"""The floor desk keeps itself current without a reload, and never while a form is being typed
into: a player who joins the queue elsewhere shows up on its own; while a staff member is
chosen in the clock-in form, the page waits, and the choice stays (issue 36)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from ledger.counter.visit_services import visit_check_in
from ledger.floor.services import queue_join
from parlor.models import Role
from tests.browser.console import TABLET, browser_at, screenshot, sign_in, wait_until
from tests.parlor.factories import (
    ParlorFactory,
    PlayerFactory,
    RateFactory,
    RulesetConfigFactory,
    TableFactory,
    member_of,
)

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_floor_desk_refreshes_by_itself_but_not_over_a_form_being_typed(
    live_server: Any, settings: Any
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    settings.FLOOR_REFRESH_SECONDS = 2
    parlor = ParlorFactory(name="Mahjong Hall Sakura")
    staff = member_of(parlor, Role.STAFF, username="sato")
    TableFactory(parlor=parlor, name="Table 1")
    rules = RulesetConfigFactory(parlor=parlor, ruleset_slug="riichi-standard", name="Hanchan")
    rate = RateFactory(parlor=parlor, name="Tenpin")

    def arrives(name: str) -> None:
        player = PlayerFactory(parlor=parlor, name=name)
        visit_check_in(player=player, by=staff)
        queue_join(player=player, ruleset_config=rules, rate=rate, by=staff)

    driver = browser_at(TABLET)
    try:
        sign_in(driver, live_server.url, staff)
        driver.get(f"{live_server.url}/desk/floor/?parlor={parlor.pk}")
        wait_until(driver, lambda d: d.find_elements(By.ID, "queues"))
        driver.execute_script("window.__samePage = true;")
        arrives("Aoi Tanaka")
        wait_until(driver, lambda d: "Aoi Tanaka" in d.find_element(By.ID, "queues").text)
        assert driver.execute_script("return window.__samePage === true;")  # not reloaded

        # Someone starts the clock-in form: the page holds still, whatever happens elsewhere.
        chooser = Select(driver.find_element(By.ID, "id_clock-user"))
        chooser.select_by_visible_text("sato")
        chosen = chooser.first_selected_option.get_attribute("value")
        arrives("Ben Kimura")
        time.sleep(5)  # two turns of the refresh
        assert "Ben Kimura" not in driver.find_element(By.ID, "queues").text
        chooser = Select(driver.find_element(By.ID, "id_clock-user"))
        assert chooser.first_selected_option.get_attribute("value") == chosen
        screenshot(driver, "floor-refresh-held-820x1180")

        # The form set back as it was: the next turn brings the page up to date.
        chooser.select_by_index(0)
        driver.execute_script("document.activeElement.blur();")
        wait_until(driver, lambda d: "Ben Kimura" in d.find_element(By.ID, "queues").text)
        assert driver.execute_script("return window.__samePage === true;")
        screenshot(driver, "floor-refresh-caught-up-820x1180")
    finally:
        driver.quit()
