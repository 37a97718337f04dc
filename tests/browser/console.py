"""Driving the table console in headless Chromium: viewports, signing in, counting taps and keys.

Screenshots go to ``SCREENSHOT_DIR`` when it is set, else to a fresh temporary
folder (printed), never into the checkout.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client

from tests.browser.conftest import start_browser

WAIT = 15  # seconds; a cold Chromium on a busy CI machine is slow
TABLET = (820, 1180)
LAPTOP = (1366, 768)
VIEWPORTS = {"tablet": TABLET, "laptop": LAPTOP}
_shots: list[Path] = []


def screenshot_dir() -> Path:
    if not _shots:
        chosen = os.environ.get("SCREENSHOT_DIR") or tempfile.mkdtemp(prefix="console-shots-")
        _shots.append(Path(chosen))
        _shots[0].mkdir(parents=True, exist_ok=True)
    return _shots[0]


def screenshot(driver: Any, name: str) -> Path:
    path = screenshot_dir() / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


def browser_at(size: tuple[int, int]) -> Any:
    """A browser whose page is exactly ``size`` CSS pixels (the window's chrome left out)."""
    driver = start_browser(window=size)
    resize(driver, size)
    return driver


def resize(driver: Any, size: tuple[int, int]) -> None:
    metrics = {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": False}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)


def sign_in(driver: Any, base_url: str, user: User) -> None:
    """The user's session cookie in the browser, as after the login form."""
    client = Client()
    client.force_login(user)
    driver.get(f"{base_url}/admin/login/")
    driver.delete_all_cookies()
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    driver.add_cookie({"name": settings.SESSION_COOKIE_NAME, "value": cookie, "path": "/"})


def wait_until(driver: Any, condition: Any, timeout: float = WAIT) -> Any:
    from selenium.common.exceptions import (
        NoSuchElementException,
        StaleElementReferenceException,
        WebDriverException,
    )
    from selenium.webdriver.support.ui import WebDriverWait

    def looked(d: Any) -> Any:
        try:
            return condition(d)
        except WebDriverException as error:
            # Chromium's word for an element read while its page is replaced (seen on CI).
            if "does not belong to the document" in str(error):
                return False
            raise

    # A page being replaced (a save, a redirect) leaves stale or missing elements: look again.
    ignored = (NoSuchElementException, StaleElementReferenceException)
    return WebDriverWait(driver, timeout, ignored_exceptions=ignored).until(looked)


def wait_for_text(driver: Any, css: str, text: str) -> Any:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions

    wait_until(
        driver, expected_conditions.text_to_be_present_in_element((By.CSS_SELECTOR, css), text)
    )
    return driver.find_element(By.CSS_SELECTOR, css)


def wait_for_console(driver: Any) -> None:
    """The console's script has bound its buttons (a tap before that would do nothing)."""
    from selenium.webdriver.common.by import By

    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "form.hand-console[data-ready]"))


def wait_for_save(driver: Any) -> Any:
    """The Save button once the live preview has scored the hand."""
    from selenium.webdriver.common.by import By

    wait_until(driver, lambda d: d.find_element(By.ID, "save-hand").is_displayed())
    return driver.find_element(By.ID, "save-hand")


@dataclass
class Counter:
    """Every tap and every key the staff would press, counted as they are sent."""

    driver: Any
    taps: int = 0
    keys: int = 0
    log: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.taps + self.keys

    def tap(self, css: str) -> None:
        from selenium.webdriver.common.by import By

        element = self.driver.find_element(By.CSS_SELECTOR, css)
        assert element.is_displayed(), f"{css} is not on the screen"
        element.click()
        self.taps += 1
        self.log.append(css)

    def tap_seat(self, seat: int, field_name: str) -> None:
        self.tap(f".seat-card[data-seat='{seat}'] button[data-field='{field_name}']")

    def tap_tiles(self, codes: list[str]) -> None:
        for code in codes:
            self.tap(f"#tile-picker .picker-tile[data-tile='{code}']:not([data-special])")

    def riichi_ron(self, winner: int, discarder: int, typed: str) -> None:
        """The winner's riichi, the winner, who dealt in, then the tiles typed as mpsz."""
        self.tap_seat(winner, "hand-riichi")
        self.tap_seat(winner, "win0-winner")
        self.tap_seat(discarder, "hand-discarder")
        self.tap("#console-keys")
        self.type("#console-keys", typed)

    def type(self, css: str, text: str) -> None:
        from selenium.webdriver.common.by import By

        self.driver.find_element(By.CSS_SELECTOR, css).send_keys(text)
        self.keys += len(text)
        self.log.append(f"{css} <- {text!r}")

    def enter(self, css: str) -> None:
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys

        self.driver.find_element(By.CSS_SELECTOR, css).send_keys(Keys.ENTER)
        self.keys += 1
        self.log.append(f"{css} <- Enter")


def on_screen(driver: Any, css: str) -> bool:
    """The element is wholly inside the viewport at the page's top (no scrolling)."""
    return bool(
        driver.execute_script(
            "const e = document.querySelector(arguments[0]); if (!e) return false;"
            " const r = e.getBoundingClientRect();"
            " return window.scrollY === 0 && r.width > 0 && r.top >= 0 && r.left >= 0"
            " && r.bottom <= window.innerHeight && r.right <= window.innerWidth;",
            css,
        )
    )


def no_sideways_scroll(driver: Any) -> bool:
    return bool(
        driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth;")
    )
