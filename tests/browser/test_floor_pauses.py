"""A playing table paused and resumed from the floor desk, and the table-time page showing the
time paused, at a tablet (820x1180) and a laptop (1366x768), in English and Japanese; nothing
hidden, covered or cut off. Screenshots go to SCREENSHOT_DIR when it is set."""

from __future__ import annotations

from typing import Any

import pytest

from ledger.models import SessionPause
from parlor.models import Role, StaffProfile
from tests.browser.console import LAPTOP, TABLET, browser_at, screenshot, sign_in, wait_until
from tests.browser.page_layout import layout_problems
from tests.ledger.factories import SessionFactory
from tests.parlor.factories import ParlorFactory, TableFactory, member_of

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("size", [TABLET, LAPTOP], ids=["tablet", "laptop"])
def test_the_desk_pauses_a_table_and_table_time_shows_it(
    live_server: Any, size: tuple[int, int], language: str
) -> None:
    from selenium.webdriver.common.by import By

    parlor = ParlorFactory(name="Mahjong Hall Sakura")
    staff = member_of(parlor, Role.STAFF, username="sato")
    member_of(parlor, Role.MANAGER, username="mori")
    StaffProfile.objects.create(user=staff, language=language)
    table = TableFactory(parlor=parlor, name="Table 1 (window)")
    session = SessionFactory(parlor=parlor, table=table)
    shots = f"{size[0]}x{size[1]}-{language}"
    driver = browser_at(size)
    try:
        sign_in(driver, live_server.url, staff)
        driver.get(f"{live_server.url}/desk/floor/?parlor={parlor.pk}")
        wait_until(driver, lambda d: d.find_elements(By.ID, f"pause-{session.pk}"))
        driver.find_element(By.ID, f"pause-{session.pk}").click()
        wait_until(driver, lambda d: d.find_elements(By.ID, f"resume-{session.pk}"))
        assert SessionPause.objects.get(session=session).ended_at is None
        screenshot(driver, f"floor-paused-{shots}")
        problems = layout_problems(driver, [
            "#playing-rows td", f"#resume-{session.pk}", "#playing .paused",
        ])  # fmt: skip
        assert problems == [], "\n".join(problems)
        driver.find_element(By.ID, f"resume-{session.pk}").click()
        wait_until(driver, lambda d: d.find_elements(By.ID, f"pause-{session.pk}"))
        assert SessionPause.objects.get(session=session).ended_at is not None

        driver.get(f"{live_server.url}/desk/table-time/?parlor={parlor.pk}")
        wait_until(driver, lambda d: d.find_elements(By.ID, "day-table-time"))
        screenshot(driver, f"table-time-paused-{shots}")
        problems = layout_problems(driver, ["#day-table-time th", "#day-table-time td"])
        assert problems == [], "\n".join(problems)
    finally:
        driver.quit()
