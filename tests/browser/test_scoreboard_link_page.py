"""A manager adds the parlor's scoreboard link with "Save and view" and finds on its page the
address, a copy button that copies it and its QR code (issue 33, item 9), in headless
Chromium at 820x1180 and 1366x768, in English and Japanese; nothing hidden, covered or cut.
"""

from __future__ import annotations

from typing import Any

import pytest

from ledger.models import ScoreboardLink
from tests.browser.console import screenshot, wait_until
from tests.browser.managers import CASES, manager_at, shot_name
from tests.browser.page_layout import clip_problems, layout_problems

pytestmark = pytest.mark.django_db(transaction=True)
WORDS = {
    "en": {"save_and_view": "Save and view", "copied": "Copied"},
    "ja": {"save_and_view": "保存して表示", "copied": "コピーしました"},
}


@pytest.mark.parametrize(("size", "language"), CASES)
def test_save_and_view_shows_the_link_to_copy_and_its_qr_code(
    live_server: Any, size: tuple[int, int], language: str
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    words = WORDS[language]
    name = shot_name(size, language)
    with manager_at(live_server, size, language) as (parlor, _manager, driver):
        driver.get(f"{live_server.url}/admin/ledger/scoreboardlink/add/")
        Select(driver.find_element(By.NAME, "parlor")).select_by_value(str(parlor.pk))
        button = driver.find_element(By.NAME, "_continue")
        assert button.get_attribute("value") == words["save_and_view"]
        button.click()
        wait_until(driver, lambda d: d.find_elements(By.ID, "screen-url"))
        link = ScoreboardLink.objects.get(parlor=parlor)
        url = f"{live_server.url}/scoreboard/{link.token}/"
        screenshot(driver, f"scoreboard-link-page-{name}")

        assert driver.find_element(By.ID, "screen-url").text == url
        qr = driver.find_element(By.ID, "screen-qr")
        assert qr.get_property("naturalWidth") > 0 and qr.get_property("complete")
        assert qr.get_property("naturalWidth") == int(qr.get_attribute("width"))
        shown = ["#screen-link h2", "#screen-link .help", "#screen-url", "#copy-screen-url",
                 "#open-screen", "#screen-qr"]  # fmt: skip
        problems = layout_problems(driver, shown) + clip_problems(driver, shown)
        assert problems == [], "\n".join(problems)
        qr_box = driver.execute_script(
            "const r = document.getElementById('screen-qr').getBoundingClientRect();"
            " return [r.width, r.height];"
        )
        assert qr_box[0] == qr_box[1] >= 200  # whole and square: a camera reads it

        driver.find_element(By.ID, "copy-screen-url").click()
        wait_until(driver, lambda d: d.find_element(By.ID, "copy-state").text)
        assert driver.find_element(By.ID, "copy-state").text == words["copied"]
        # What was copied: pasted into a field added to the page for the test.
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        driver.execute_script(
            "const f = document.createElement('textarea'); f.id = 'pasted';"
            " f.style = 'position: fixed; top: 0; left: 0; z-index: 9999';"
            " document.body.append(f); f.focus();"
        )
        ActionChains(driver).key_down(Keys.CONTROL).send_keys("v").key_up(Keys.CONTROL).perform()
        assert driver.find_element(By.ID, "pasted").get_attribute("value") == url
        screenshot(driver, f"scoreboard-link-copied-{name}")
