"""A regular's whole day at the counter (issue 34), as the staff live it at a tablet
(820x1180) and a laptop (1366x768): checked in, a deposit taken, a drink on the tab, two
games at two tables, the check-out slip shown and confirmed, and the till counted and
closed against the cash the entries say it holds. Each page is looked at: nothing
hidden, covered or cut off (``tests/browser/page_layout.py``).

Screenshots go to SCREENSHOT_DIR when it is set (else a temporary folder).
"""

from __future__ import annotations

from typing import Any

import pytest

from ledger.counter.kinds import cash_effect
from ledger.counter.models import CounterEntry, TillClose
from ledger.counter.visits import InvoiceRegistration, Visit, VisitSettlement
from ledger.models import AccountKind
from ledger.play.hands import hand_record
from ledger.settle.settlements import session_close
from parlor.models import Role, StaffProfile
from tests.browser.console import LAPTOP, TABLET, browser_at, screenshot, sign_in, wait_until
from tests.browser.page_layout import layout_problems
from tests.ledger.counter.helpers import money_of
from tests.ledger.factories import SessionFactory, ron
from tests.parlor.factories import ParlorFactory, PlayerFactory, TableFactory, member_of

pytestmark = pytest.mark.django_db(transaction=True)
REGULAR = "長谷川 美智子"


def assert_looks_right(driver: Any, selectors: list[str]) -> None:
    problems = layout_problems(driver, selectors)
    assert problems == [], "\n".join(problems)


def _play_two_games(parlor: Any, manager: Any, regular: Any) -> None:
    """Two games at two tables: the regular deals in at the first, wins the second."""
    others = [PlayerFactory(parlor=parlor, name=n) for n in ("Aoi Tanaka", "Ken Sato", "Yui Mori")]
    tables = [TableFactory(parlor=parlor, name=f"Table {n}") for n in (1, 2)]
    seatings = (
        [others[0], regular, others[1], others[2]],
        [regular, others[0], others[2], others[1]],
    )
    for table, seats in zip(tables, seatings, strict=True):
        session = SessionFactory(parlor=parlor, table=table, players=seats, by=manager)
        hand_record(session=session, hand=ron(0, 1), entered_by=manager)
        session_close(session=session, by=manager, stop=True)


