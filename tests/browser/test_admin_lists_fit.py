"""The manager's lists of the books fit a tablet and a laptop: no column behind a sideways
scroll (issue 33: nothing hidden, covered or cut off), in English and Japanese.

Below 1600 px the admin's side menu starts folded (console/static/console/admin_menu.js), so a
list's columns and its filters share the width; « opens the menu, and that choice is kept.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from parlor.services.roles import ROLE_STAFF
from tests.browser.console import screenshot, wait_until
from tests.browser.managers import CASES, manager_at, shot_name
from tests.browser.page_layout import clip_problems, layout_problems
from tests.parlor.factories import house_member
from tests.reports.support import closed_speed_tonpuu

pytestmark = pytest.mark.django_db(transaction=True)
# The lists a manager reads at month-end (model admin URL names).
LISTS = ["settlement", "session", "handresult", "posting", "ledgerentry", "penalty"]


@pytest.mark.parametrize(("size", "language"), CASES)
def test_every_column_of_the_books_lists_is_on_screen(
    live_server: Any, size: tuple[int, int], language: str
) -> None:
    from selenium.webdriver.common.by import By

    staff = house_member(User.objects.create_user("lists-staff"), ROLE_STAFF)
    session = closed_speed_tonpuu(by=staff)
    with manager_at(live_server, size, language, parlor=session.parlor) as (_p, _m, driver):
        problems: list[str] = []
        for name in LISTS:
            driver.get(f"{live_server.url}/admin/ledger/{name}/")
            wait_until(driver, lambda d: d.find_elements(By.ID, "changelist"))
            screenshot(driver, f"list-{name}-{shot_name(size, language)}")
            cells = ["#result_list thead th", "#result_list tbody td", "#changelist-filter h2"]
            problems += [f"{name}: {p}" for p in clip_problems(driver, cells)]
            problems += [f"{name}: {p}" for p in layout_problems(driver, ["#changelist-filter"])]
        menu = driver.find_element(By.ID, "nav-sidebar")
        assert menu.get_attribute("aria-expanded") == "false", "the side menu starts folded"
        driver.find_element(By.ID, "toggle-nav-sidebar").click()
        driver.get(f"{live_server.url}/admin/ledger/settlement/")
        wait_until(driver, lambda d: d.find_elements(By.ID, "changelist"))
        menu = driver.find_element(By.ID, "nav-sidebar")
        assert menu.get_attribute("aria-expanded") == "true", "a person's choice is kept"
    assert problems == [], "\n".join(problems)
