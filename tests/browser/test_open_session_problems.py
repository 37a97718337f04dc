"""A staff member opens a session with everything wrong and sees every problem at once,
each beside its field and whole, at a tablet and a laptop (issue 33, item 13)."""

from __future__ import annotations

from typing import Any

import pytest
from selenium.webdriver.support.ui import Select

from parlor.models import PointUnit, Role
from tests.browser.console import screenshot, sign_in, wait_for_text, wait_until
from tests.browser.layout import line_faults
from tests.ledger.factories import SessionFactory
from tests.parlor.factories import RateFactory, member_of

pytestmark = pytest.mark.django_db(transaction=True)


def test_every_problem_of_the_opening_form_at_once(
    viewport: tuple[str, Any], live_server: Any
) -> None:
    screen, driver = viewport
    busy = SessionFactory()  # its table has an open session
    players = [seat.player for seat in busy.seats.order_by("seat")]
    RateFactory(parlor=busy.parlor, name="Per point", point_unit=PointUnit.PER_POINT)
    staff = member_of(busy.parlor, Role.STAFF, username="opener")
    sign_in(driver, live_server.url, staff)
    driver.get(f"{live_server.url}/admin/ledger/session/add/")

    Select(driver.find_element("name", "table")).select_by_visible_text(str(busy.table))
    Select(driver.find_element("name", "ruleset_config")).select_by_visible_text(
        str(busy.ruleset_config)
    )
    Select(driver.find_element("name", "rate")).select_by_visible_text("Per point")
    for seat, player in enumerate([players[0], players[1], players[1], players[3]]):
        Select(driver.find_element("name", f"seat_{seat}")).select_by_value(str(player.pk))
    driver.find_element("name", "_open").click()

    wait_until(driver, lambda d: d.find_elements("css selector", ".errorlist li"))
    driver.execute_script("window.scrollTo(0, 0);")
    screenshot(driver, f"open-problems-{screen}")
    summary = wait_for_text(driver, "#open-problems", "3 problems")
    errors = [e.text for e in driver.find_elements("css selector", ".errorlist li")]
    assert len(errors) == 3, errors
    assert any("already seated in the South seat" in e for e in errors), errors
    assert any("choose a rate per 1,000 points" in e for e in errors), errors
    assert any("already has an open session" in e for e in errors), errors
    assert "The session cannot open yet: 3 problems" in summary.text
    faults = line_faults(driver, "#open-problems, .errorlist li", at_top=False)
    assert not [f for f in faults if "outside" not in f], faults  # whole and uncovered
