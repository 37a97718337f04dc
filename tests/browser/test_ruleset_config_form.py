"""A manager adds and edits ruleset configurations (issue 33, item 7), in headless Chromium at
820x1180 and 1366x768, in English and Japanese.

- Add: choosing another ruleset shows its options at once (the page comes back with them and
  with the name and parlor already typed), with no error banner; Save keeps them.
- Change: a configuration that open sessions use names those sessions on its page and says
  they keep the options they opened with; saving a change leaves their rules as they were.
Nothing on either page is hidden, covered or cut off.
"""

from __future__ import annotations

from typing import Any

import pytest

from ledger.play.hands import hand_record
from ledger.settle.settlements import session_close
from parlor.models import RulesetConfig
from tests.browser.console import screenshot, wait_until
from tests.browser.managers import CASES, manager_at, shot_name
from tests.browser.page_layout import clip_problems, layout_problems
from tests.ledger.factories import SessionFactory, ron
from tests.parlor.factories import ParlorFactory, RulesetConfigFactory

pytestmark = pytest.mark.django_db(transaction=True)
WORDS = {
    "en": {"ruleset": "Toutenkou", "keep": "keep the options they opened with"},
    "ja": {"ruleset": "東天紅", "keep": "開始したときの設定のまま"},
}


@pytest.mark.parametrize(("size", "language"), CASES)
def test_choosing_a_ruleset_shows_its_options_at_once(
    live_server: Any, size: tuple[int, int], language: str
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    name = shot_name(size, language)
    with manager_at(live_server, size, language) as (parlor, _manager, driver):
        driver.get(f"{live_server.url}/admin/parlor/rulesetconfig/add/")
        wait_until(driver, lambda d: d.find_elements(By.ID, "id_ruleset_slug"))
        assert driver.find_elements(By.ID, "id_game__length")  # riichi-standard's first
        Select(driver.find_element(By.ID, "id_parlor")).select_by_value(str(parlor.pk))
        driver.find_element(By.ID, "id_name").send_keys("House Toutenkou")
        Select(driver.find_element(By.ID, "id_ruleset_slug")).select_by_visible_text(
            WORDS[language]["ruleset"]
        )
        wait_until(driver, lambda d: d.find_elements(By.ID, "id_opt__tiles"))
        screenshot(driver, f"ruleset-add-toutenkou-{name}")
        assert not driver.find_elements(By.CSS_SELECTOR, ".errornote, .errorlist")
        assert not driver.find_elements(By.ID, "id_game__length")
        assert driver.find_element(By.ID, "id_name").get_attribute("value") == "House Toutenkou"
        chosen = Select(driver.find_element(By.ID, "id_parlor")).first_selected_option
        assert chosen.get_attribute("value") == str(parlor.pk)
        rows = [
            "fieldset .form-row:not(.hidden) label",
            "fieldset select",
            "fieldset input[type=number]",
        ]
        problems = layout_problems(driver, rows) + clip_problems(driver, rows)
        assert problems == [], "\n".join(problems)

        Select(driver.find_element(By.ID, "id_opt__tiles")).select_by_value("108")
        driver.find_element(By.NAME, "_save").click()
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".messagelist .success"))
        config = RulesetConfig.objects.get(name="House Toutenkou")
        assert config.ruleset_slug == "toutenkou" and config.options["tiles"] == 108


@pytest.mark.parametrize(("size", "language"), CASES)
def test_the_change_page_names_the_open_sessions_that_keep_their_options(
    live_server: Any, size: tuple[int, int], language: str
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    parlor = ParlorFactory(name="Mahjong Hall Sakura")
    config = RulesetConfigFactory(
        parlor=parlor, ruleset_slug="riichi-standard", name="House rules",
        game_options={"length": "east"},
    )  # fmt: skip
    open_ones = [SessionFactory(parlor=parlor, ruleset_config=config) for _ in range(2)]
    closed = SessionFactory(parlor=parlor, ruleset_config=config)
    name = shot_name(size, language)
    with manager_at(live_server, size, language, parlor=parlor) as (_p, manager, driver):
        for hand in (ron(1, 0), ron(2, 1), ron(3, 2), ron(0, 3)):
            hand_record(session=closed, hand=hand, entered_by=manager)
        session_close(session=closed, by=manager)
        driver.get(f"{live_server.url}/admin/parlor/rulesetconfig/{config.pk}/change/")
        wait_until(driver, lambda d: d.find_elements(By.ID, "open-sessions-note"))
        screenshot(driver, f"ruleset-change-open-sessions-{name}")
        note = driver.find_element(By.ID, "open-sessions-note")
        assert WORDS[language]["keep"] in note.text
        links = note.find_elements(By.CSS_SELECTOR, "a.open-session")
        assert sorted(a.get_attribute("href") for a in links) == sorted(
            f"{live_server.url}/admin/ledger/session/{s.pk}/change/" for s in open_ones
        )
        assert f"#{closed.pk}" not in note.text
        shown = ["#open-sessions-note", "#open-sessions-note a.open-session"]
        problems = layout_problems(driver, shown) + clip_problems(driver, shown)
        assert problems == [], "\n".join(problems)

        Select(driver.find_element(By.ID, "id_game__length")).select_by_value("east_south")
        driver.find_element(By.NAME, "_save").click()
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".messagelist li"))
        screenshot(driver, f"ruleset-change-saved-{name}")
        messages = driver.find_element(By.CSS_SELECTOR, ".messagelist").text
        assert WORDS[language]["keep"] in messages
    config.refresh_from_db()
    assert config.game_options["length"] == "east_south"
    for session in open_ones:
        session.refresh_from_db()
        assert session.game_options["length"] == "east"  # the rules it opened with
