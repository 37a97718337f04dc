"""Headless Chromium for the browser tests (Debian's chromium and chromium-driver).

`.ci/run` installs them. Without them (or without selenium) a browser test
is skipped with the reason, or fails under REQUIRE_SERVICES=1 as CI sets,
so CI cannot pass by skipping it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import REQUIRE_SERVICES

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--window-size=1280,2000",
)


def browser_missing() -> str | None:
    missing = [path for path in (CHROMIUM, CHROMEDRIVER) if not os.access(path, os.X_OK)]
    if missing:
        return (
            f"{' and '.join(missing)} not found; install Debian's chromium and chromium-driver"
            " (apt-get install -y --no-install-recommends chromium chromium-driver,"
            " as .ci/run does)"
        )
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "the selenium package is missing; pip install -e '.[dev]'"
    return None


def start_browser(
    *, env: dict[str, str] | None = None, window: tuple[int, int] | None = None
) -> Any:
    """A headless Chromium driven by Selenium; ``env`` for its process (e.g. FONTCONFIG_FILE)."""
    missing = browser_missing()
    if missing is not None:
        if REQUIRE_SERVICES:
            pytest.fail(f"REQUIRE_SERVICES=1 but the browser is missing: {missing}", pytrace=False)
        pytest.skip(f"needs headless Chromium: {missing}")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        if window is None or not flag.startswith("--window-size"):
            options.add_argument(flag)
    if window is not None:
        options.add_argument(f"--window-size={window[0]},{window[1]}")
    service = Service(CHROMEDRIVER, env={**os.environ, **env} if env else None)
    driver = webdriver.Chrome(service=service, options=options)
    driver.implicitly_wait(0)
    return driver


@pytest.fixture
def browser() -> Iterator[Any]:
    """A headless Chromium driven by Selenium, closed after the test."""
    driver = start_browser()
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(params=["tablet", "laptop"])
def viewport(request: pytest.FixtureRequest) -> Iterator[tuple[str, Any]]:
    """("tablet", a browser of 820x1180), then ("laptop", one of 1366x768)."""
    from tests.browser.console import VIEWPORTS, browser_at

    driver = browser_at(VIEWPORTS[request.param])
    try:
        yield request.param, driver
    finally:
        driver.quit()
