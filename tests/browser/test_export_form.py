"""The export form as a manager of one parlor uses it (issue 33, item 8), in headless Chromium
at 820x1180 and 1366x768, in English and Japanese.

The parlor is chosen already (there is only one); each kind offers only the formats it is
written in (statements: PDF; settlements, ledger entries, the penalties audit: CSV and
XLSX), and a format the kind cannot be written in, sent anyway, is refused in words beside
the format field. Nothing on the form is hidden, covered or cut off.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.console import screenshot, wait_until
from tests.browser.managers import CASES, manager_at, shot_name
from tests.browser.page_layout import layout_problems

pytestmark = pytest.mark.django_db(transaction=True)
REFUSAL = {
    "en": "Player statements are written as PDF only.",
    "ja": "プレイヤー明細はPDFでのみ出力できます。",
}


def offered_formats(driver: Any) -> list[str]:
    """The format choices a person can pick (shown and enabled)."""
    return list(
        driver.execute_script(
            "return Array.from(document.querySelectorAll('#id_format option'))"
            ".filter(o => !o.hidden && !o.disabled)"
            ".map(o => o.value);"
        )
    )


@pytest.mark.parametrize(("size", "language"), CASES)
def test_the_export_form_offers_only_what_each_kind_can_write(
    live_server: Any, size: tuple[int, int], language: str
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    name = shot_name(size, language)
    with manager_at(live_server, size, language) as (parlor, _manager, driver):
        driver.get(f"{live_server.url}/admin/reports/exportjob/add/")
        wait_until(driver, lambda d: d.find_elements(By.ID, "export-request-form"))
        parlor_choice = Select(driver.find_element(By.ID, "id_parlor"))
        assert parlor_choice.first_selected_option.get_attribute("value") == str(parlor.pk)
        screenshot(driver, f"export-form-{name}")

        kind = Select(driver.find_element(By.ID, "id_kind"))
        for value, formats in (
            ("settlements", ["csv", "xlsx"]),
            ("statements", ["pdf"]),
            ("ledger_entries", ["csv", "xlsx"]),
            ("penalties", ["csv", "xlsx"]),
            ("statements", ["pdf"]),
        ):
            kind.select_by_value(value)
            assert offered_formats(driver) == formats, value
            chosen = Select(driver.find_element(By.ID, "id_format")).first_selected_option
            assert chosen.get_attribute("value") == formats[0], value
        screenshot(driver, f"export-form-statements-{name}")
        problems = layout_problems(driver, ["#export-request-form .form-row", "#id_format"])
        assert problems == [], "\n".join(problems)

        # A format the kind cannot be written in, sent anyway (an old page, no script).
        driver.execute_script(
            "const f = document.getElementById('id_format');"
            " f.querySelectorAll('option').forEach(o => { o.hidden = false; o.disabled = false; });"
            " f.value = 'csv';"
        )
        day = driver.find_element(By.ID, "id_date_from")
        driver.execute_script("arguments[0].value = '2026-11-01';", day)
        driver.find_element(By.NAME, "_export").click()
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".field-format .errorlist"))
        refusal = driver.find_element(By.CSS_SELECTOR, ".field-format .errorlist").text
        assert refusal == REFUSAL[language]
        assert "'" not in refusal and "pdf" not in refusal  # no code words
        assert (
            Select(driver.find_element(By.ID, "id_kind")).first_selected_option.get_attribute(
                "value"
            )
            == "statements"
        )
        screenshot(driver, f"export-form-refused-{name}")
        problems = layout_problems(driver, [".field-format .errorlist li", "#id_format"])
        assert problems == [], "\n".join(problems)
