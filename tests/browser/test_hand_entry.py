"""A staff member signs in, opens a session, enters a hand in the form's fields, previews, saves."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.contrib.auth.models import User

from ledger.models import HandResult, Session
from parlor.models import Player
from parlor.services.roles import ROLE_STAFF, roles_sync
from tests.browser.console import wait_for_console, wait_until
from tests.parlor.factories import (
    ParlorFactory,
    PlayerFactory,
    RateFactory,
    RulesetConfigFactory,
    TableFactory,
    member_of,
)

pytestmark = pytest.mark.django_db(transaction=True)
WAIT = 15  # seconds; a cold Chromium on a busy CI machine is slow to start


def _wait_for_text(driver: Any, css: str, text: str) -> Any:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, WAIT).until(
        expected_conditions.text_to_be_present_in_element((By.CSS_SELECTOR, css), text)
    )
    return driver.find_element(By.CSS_SELECTOR, css)


def _select(driver: Any, name: str, value: object) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element(By.NAME, name)).select_by_value(str(value))


def _type(driver: Any, name: str, text: str) -> None:
    from selenium.webdriver.common.by import By

    field = driver.find_element(By.NAME, name)
    field.clear()
    field.send_keys(text)


def test_staff_opens_a_session_enters_a_hand_sees_the_preview_and_saves_it(
    browser: Any, live_server: Any
) -> None:
    from selenium.webdriver.common.by import By

    parlor = ParlorFactory(name="Browser Parlor")
    table = TableFactory(parlor=parlor, name="Table 7")
    config = RulesetConfigFactory(
        parlor=parlor,
        name="Standard, East only",
        ruleset_slug="riichi-standard",
        game_options={"length": "east"},
    )
    rate = RateFactory(parlor=parlor, name="House rate")
    names = ["Aoi", "Ben", "Chie", "Dai"]
    players: list[Player] = [PlayerFactory(parlor=parlor, name=name) for name in names]
    staff = User.objects.create_user("desk", password="desk-password", is_staff=True)
    staff.groups.set([roles_sync()[ROLE_STAFF]])
    member_of(parlor, ROLE_STAFF, user=staff)
    started = time.monotonic()

    browser.get(f"{live_server.url}/admin/login/")
    _type(browser, "username", "desk")
    _type(browser, "password", "desk-password")
    browser.find_element(By.CSS_SELECTOR, "input[type=submit]").click()
    # Signed in once the login page has gone (going on at once raced the login's POST).
    wait_until(browser, lambda d: "/admin/login/" not in d.current_url)
    browser.get(f"{live_server.url}/admin/ledger/session/add/")
    _select(browser, "table", table.pk)
    _select(browser, "ruleset_config", config.pk)
    _select(browser, "rate", rate.pk)
    for seat, player in enumerate(players):
        _select(browser, f"seat_{seat}", player.pk)
    browser.find_element(By.NAME, "_open").click()
    _wait_for_text(browser, "#seats", "Dai")

    # Chie (seat 2) declared riichi and wins by ron off Dai (seat 3): riichi, pinfu, tanyao,
    # entered through the form's own fields (the console's taps are test_console.py's).
    wait_for_console(browser)
    browser.find_element(By.CSS_SELECTOR, "#all-fields summary").click()
    browser.find_element(By.CSS_SELECTOR, "input[name='hand-riichi'][value='2']").click()
    _select(browser, "hand-discarder", 3)
    _select(browser, "win0-winner", 2)
    _type(browser, "win0-hand", "234m345p456s23488s")
    _type(browser, "win0-win_tile", "4s")
    browser.find_element(By.NAME, "_preview").click()

    preview = _wait_for_text(browser, "#hand-preview", "Preview of hand 1")
    assert "Riichi" in preview.text and "Pinfu" in preview.text and "Tanyao" in preview.text
    assert "3 han 30 fu" in preview.text
    assert "Ron 3,900" in preview.text
    # 13 tiles in hand, then the winning tile apart (the record's hand holds it once).
    assert len(preview.find_elements(By.CSS_SELECTOR, "img.tile")) == 14
    assert HandResult.objects.count() == 0  # a preview writes nothing

    browser.find_element(By.ID, "save-hand").click()
    _wait_for_text(browser, ".messagelist", "Hand 1 recorded.")
    row = browser.find_element(By.ID, "hand-1")
    assert "Chie ron from Dai" in row.text
    assert "+3,900" in row.text and "-3,900" in row.text  # her own riichi stick came back
    elapsed = time.monotonic() - started

    session = Session.objects.get()
    hand = HandResult.objects.get()
    assert (hand.session, hand.ordinal, hand.entered_by) == (session, 1, staff)
    assert hand.payload == {
        "kind": "win",
        "riichi": [2],
        "wins": [
            {
                "winner": 2,
                "discarder": 3,
                "record": {"hand": "234m345p456s23488s", "win_tile": "4s"},
            },
        ],
    }
    print(f"\nbrowser flow (sign in, open, preview, save): {elapsed:.1f}s")
