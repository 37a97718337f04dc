"""The floor desk as the staff use it at a tablet (820x1180) and a laptop (1366x768): three
players wait, the desk proposes a clocked-in staff member for the fourth seat, the seats are
drawn and the table opens from the proposal; the scoreboard on a TV (1920x1080) shows the
wait. Nothing hidden, covered or cut off (``tests/browser/page_layout.py``).

Screenshots go to SCREENSHOT_DIR when it is set (else a temporary folder).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from ledger.counter.visit_services import visit_check_in
from ledger.floor.services import queue_join, shift_clock_in
from ledger.models import FloorOptions, ScoreboardLink, SeatDraw, Session, SessionState
from parlor.models import Parlor, Player, Rate, Role, RulesetConfig, StaffProfile
from tests.browser.console import LAPTOP, TABLET, browser_at, screenshot, sign_in, wait_until
from tests.browser.page_layout import layout_problems
from tests.parlor.factories import (
    ParlorFactory,
    PlayerFactory,
    RateFactory,
    RulesetConfigFactory,
    TableFactory,
    member_of,
)

pytestmark = pytest.mark.django_db(transaction=True)
WAITING = ["Aoi Tanaka", "長谷川 美智子", "Maximilian Oberhofer-Lindqvist"]


def three_waiting() -> tuple[Parlor, User, RulesetConfig, Rate, list[Player]]:
    parlor = ParlorFactory(name="Mahjong Hall Sakura")
    staff = member_of(parlor, Role.STAFF, username="sato")
    TableFactory(parlor=parlor, name="Table 1")
    rules = RulesetConfigFactory(parlor=parlor, ruleset_slug="riichi-standard", name="Hanchan")
    rate = RateFactory(parlor=parlor, name="Tenpin")
    players = []
    for name in WAITING:
        player = PlayerFactory(parlor=parlor, name=name)
        visit_check_in(player=player, by=staff)
        queue_join(player=player, ruleset_config=rules, rate=rate, by=staff)
        players.append(player)
    PlayerFactory(parlor=parlor, name="Ken Sato", member_number="S001")
    return parlor, staff, rules, rate, players


def assert_looks_right(driver: Any, selectors: list[str]) -> None:
    problems = layout_problems(driver, selectors)
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("size", [TABLET, LAPTOP], ids=["tablet", "laptop"])
def test_staff_fill_the_fourth_seat_and_the_table_opens(
    live_server: Any, size: tuple[int, int]
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    parlor, staff, rules, rate, players = three_waiting()
    shots = f"{size[0]}x{size[1]}"
    driver = browser_at(size)
    try:
        sign_in(driver, live_server.url, staff)
        driver.get(f"{live_server.url}/admin/")
        driver.find_element(By.CSS_SELECTOR, "a[href='/admin/ledger/waitingentry/']").click()
        wait_until(driver, lambda d: d.find_elements(By.ID, "queues"))
        cells = driver.find_elements(By.CSS_SELECTOR, "#queues table.queue-rows td:nth-child(2)")
        assert [cell.text for cell in cells] == WAITING  # first come, first served
        assert "A table is free, but no game has enough players waiting." in driver.page_source
        screenshot(driver, f"floor-three-waiting-{shots}")
        assert_looks_right(driver, [
            "#queues h3", "#queues table.queue-rows td", "#queues input[type=submit]",
            "#join-form select", "#clock-in-form select", "#clock-in-form input[type=submit]",
        ])  # fmt: skip

        # The staff member clocks in, sitting as their player record: the desk proposes them.
        Select(driver.find_element(By.ID, "id_clock-user")).select_by_visible_text("sato")
        Select(driver.find_element(By.ID, "id_clock-player")).select_by_visible_text(
            "S001 Ken Sato"
        )
        driver.find_element(By.CSS_SELECTOR, "#clock-in-form input[type=submit]").click()
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".proposal"))
        proposal = driver.find_element(By.CSS_SELECTOR, ".proposal").text
        assert "one short: Ken Sato (staff) fills the seat" in proposal
        screenshot(driver, f"floor-staff-proposed-{shots}")
        assert_looks_right(driver, [
            ".proposal h3", ".proposal p", ".proposal input[type=submit]", "#staff td",
        ])  # fmt: skip

        driver.find_element(By.CSS_SELECTOR, ".proposal input[type=submit]").click()
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".draw table.draw-seats"))
        draw = SeatDraw.objects.get()
        seated = driver.find_elements(By.CSS_SELECTOR, ".draw table.draw-seats tbody tr")
        assert len(seated) == 4
        names = dict(Player.objects.values_list("pk", "name"))
        assert [row.find_elements(By.TAG_NAME, "td")[1].text for row in seated] == [
            names[pk] for pk in draw.seats
        ]
        screenshot(driver, f"floor-seats-drawn-{shots}")
        assert_looks_right(driver, [
            ".draw h3", ".draw-who", ".draw-seats td", ".floor-open input[type=submit]",
            ".floor-redraw input[type=text]", ".floor-redraw input[type=submit]",
        ])  # fmt: skip

        driver.find_element(By.CSS_SELECTOR, ".floor-open input[type=submit]").click()
        wait_until(driver, lambda d: "is playing" in d.find_element(By.CSS_SELECTOR, "body").text)
        session = Session.objects.get()
        assert session.state == SessionState.OPEN
        assert [seat.player_id for seat in session.seats.order_by("seat")] == draw.seats
        draw.refresh_from_db()
        assert draw.session == session
        assert "Nobody is waiting." in driver.page_source
        screenshot(driver, f"floor-table-opened-{shots}")
    finally:
        driver.quit()


def test_the_scoreboard_shows_the_wait_on_a_tv(live_server: Any) -> None:
    from selenium.webdriver.common.by import By

    parlor, staff, rules, rate, players = three_waiting()
    link = ScoreboardLink.objects.create(parlor=parlor)
    driver = browser_at((1920, 1080))
    try:
        driver.get(f"{live_server.url}/scoreboard/{link.token}/")
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".waiting-game"))
        text = driver.find_element(By.ID, "board-waiting").text
        assert "Hanchan · Tenpin" in text and "waiting: 3" in text
        assert "Aoi Tanaka" not in text  # names only when the manager shows them
        screenshot(driver, "floor-scoreboard-1920x1080")
        assert_looks_right(driver, [".board-head h1", ".waiting-title", ".waiting-count"])

        FloorOptions.objects.create(parlor=parlor, scoreboard_waiting_names=True)
        driver.get(f"{live_server.url}/scoreboard/{link.token}/?lang=ja")
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".waiting-names"))
        text = driver.find_element(By.ID, "board-waiting").text
        assert "待ち: 3" in text and "長谷川 美智子" in text and "円" not in text
        screenshot(driver, "floor-scoreboard-names-1920x1080-ja")
        assert_looks_right(driver, [".waiting-title", ".waiting-count", ".waiting-names"])
    finally:
        driver.quit()


def test_the_floor_desk_in_japanese_at_a_tablet(live_server: Any) -> None:
    from selenium.webdriver.common.by import By

    parlor, staff, rules, rate, players = three_waiting()
    StaffProfile.objects.create(user=staff, language="ja")
    shift_clock_in(user=staff, player=Player.objects.get(member_number="S001"), by=staff)
    driver = browser_at(TABLET)
    try:
        sign_in(driver, live_server.url, staff)
        driver.get(f"{live_server.url}/desk/floor/")
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".proposal"))
        text = driver.find_element(By.ID, "content-main").text
        assert "卓割り" in text and "待ちリスト" in text and "3 人待ち" in text
        assert "1人足りないため Ken Sato（スタッフ）が入ります。" in text
        screenshot(driver, "floor-staff-proposed-820x1180-ja")
        assert_looks_right(driver, [
            ".proposal h3", ".proposal p", ".proposal input[type=submit]",
            "#queues table.queue-rows td", "#staff td", "#clock-in-form select",
        ])  # fmt: skip
    finally:
        driver.quit()