def _record(
    driver: Any, By: Any, Select: Any, visit: int, kind: str, amount: int, **more: str
) -> None:
    card = driver.find_element(By.ID, f"visit-{visit}")
    Select(card.find_element(By.NAME, "kind")).select_by_value(kind)
    card.find_element(By.NAME, "amount").send_keys(str(amount))
    if "method" in more:
        Select(card.find_element(By.NAME, "method")).select_by_value(more["method"])
    if "category" in more:
        Select(card.find_element(By.NAME, "category")).select_by_value(more["category"])
    card.find_element(By.CSS_SELECTOR, "input[type=submit]").click()
    wait_until(driver, lambda d: d.find_elements(By.ID, "confirm-yes"))


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("size", [TABLET, LAPTOP], ids=["tablet", "laptop"])
def test_a_regulars_day_at_the_counter(
    live_server: Any, size: tuple[int, int], language: str
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    parlor = ParlorFactory(name="Mahjong Hall Sakura")
    staff = member_of(parlor, Role.STAFF, username="sato")
    manager = member_of(parlor, Role.MANAGER, username="mori")
    for user in (staff, manager):
        StaffProfile.objects.create(user=user, language=language)
    InvoiceRegistration.objects.create(
        parlor=parlor, registration_number="T1234567890123", issuer_name="株式会社さくら",
        set_by=manager,
    )  # fmt: skip
    regular = PlayerFactory(parlor=parlor, name=REGULAR, member_number="R007")
    shots = f"{size[0]}x{size[1]}-{language}"
    driver = browser_at(size)
    try:
        # The staff member opens the counter from the admin's menu and checks the regular in.
        sign_in(driver, live_server.url, staff)
        driver.get(f"{live_server.url}/admin/")
        driver.find_element(By.CSS_SELECTOR, "a[href='/admin/desk/counterdesk/']").click()
        wait_until(driver, lambda d: d.find_elements(By.ID, "check-in-form"))
        Select(driver.find_element(By.ID, "id_player")).select_by_value(str(regular.pk))
        driver.find_element(By.CSS_SELECTOR, "#check-in-form input[type=submit]").click()
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".counter-card.visit"))
        visit = Visit.objects.get(player=regular)

        # A deposit of 10,000 in cash: shown back first, recorded on "yes".
        _record(driver, By, Select, visit.pk, "deposit_taken", 10000, method="cash")
        screenshot(driver, f"counter-confirm-deposit-{shots}")
        assert "10,000" in driver.find_element(By.ID, "confirm-question").text
        assert_looks_right(driver, ["#confirm-question", "#confirm-yes", "#confirm-no"])
        assert not CounterEntry.objects.exists()
        driver.find_element(By.ID, "confirm-yes").click()
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".counter-card.visit"))
        assert money_of(parlor, AccountKind.PLAYER_DEPOSIT, regular) == 10000

        # A drink on the tab.
        _record(driver, By, Select, visit.pk, "sale_on_tab", 500, category="drink")
        driver.find_element(By.ID, "confirm-yes").click()
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".counter-card.visit"))
        card = driver.find_element(By.ID, f"visit-{visit.pk}")
        assert card.find_element(By.CSS_SELECTOR, ".deposit").text == "10,000"
        assert card.find_element(By.CSS_SELECTOR, ".results").text == "-500"
        screenshot(driver, f"counter-checked-in-{shots}")
        assert_looks_right(driver, [
            "#check-in-form select", "#check-in-form input[type=submit]",
            ".counter-card h3", ".counter-card .balances span",
            ".money-form select", ".money-form input:not([type=hidden])", ".checkout-link",
            "#sale-form select",
        ])  # fmt: skip

        # The regular plays two games at two tables (recorded at the tables).
        _play_two_games(parlor, manager, regular)

        # Check-out: the slip, then the confirmation naming what crosses the counter.
        driver.get(f"{live_server.url}/desk/counter/?parlor={parlor.pk}")
        driver.find_element(By.CSS_SELECTOR, f"#visit-{visit.pk} .checkout-link").click()
        wait_until(driver, lambda d: d.find_elements(By.ID, "settle-confirm"))
        games = driver.find_elements(By.CSS_SELECTOR, "#slip-games tr.game")
        assert len(games) == 2
        due = driver.find_element(By.ID, "slip-due").text
        assert "JPY" in due
        screenshot(driver, f"counter-slip-{shots}")
        assert_looks_right(driver, [
            "#slip-games td", "#slip-lines th", "#slip-lines td", "#slip-balances td",
            "#slip-settlement td", "#slip-due", "#slip-invoice", "#settle-form select",
            "#settle-confirm", "#print-links a",
        ])  # fmt: skip
        assert VisitSettlement.objects.count() == 0  # showing settles nothing
        driver.find_element(By.ID, "settle-confirm").click()
        wait_until(driver, lambda d: d.find_elements(By.ID, "slip-settled"))
        screenshot(driver, f"counter-settled-{shots}")
        assert_looks_right(driver, ["#slip-settled", "#slip-due", "#print-links a"])
        settlement = VisitSettlement.objects.get(visit=visit)
        assert money_of(parlor, AccountKind.PLAYER, regular) == 0
        assert money_of(parlor, AccountKind.PLAYER_DEPOSIT, regular) == 0
        assert settlement.posting is not None

        # The manager counts the till: the expected cash is the entries' cash, 100 short.
        expected = sum(
            cash_effect(kind=k, method=m, amount=a, reversal=r is not None)
            for k, m, a, r in CounterEntry.objects.values_list(
                "kind", "method", "amount", "reverses_id"
            )
        )
        assert expected > 0
        sign_in(driver, live_server.url, manager)
        driver.get(f"{live_server.url}/admin/desk/tilldesk/")
        wait_until(driver, lambda d: d.find_elements(By.ID, "till-count-form"))
        assert driver.find_element(By.ID, "till-expected").text == f"{expected:,}"
        counted = expected - 100
        for face in (10000, 5000, 1000, 500, 100, 50, 10, 5, 1):
            pieces, counted = divmod(counted, face)
            if pieces:
                field = driver.find_element(By.ID, f"count-{face}")
                field.clear()
                field.send_keys(str(pieces))
        Select(driver.find_element(By.ID, "till-kind")).select_by_value("day")
        screenshot(driver, f"till-count-{shots}")
        assert_looks_right(driver, [
            "#till-period td", ".till-count input", "#till-kind", "#till-count-submit",
        ])  # fmt: skip
        driver.find_element(By.ID, "till-count-submit").click()
        wait_until(driver, lambda d: d.find_elements(By.ID, "till-confirm"))
        assert driver.find_element(By.ID, "till-difference").text == "-100"
        screenshot(driver, f"till-confirm-{shots}")
        assert_looks_right(driver, ["#till-question", "#till-difference", "#till-confirm"])
        assert not TillClose.objects.exists()
        driver.find_element(By.ID, "till-confirm").click()
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#till-closes tbody tr"))
        close = TillClose.objects.get()
        assert (close.expected, close.counted, close.difference) == (expected, expected - 100, -100)
        screenshot(driver, f"till-closed-{shots}")
        assert_looks_right(driver, ["#till-closes td", "#till-period td"])
    finally:
        driver.quit()
