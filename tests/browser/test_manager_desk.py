"""The manager's desk screens as people see them, in headless Chromium, at 820x1180 (tablet)
and 1366x768 (laptop), in English and Japanese: a player's login made from the player's
admin page and used by the player, the balances page with its filters, a player's ledger.
Nothing hidden, covered or cut off (``tests/browser/page_layout.py``).

Screenshots go to SCREENSHOT_DIR when it is set (else a temporary folder).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from ledger.models import CreditLimit
from ledger.play.hands import hand_record
from ledger.play.sessions import session_open
from ledger.settle.settlements import session_close
from parlor.models import Parlor, Player, Role
from parlor.services.preferences import user_language_set
from tests.api.world import dealer_busts_seat_1
from tests.browser.console import LAPTOP, TABLET, browser_at, screenshot, sign_in, wait_until
from tests.browser.page_layout import layout_problems
from tests.ledger.factories import draw, ron
from tests.parlor.factories import (
    ParlorFactory,
    RateFactory,
    RulesetConfigFactory,
    TableFactory,
    member_of,
)

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = ["Aoi Tanaka", "長谷川 美智子", "Maximilian Oberhofer-Lindqvist", "Dai Ito", "Eri Sato"]
CASES = [
    pytest.param(TABLET, "ja", id="tablet-ja"),
    pytest.param(TABLET, "en", id="tablet-en"),
    pytest.param(LAPTOP, "en", id="laptop-en"),
    pytest.param(LAPTOP, "ja", id="laptop-ja"),
]


def games(language: str) -> tuple[Parlor, list[Player], User]:
    parlor = ParlorFactory(name="Mahjong Hall Sakura")
    manager = member_of(parlor, Role.MANAGER, username="desk-manager")
    user_language_set(user=manager, language=language)
    config = RulesetConfigFactory(
        parlor=parlor, ruleset_slug="riichi-standard", game_options={"length": "east"}
    )
    rate = RateFactory(parlor=parlor, money_per_unit=100, game_fee=600)
    players = [
        Player.objects.create(parlor=parlor, member_number=f"S{i:03d}", name=name)
        for i, name in enumerate(NAMES)
    ]
    table = TableFactory(parlor=parlor)
    for seats, hands in (
        ([0, 1, 2, 3], (ron(1, 0), dealer_busts_seat_1())),
        ([1, 2, 3, 4], (draw(2), dealer_busts_seat_1())),
    ):
        session = session_open(
            table=table, players=[players[i] for i in seats], ruleset_config=config, rate=rate,
            by=manager,
        )  # fmt: skip
        for hand in hands:
            hand_record(session=session, hand=hand, entered_by=manager)
        session_close(session=session, by=manager)
    # 長谷川 美智子 (S001) owes 70 after the two games: above a limit of 50.
    CreditLimit.objects.create(player=players[1], amount=50, set_by=manager)
    return parlor, players, manager


def assert_looks_right(driver: Any, selectors: list[str]) -> None:
    problems = layout_problems(driver, selectors)
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize(("size", "language"), CASES)
def test_the_balances_page_its_filters_and_a_players_ledger(
    live_server: Any, size: tuple[int, int], language: str
) -> None:
    from selenium.webdriver.common.by import By

    parlor, players, manager = games(language)
    driver = browser_at(size)
    name = f"{size[0]}x{size[1]}-{language}"
    try:
        sign_in(driver, live_server.url, manager)
        driver.get(f"{live_server.url}/admin/")
        driver.find_element(By.CSS_SELECTOR, "a[href='/admin/desk/balancespage/']").click()
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#balances tbody tr"))
        assert len(driver.find_elements(By.CSS_SELECTOR, "#balances tbody tr")) == 5
        assert "長谷川 美智子" in driver.find_element(By.ID, "balances").text
        screenshot(driver, f"desk-balances-{name}")
        assert_looks_right(driver, [
            "#balances-query .query-field", "#balance-filters a", "#export-csv", "#export-xlsx",
            "#balances thead th", "#balances tbody td", "#balances tfoot td",
        ])  # fmt: skip
        above = "#balance-filters a[data-filter='above_limit']"
        driver.find_element(By.CSS_SELECTOR, above).click()
        wait_until(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#balances tbody tr"))
                   == 1)  # fmt: skip
        row = driver.find_element(By.CSS_SELECTOR, "#balances tbody tr")
        assert row.get_attribute("data-member") == "S001"
        screenshot(driver, f"desk-balances-above-limit-{name}")
        row.find_element(By.CSS_SELECTOR, "a").click()
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#player-ledger tbody tr"))
        screenshot(driver, f"desk-player-ledger-{name}")
        assert_looks_right(driver, ["#player-ledger thead th", "#player-ledger tbody td"])
    finally:
        driver.quit()


@pytest.mark.parametrize(("size", "language"), CASES[::3])
def test_a_manager_makes_a_players_login_and_the_player_signs_in(
    live_server: Any, size: tuple[int, int], language: str
) -> None:
    from selenium.webdriver.common.by import By

    parlor, players, manager = games(language)
    me = players[1]
    driver = browser_at(size)
    name = f"{size[0]}x{size[1]}-{language}"
    try:
        sign_in(driver, live_server.url, manager)
        driver.get(f"{live_server.url}/admin/parlor/player/{me.pk}/change/")
        driver.find_element(By.ID, "player-login-link").click()
        wait_until(driver, lambda d: d.find_elements(By.ID, "create-login"))
        screenshot(driver, f"desk-login-create-{name}")
        shown = "input:not([type=hidden])"
        assert_looks_right(driver, [f"#create-login {shown}", "#link-login select"])
        username = driver.find_element(By.ID, "id_create-username")
        username.clear()
        username.send_keys("michiko")
        driver.find_element(By.ID, "id_create-password").send_keys("a-long-pass-phrase-9")
        driver.find_element(By.CSS_SELECTOR, "#create-login input[type=submit]").click()
        wait_until(driver, lambda d: d.find_elements(By.ID, "current-login"))
        assert driver.find_element(By.ID, "login-name").text == "michiko"
        screenshot(driver, f"desk-login-made-{name}")
        assert_looks_right(driver, [
            "#current-login p", f"#set-password {shown}", f"#make-link {shown}",
            f"#unlink {shown}",
        ])  # fmt: skip
        driver.find_element(By.CSS_SELECTOR, "#make-link input[type=submit]").click()
        wait_until(driver, lambda d: d.find_elements(By.ID, "one-time-url"))
        assert "/me/password/" in driver.find_element(By.ID, "one-time-url").text
        assert_looks_right(driver, ["#one-time-url"])
        screenshot(driver, f"desk-login-link-{name}")
        # The player signs in with what the manager gave them.
        driver.delete_all_cookies()
        driver.get(f"{live_server.url}/me/login/")
        driver.find_element(By.NAME, "username").send_keys("michiko")
        driver.find_element(By.NAME, "password").send_keys("a-long-pass-phrase-9")
        driver.find_element(By.CSS_SELECTOR, "form.login button[type=submit]").click()
        wait_until(driver, lambda d: "長谷川 美智子" in d.find_element(By.TAG_NAME, "body").text)
        screenshot(driver, f"desk-login-player-home-{name}")
        driver.get(f"{live_server.url}/api/me/sessions/")
        shown = driver.find_element(By.TAG_NAME, "body").text.replace(" ", "")
        assert '"count":2' in shown
    finally:
        driver.quit()


@pytest.mark.parametrize(("size", "language"), CASES[::3])
def test_the_rates_fees_and_a_player_class_in_the_admin(
    live_server: Any, size: tuple[int, int], language: str
) -> None:
    from selenium.webdriver.common.by import By

    parlor, players, manager = games(language)
    rate = parlor.rates.get()
    driver = browser_at(size)
    name = f"{size[0]}x{size[1]}-{language}"
    try:
        sign_in(driver, live_server.url, manager)
        driver.get(f"{live_server.url}/admin/parlor/rate/{rate.pk}/change/")
        wait_until(driver, lambda d: d.find_elements(By.ID, "id_top_fee"))
        driver.find_element(By.ID, "id_top_fee").clear()
        driver.find_element(By.ID, "id_top_fee").send_keys("1000")
        screenshot(driver, f"desk-rate-fees-{name}")
        assert_looks_right(driver, [
            "#id_game_fee", "#id_top_fee", "#id_time_fee", "#id_time_fee_basis",
            "#id_time_fee_step_minutes", "#id_points_only",
        ])  # fmt: skip
        driver.find_element(By.CSS_SELECTOR, "input[name=_continue]").click()
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "ul.messagelist"))
        rate.refresh_from_db()
        assert rate.top_fee == 1000
        driver.get(f"{live_server.url}/admin/parlor/playerclass/add/")
        wait_until(driver, lambda d: d.find_elements(By.ID, "id_percent_off"))
        screenshot(driver, f"desk-player-class-{name}")
        assert_looks_right(
            driver, ["#id_name", "#id_percent_off", "#id_amount_off", "#id_first_visit"]
        )
    finally:
        driver.quit()
