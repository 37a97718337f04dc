"""Bad Wi-Fi: a hand saved while the server cannot be reached waits in the browser and lands once.

The browser goes offline (CDP ``Network.emulateNetworkConditions``) after the
live preview; Save keeps the hand in localStorage and says what waits; back
online, the outbox sends it with its Idempotency-Key and the hand is recorded
exactly once. At both screen sizes; screenshots beside the console's.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from ledger.models import HandResult, Session
from ledger.play.hands import hand_record
from parlor.services.roles import ROLE_STAFF
from tests.browser.console import (
    screenshot,
    sign_in,
    wait_for_console,
    wait_for_save,
    wait_for_text,
    wait_until,
)
from tests.browser.test_console import CASES, _session, _user

pytestmark = pytest.mark.django_db(transaction=True)


def _network(driver: Any, *, offline: bool) -> None:
    driver.execute_cdp_cmd("Network.enable", {})
    conditions = {
        "offline": offline,
        "latency": 0,
        "downloadThroughput": -1,
        "uploadThroughput": -1,
    }
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", conditions)


def _previewed(driver: Any, live_server: Any) -> Session:
    """A staff member's console with the dealer's tsumo typed and previewed, Save shown."""
    staff = _user("desk", ROLE_STAFF)
    session = _session(CASES[0], staff)
    sign_in(driver, live_server.url, staff)
    driver.get(f"{live_server.url}/admin/ledger/session/{session.pk}/change/")
    wait_for_console(driver)
    # The dealer (the winner by default) tsumo, typed; the live preview scores it.
    driver.find_element("css selector", "#console-keys").send_keys("234m345p456s2388s4s")
    wait_for_save(driver)
    return session


def _save_offline(driver: Any) -> Any:
    """Save with the browser offline: the outbox says hand 1 waits."""
    _network(driver, offline=True)
    driver.find_element("css selector", "#save-hand").click()
    return wait_for_text(driver, "#outbox", "Not sent yet: hand 1")


def _outbox(driver: Any) -> list[dict[str, Any]]:
    stored = driver.execute_script("return localStorage.getItem('ledger-outbox') || '[]';")
    items: list[dict[str, Any]] = json.loads(stored)
    return items


def test_a_hand_saved_offline_waits_and_lands_once_when_back_online(
    viewport: tuple[str, Any],  # tests/browser/conftest.py
    live_server: Any,
) -> None:
    screen, driver = viewport
    session = _previewed(driver, live_server)

    outbox = _save_offline(driver)
    assert "Aoi" in outbox.text and outbox.get_attribute("data-kind") == "waiting"
    assert [item["ordinal"] for item in _outbox(driver)] == [1]
    assert _outbox(driver)[0]["key"]
    screenshot(driver, f"outbox-waiting-{screen}")
    time.sleep(1)
    assert HandResult.objects.count() == 0

    _network(driver, offline=False)

    wait_for_text(driver, ".messagelist", "Hand 1 recorded.")
    wait_until(driver, lambda d: d.find_elements("css selector", "#hand-1"))
    screenshot(driver, f"outbox-landed-{screen}")
    assert _outbox(driver) == []
    time.sleep(5)  # a retry timer still running would send it again now
    driver.refresh()
    wait_for_console(driver)
    hands = HandResult.objects.filter(session=session)
    assert [(h.ordinal, h.version) for h in hands] == [(1, 1)]
    assert hands[0].payload["wins"][0]["winner"] == 0


def test_a_hand_sent_twice_with_its_key_is_recorded_once(
    viewport: tuple[str, Any],  # tests/browser/conftest.py
    live_server: Any,
) -> None:
    # The answer to the first send was lost (the request landed): the outbox sends the same
    # hand with the same key again, and the API replays the first answer.
    _screen, driver = viewport
    session = _previewed(driver, live_server)
    driver.execute_script(
        "const form = document.querySelector('form.hand-console');"
        "const payload = JSON.parse(document.getElementById('preview-payload').textContent);"
        "window.__first = fetch(form.dataset.apiHands, {method: 'POST', credentials: 'same-origin',"
        " body: JSON.stringify(payload), headers: {'Content-Type': 'application/json',"
        " 'Idempotency-Key': 'lost-answer', 'Expected-Hand-Number': '1',"
        " 'X-CSRFToken': form.querySelector('[name=csrfmiddlewaretoken]').value}})"
        ".then(r => r.status);"
        "localStorage.setItem('ledger-outbox', JSON.stringify([{key: 'lost-answer',"
        " session: form.dataset.session, url: form.dataset.apiHands, ordinal: 1,"
        " payload: payload, what: 'Aoi tsumo', at: Date.now()}]));"
    )
    wait_until(driver, lambda d: HandResult.objects.filter(session=session).count() == 1)

    driver.refresh()  # the page finds the hand still waiting and sends it again

    wait_for_text(driver, ".messagelist", "Hand 1 recorded.")
    assert _outbox(driver) == []
    assert HandResult.objects.filter(session=session).count() == 1


def test_a_waiting_hand_another_desk_overtook_is_refused_not_recorded_twice(
    viewport: tuple[str, Any],  # tests/browser/conftest.py
    live_server: Any,
) -> None:
    screen, driver = viewport
    session = _previewed(driver, live_server)
    _save_offline(driver)
    # Meanwhile another desk records hand 1 (a draw).
    hand_record(session=session, hand={"kind": "draw", "tenpai": []}, entered_by=session.opened_by)

    _network(driver, offline=False)

    wait_for_text(driver, "#outbox", "Hand 1 was not recorded")
    screenshot(driver, f"outbox-refused-{screen}")
    assert _outbox(driver) == []
    assert [h.kind for h in HandResult.objects.filter(session=session)] == ["draw"]


def test_a_hand_the_api_refuses_by_role_is_posted_by_the_form_and_the_admin_decides(
    viewport: tuple[str, Any],  # tests/browser/conftest.py
    live_server: Any,
) -> None:
    # Should the API's role check ever refuse (403, nothing written) what the admin offered,
    # the form, still holding the hand, posts it the classic way and the admin decides. The
    # API and the admin ask the same policy today, so the 403 is the browser's own.
    screen, driver = viewport
    session = _previewed(driver, live_server)
    driver.execute_script(
        "const api = document.querySelector('form.hand-console').dataset.apiHands;"
        "const real = window.fetch;"
        "window.fetch = (url, init) => url === api"
        " ? Promise.resolve(new Response('{}', {status: 403})) : real(url, init);"
    )

    driver.find_element("css selector", "#save-hand").click()

    wait_for_text(driver, ".messagelist", "Hand 1 recorded.")
    screenshot(driver, f"outbox-form-fallback-{screen}")
    assert [h.ordinal for h in HandResult.objects.filter(session=session)] == [1]
    assert _outbox(driver) == []
