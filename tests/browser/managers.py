"""A parlor's manager signed in to headless Chromium at a tablet's or a laptop's size, in
English or Japanese: the set-up of the admin's screens' tests (issue 33)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.contrib.auth.models import User

from parlor.models import Parlor, Role
from parlor.services.preferences import user_language_set
from tests.browser.console import LAPTOP, TABLET, browser_at, sign_in
from tests.parlor.factories import ParlorFactory, member_of

# Each screen at 820x1180 and 1366x768, in English and Japanese.
CASES = [
    pytest.param(size, language, id=f"{size[0]}x{size[1]}-{language}")
    for size in (TABLET, LAPTOP)
    for language in ("en", "ja")
]


def shot_name(size: tuple[int, int], language: str) -> str:
    return f"{size[0]}x{size[1]}-{language}"


@contextmanager
def manager_at(
    live_server: Any, size: tuple[int, int], language: str, *, parlor: Parlor | None = None
) -> Iterator[tuple[Parlor, User, Any]]:
    """(parlor, its manager, a browser signed in as them); the browser is closed after."""
    parlor = parlor or ParlorFactory(name="Mahjong Hall Sakura")
    manager = member_of(parlor, Role.MANAGER, username=f"manager-{parlor.pk}")
    user_language_set(user=manager, language=language)
    driver = browser_at(size)
    try:
        sign_in(driver, live_server.url, manager)
        yield parlor, manager, driver
    finally:
        driver.quit()
