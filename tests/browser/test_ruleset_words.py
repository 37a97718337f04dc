"""The ruleset page and a Toutenkou session's rate in the manager's words (issue 33, item 12),
in headless Chromium at 820x1180 and 1366x768, in English and Japanese.

Every choice of every option, and every default the help names, reads as a label (never the
engine's word: "Default: whole"); a Toutenkou game, which has no chips, prices no chip on
its session page; the browser's /favicon.ico is served. Nothing on the ruleset form is
hidden, covered or cut off.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine_door.games import game_pays
from parlor.services.ruleset_options import option_specs
from tests.browser.console import screenshot, wait_until
from tests.browser.managers import CASES, manager_at, shot_name
from tests.browser.page_layout import clip_problems, layout_problems
from tests.ledger.factories import SessionFactory
from tests.parlor.factories import ParlorFactory, PlayerFactory, RulesetConfigFactory

pytestmark = pytest.mark.django_db(transaction=True)
DEFAULT = {"en": re.compile(r"Default: (.+?)\.$"), "ja": re.compile(r"既定値: (.+?)。$")}
CHIP_WORDS = {"en": "per chip", "ja": "チップ"}


def engine_words(slug: str) -> set[str]:
    """The engine's word choices of the ruleset's options (what the page must never show)."""
    return {
        choice for spec in option_specs(slug) for choice in spec.choices if isinstance(choice, str)
    }


def shown_words(driver: Any) -> tuple[list[str], dict[str, str]]:
    """The option choices' texts, and each option's help text by its field's name."""
    choices = driver.execute_script(
        "return Array.from(document.querySelectorAll('fieldset select option'))"
        ".map(o => o.textContent.trim());"
    )
    helps = driver.execute_script(
        "const helps = {};"
        " document.querySelectorAll('fieldset .form-row').forEach(row => {"
        "   const help = row.querySelector('.help'); const field = row.querySelector('[name]');"
        "   if (help && field) helps[field.name] = help.textContent.trim(); });"
        " return helps;"
    )
    return list(choices), dict(helps)


@pytest.mark.parametrize(("size", "language"), CASES)
def test_every_option_choice_and_default_reads_as_words(
    live_server: Any, size: tuple[int, int], language: str
) -> None:
    from selenium.webdriver.common.by import By

    name = shot_name(size, language)
    with manager_at(live_server, size, language) as (parlor, _manager, driver):
        for slug in ("speed-tonpuu", "toutenkou", "riichi-standard"):
            config = RulesetConfigFactory(parlor=parlor, ruleset_slug=slug, name=f"House {slug}")
            driver.get(f"{live_server.url}/admin/parlor/rulesetconfig/{config.pk}/change/")
            wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "fieldset select"))
            screenshot(driver, f"ruleset-words-{slug}-{name}")
            raw = engine_words(slug)
            choices, helps = shown_words(driver)
            assert len(choices) > 10
            shown_raw = sorted({text for text in choices if text in raw or "_" in text})
            assert shown_raw == [], slug
            for spec in option_specs(slug):
                found = DEFAULT[language].search(helps[spec.field_name])
                assert found, (slug, spec.name, helps[spec.field_name])
                default = found.group(1)
                assert default not in spec.choices and "_" not in default, (slug, spec.name)
            if slug == "speed-tonpuu":
                driver.execute_script(
                    "document.getElementById('id_game__pao_share').scrollIntoView();"
                )
                screenshot(driver, f"ruleset-words-pao-share-{name}")
            shown = ["fieldset select", "fieldset .help"]
            problems = layout_problems(driver, shown) + clip_problems(driver, shown)
            assert problems == [], "\n".join(problems)
        # Every page's icon is there: no 404 behind each page.
        status = driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            " fetch('/favicon.ico').then(r => done([r.status, r.headers.get('Content-Type')]));"
        )
        assert status == [200, "image/x-icon"]


@pytest.mark.parametrize(("size", "language"), CASES)
def test_a_toutenkou_session_prices_no_chip(
    live_server: Any, size: tuple[int, int], language: str
) -> None:
    parlor = ParlorFactory()
    session = SessionFactory(
        parlor=parlor,
        ruleset_config=RulesetConfigFactory(parlor=parlor, ruleset_slug="toutenkou"),
        players=[PlayerFactory(parlor=parlor) for _ in range(3)],  # Toutenkou is played by 3
    )
    assert not game_pays(session.ruleset_slug, session.game_options).chips
    with manager_at(live_server, size, language, parlor=parlor) as (_parlor, _manager, driver):
        driver.get(f"{live_server.url}/admin/ledger/session/{session.pk}/change/")
        wait_until(driver, lambda d: d.find_elements("id", "session-rate"))
        screenshot(driver, f"toutenkou-rate-{shot_name(size, language)}")
        rate = driver.find_element("id", "session-rate").text
        assert CHIP_WORDS[language] not in rate, rate
        assert ("per point" if language == "en" else "1点あたり") in rate, rate
        problems = layout_problems(driver, ["#session-rate"])
        assert problems == [], "\n".join(problems)
