"""Every amount a manager reads has its thousands separators (issue 33, item 11).

A riichi-standard East-only game of four hands with a rate of 1,000 a chip and a
1,000 game fee, closed; then, at a laptop and a tablet: the console's preview of a
hand (payments 3,900), the session page (hands and the "after the hand" row, seats,
settlement, the rate), the close confirmation of a second finished game, the
settlements list, the ledger entries and the rates. Every amount cell, and the amount
columns of the admin's lists, is read: no run of four digits without a separator.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from ledger.play.hands import hand_record
from ledger.settle.settlements import session_close
from parlor.models import Role
from tests.browser.console import Counter, screenshot, sign_in, wait_for_console, wait_for_save
from tests.ledger.factories import SessionFactory, ron
from tests.parlor.factories import PlayerFactory, member_of

pytestmark = pytest.mark.django_db(transaction=True)
UNGROUPED = re.compile(r"\d{4}")
AMOUNTS = "td.amount, th.amount"
ADMIN_AMOUNTS = ", ".join(
    f"td.field-{name}"
    for name in (
        "final_score_amount", "points_amount", "chips_amount", "money_amount", "fee_amount",
        "net_money", "money_per_unit_amount", "money_per_chip_amount", "game_fee_amount",
    )
)  # fmt: skip
FINISHED = (ron(1, 0), ron(2, 1), ron(3, 2), ron(0, 3))  # each dealer loses the deal


def _ungrouped(driver: Any, css: str, *, at_least: int = 1) -> list[str]:
    texts = [e.text for e in driver.find_elements("css selector", css)]
    assert len(texts) >= at_least, f"only {len(texts)} of {css}"
    return [text for text in texts if UNGROUPED.search(text)]


def test_amounts_on_every_screen_have_thousands_separators(
    viewport: tuple[str, Any], live_server: Any
) -> None:
    screen, driver = viewport
    names = ("Aoi", "Ben", "Chie", "Dai")
    closed = SessionFactory(
        rate__money_per_chip=1000,
        rate__game_fee=1000,
        players=factory_players(names),
    )
    parlor = closed.parlor
    manager = member_of(parlor, Role.MANAGER, username="books-manager")
    for hand in FINISHED:
        hand_record(session=closed, hand=hand, entered_by=manager)
    session_close(session=closed, by=manager)
    finished = SessionFactory(parlor=parlor, rate=closed.rate, ruleset_config=closed.ruleset_config)
    for hand in FINISHED:
        hand_record(session=finished, hand=hand, entered_by=manager)
    fresh = SessionFactory(parlor=parlor, rate=closed.rate, ruleset_config=closed.ruleset_config)
    sign_in(driver, live_server.url, manager)
    admin = f"{live_server.url}/admin"
    faults: dict[str, list[str]] = {}

    driver.get(f"{admin}/ledger/session/{fresh.pk}/change/")
    wait_for_console(driver)
    Counter(driver).riichi_ron(2, 3, "234m345p456s2388s4s")
    wait_for_save(driver)
    faults["console preview"] = _ungrouped(driver, "#hand-preview .amount")

    driver.get(f"{admin}/ledger/session/{closed.pk}/change/")
    screenshot(driver, f"amounts-session-{screen}")
    faults["session page"] = _ungrouped(driver, AMOUNTS, at_least=30)
    # Riichi-standard pays no chips: its rate prices points and the fee only (item 12).
    rate = driver.find_element("id", "session-rate").text
    faults["rate"] = [] if rate.endswith("per 1,000 points, game fee 1,000") else [rate]

    driver.get(f"{admin}/ledger/session/{finished.pk}/close/")
    screenshot(driver, f"amounts-close-confirmation-{screen}")
    faults["close confirmation"] = _ungrouped(driver, AMOUNTS, at_least=10)

    for name, path in (
        ("settlements", "ledger/settlement"),
        ("ledger entries", "ledger/ledgerentry"),
        ("rates", "parlor/rate"),
    ):
        driver.get(f"{admin}/{path}/")
        screenshot(driver, f"amounts-{name.replace(' ', '-')}-{screen}")
        faults[name] = _ungrouped(driver, ADMIN_AMOUNTS, at_least=3)

    assert not any(faults.values()), {where: texts for where, texts in faults.items() if texts}


def factory_players(names: tuple[str, ...]) -> Any:
    import factory

    return factory.LazyAttribute(lambda o: [PlayerFactory(parlor=o.parlor, name=n) for n in names])
