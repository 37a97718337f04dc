"""The staff's session page on a tablet (820x1180) offers the penalty entry, and it records one.

At a parlor's table the staff are the referees (parlor/policy.py,
``RECORD_PENALTY``): a staff member of the parlor, no manager, sees each
seat's *Chonbo* and *Dead hand* buttons on the console, records a chonbo by
taps, and the Penalty is written. The screenshot goes where the console's do
(``SCREENSHOT_DIR``).
"""

from __future__ import annotations

from typing import Any

import pytest

from ledger.models import Penalty
from ledger.play.sessions import session_open
from parlor.models import Role
from tests.browser.console import (
    TABLET,
    Counter,
    browser_at,
    on_screen,
    screenshot,
    sign_in,
    wait_for_console,
    wait_for_save,
    wait_for_text,
)
from tests.parlor.factories import (
    ParlorFactory,
    PlayerFactory,
    RateFactory,
    RulesetConfigFactory,
    TableFactory,
    member_of,
)

pytestmark = pytest.mark.django_db(transaction=True)


def test_staff_record_a_chonbo_from_the_console_on_a_tablet(live_server: Any) -> None:
    parlor = ParlorFactory(name="Referee Parlor")
    staff = member_of(parlor, Role.STAFF, username="referee")
    manager = member_of(parlor, Role.MANAGER, username="referee-boss")
    session = session_open(
        table=TableFactory(parlor=parlor, name="Table 3"),
        players=[PlayerFactory(parlor=parlor, name=n) for n in ("Aoi", "Ben", "Chie", "Dai")],
        ruleset_config=RulesetConfigFactory(
            parlor=parlor, ruleset_slug="riichi-standard", game_options={"length": "east"}
        ),
        rate=RateFactory(parlor=parlor),
        by=manager,
    )
    driver = browser_at(TABLET)
    try:
        sign_in(driver, live_server.url, staff)
        driver.get(f"{live_server.url}/admin/ledger/session/{session.pk}/change/")
        wait_for_console(driver)
        chonbo_kind = "button[data-field='hand-kind'][data-value='chonbo']"
        dead = [f".seat-card[data-seat='{seat}'] [data-field='hand-dead']" for seat in range(4)]
        for css in [chonbo_kind, *dead]:
            assert on_screen(driver, css), f"{css} is not on the tablet's screen"

        taps = Counter(driver)
        taps.tap(chonbo_kind)
        for seat in range(4):
            css = f".seat-card[data-seat='{seat}'] [data-field='hand-offender']"
            assert on_screen(driver, css), f"{css} is not on the tablet's screen"
        taps.tap_seat(1, "hand-offender")  # Ben's chonbo
        taps.tap("button[data-field='hand-chonbo_cause'][data-value='false_ron']")
        wait_for_save(driver)
        assert "Chonbo" in driver.find_element("css selector", "#hand-preview").text
        screenshot(driver, "staff-chonbo-tablet")
        taps.tap("#save-hand")
        wait_for_text(driver, ".messagelist", "Hand 1 recorded.")
    finally:
        driver.quit()

    penalty = Penalty.objects.get(session=session)
    assert (penalty.seat, penalty.recorded_by) == (1, staff)
    print(f"\nstaff chonbo on a tablet: {taps.taps} taps, Save included")
