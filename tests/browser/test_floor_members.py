"""Staff who play, as the desk and the manager use it at a tablet (820x1180) and a laptop
(1366x768), in English and Japanese: the desk advances cash after confirming, the manager
sets the back pay and reads the month's statements. Nothing hidden, covered or cut off
(``tests/browser/page_layout.py``). Screenshots go to SCREENSHOT_DIR when it is set.
"""

from __future__ import annotations

from typing import Any

import pytest

from ledger.floor.members import back_pay_rate_set, member_advance
from ledger.floor.services import shift_clock_in
from ledger.models import CounterEntry
from ledger.play.hands import hand_record
from ledger.settle.settlements import session_close
from parlor.models import Player, Role, StaffProfile
from tests.browser.console import LAPTOP, TABLET, browser_at, screenshot, sign_in, wait_until
from tests.browser.page_layout import layout_problems
from tests.ledger.factories import SessionFactory, ron
from tests.parlor.factories import ParlorFactory, PlayerFactory, member_of

pytestmark = pytest.mark.django_db(transaction=True)

DAISANGEN = {
    "hand": "777z234m55p",
    "win_tile": "7z",
    "melds": [{"kind": "pon", "tiles": "555z"}, {"kind": "pon", "tiles": "666z"}],
}
MEMBERS = ["Ken Sato", "長谷川 美智子"]


def _floor_with_members(language: str) -> tuple[Any, Any, Any]:
    parlor = ParlorFactory(name="Mahjong Hall Sakura")
    desk = member_of(parlor, Role.STAFF, username="sato")
    boss = member_of(parlor, Role.MANAGER, username="mori")
    for user in (desk, boss):
        StaffProfile.objects.create(user=user, language=language)
    back_pay_rate_set(parlor=parlor, amount=300, by=boss, memo="opening")
    members = []
    for index, name in enumerate(MEMBERS):
        user = member_of(parlor, Role.STAFF, username=f"member-{index}")
        player = PlayerFactory(parlor=parlor, name=name, member_number=f"S00{index + 1}")
        shift_clock_in(user=user, player=player, by=desk)
        members.append(player)
    back_pay_rate_set(parlor=parlor, amount=500, by=boss, memo="from December")
    guests = [PlayerFactory(parlor=parlor) for _ in range(2)]
    session = SessionFactory(parlor=parlor, players=[*members, *guests])
    hand_record(session=session, hand=ron(0, 3, DAISANGEN), entered_by=desk)
    session_close(session=session, by=boss)
    member_advance(parlor=parlor, player=members[1], amount=20_000, by=desk)
    return parlor, desk, boss


def _assert_looks_right(driver: Any, selectors: list[str]) -> None:
    problems = layout_problems(driver, selectors)
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("size", [TABLET, LAPTOP], ids=["tablet", "laptop"])
def test_the_desk_advances_cash_and_the_manager_reads_the_month(
    live_server: Any, size: tuple[int, int], language: str
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    parlor, desk, boss = _floor_with_members(language)
    shots = f"{size[0]}x{size[1]}-{language}"
    driver = browser_at(size)
    try:
        sign_in(driver, live_server.url, desk)
        driver.get(f"{live_server.url}/desk/floor/?parlor={parlor.pk}")
        driver.find_element(By.ID, "members-link").click()
        wait_until(driver, lambda d: d.find_elements(By.ID, "advance-form"))
        names = [
            c.text for c in driver.find_elements(By.CSS_SELECTOR, "#member-rows td:first-child")
        ]
        assert sorted(names) == sorted(MEMBERS)
        assert not driver.find_elements(By.ID, "rate-form")  # the manager's
        ken = Player.objects.get(name="Ken Sato")
        Select(driver.find_element(By.ID, "id_advance-player")).select_by_value(str(ken.pk))
        driver.find_element(By.ID, "id_advance-amount").send_keys("10000")
        driver.find_element(By.ID, "advance-button").click()
        wait_until(driver, lambda d: d.find_elements(By.ID, "confirm-advance"))
        assert not CounterEntry.objects.filter(player__name="Ken Sato").exists()
        screenshot(driver, f"members-confirm-{shots}")
        _assert_looks_right(driver, ["#confirm-advance p", "#confirm-advance-button"])
        driver.find_element(By.ID, "confirm-advance-button").click()
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".messagelist .success"))
        assert CounterEntry.objects.get(player__name="Ken Sato").amount == 10_000
        screenshot(driver, f"members-desk-{shots}")
        _assert_looks_right(driver, [
            "#member-rows td", "#advance-form select", "#advance-form input[type=number]",
            "#advance-button", "#return-button",
        ])  # fmt: skip

        driver.delete_all_cookies()
        sign_in(driver, live_server.url, boss)
        driver.get(f"{live_server.url}/desk/floor/members/?parlor={parlor.pk}")
        wait_until(driver, lambda d: d.find_elements(By.ID, "statements"))
        history = driver.find_elements(By.CSS_SELECTOR, "#rate-history tbody tr")
        assert len(history) == 2 and "from December" in history[0].text
        cards = driver.find_elements(By.CSS_SELECTOR, "#statements .statement")
        assert len(cards) == 2
        games = driver.find_elements(By.CSS_SELECTOR, "#statements .statement-games tbody tr")
        assert len(games) == 2  # both members sat in the one game
        screenshot(driver, f"members-manager-{shots}")
        _assert_looks_right(driver, [
            "#rate-form input[type=number]", "#rate-button", "#rate-history td",
            "#statements h3", "#statements .statement-totals th",
            "#statements .statement-totals td", "#statements .statement-games td",
            "#statements-csv", "#statements-xlsx",
        ])  # fmt: skip
    finally:
        driver.quit()
