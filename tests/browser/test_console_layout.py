"""Nothing of the console hidden, covered, cut or out of view, for a hand of every kind (issue 33).

At a tablet (820x1180) and a laptop (1366x768), a manager (who sees the penalty
buttons too) enters a Speed Tonpuu hand of each kind in the console: a ron, a
tsumo, a tsumo with chips, an exhaustive draw, an abortive draw, a chonbo, a ron
beside a dead hand and a double ron. With the preview shown, and the page not
scrolled:

- every seat button shown for that kind, every kind and target button, every tile
  of the hand and of the Dora/Ura line, every picker tile, Preview and Save are
  inside the viewport, reached by a tap at their centre
  (``document.elementFromPoint``), and their text is whole (``scrollWidth <=
  clientWidth``);
- every line of the preview (heading, who won, tiles, yaku, totals, chips by cause,
  every payment) is inside the viewport, not covered, not cut, and not inside a box
  that scrolls by itself;
- the hand's tiles in the preview sit on one line.

Then the same in Japanese. Screenshots of each go to ``SCREENSHOT_DIR``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from ledger.play.sessions import session_open
from parlor.models import Role
from tests.browser.console import (
    VIEWPORTS,
    Counter,
    screenshot,
    sign_in,
    wait_for_console,
    wait_for_save,
    wait_until,
)
from tests.browser.layout import control_faults, count_visible, line_faults, one_line_faults
from tests.parlor.factories import (
    ParlorFactory,
    PlayerFactory,
    RateFactory,
    RulesetConfigFactory,
    TableFactory,
    member_of,
)

pytestmark = pytest.mark.django_db(transaction=True)

SEAT_BUTTONS = "#console-seats button"
CONTROLS = ", ".join(
    (
        SEAT_BUTTONS,
        "#hand-entry-form .kind-choices button",
        "#hand-entry-form .target-choices button",
        "#hand-entry-form .choice-row button",
        "#console-hand button",
        "#console-extras button",
        "#console-extras .group-label",
        "#tile-picker button",
        "#console-keys",
        "#hand-entry-form .submit-row input",
    )
)
PREVIEW_LINES = ", ".join(
    f"#hand-preview {part}" for part in ("h2", "p", "tr", "caption", "li", ".preview-tiles")
)
RON_TILES = "234m345p456s2388s4s"


@dataclass(frozen=True)
class Kind:
    name: str
    enter: Callable[[Counter], None]
    seat_buttons: int  # seat buttons the kind shows: each of them is checked
    shows: tuple[str, ...]  # parts of the preview the hand must have


def _keys(taps: Counter, text: str) -> None:
    taps.tap("#console-keys")
    taps.type("#console-keys", text)


def _ron(taps: Counter) -> None:
    taps.riichi_ron(2, 3, RON_TILES)


def _tsumo(taps: Counter) -> None:
    taps.tap_seat(1, "win0-winner")
    _keys(taps, RON_TILES)


def _tsumo_with_chips(taps: Counter) -> None:
    """Riichi tsumo with two red fives, a dora and an ura dora: chips from each of three."""
    taps.tap_seat(2, "hand-riichi")
    taps.tap_seat(2, "win0-winner")
    taps.tap("button.target[data-target='dora']")
    taps.tap_tiles(["7s"])
    taps.tap("button.target[data-target='ura']")
    taps.tap_tiles(["1m"])
    _keys(taps, "234m340p406s2388s4s")


def _draw(taps: Counter) -> None:
    taps.tap(".kind-choice[data-value='draw']")
    taps.tap_seat(2, "hand-riichi")
    taps.tap_seat(1, "hand-tenpai")
    taps.tap_seat(2, "hand-tenpai")


def _abort(taps: Counter) -> None:
    taps.tap(".kind-choice[data-value='abort']")
    taps.tap("button[data-field='hand-abort_cause'][data-value='kyuushuu_kyuuhai']")
    taps.tap_seat(2, "hand-caller")


def _chonbo(taps: Counter) -> None:
    taps.tap(".kind-choice[data-value='chonbo']")
    taps.tap_seat(1, "hand-offender")
    taps.tap("button[data-field='hand-chonbo_cause']")


def _dead_hand(taps: Counter) -> None:
    _ron(taps)
    taps.tap_seat(1, "hand-dead")


def _double_ron(taps: Counter) -> None:
    """Chie and Ben ron Dai's 4s: the second winner in the form's "Winner 2" block."""
    from selenium.webdriver.support.ui import Select

    _ron(taps)
    taps.tap("#all-fields > summary")
    taps.tap("details.more-winners > summary")
    Select(taps.driver.find_element("name", "win1-winner")).select_by_value("1")
    taps.taps += 2
    taps.type("[name='win1-hand']", "123p456p789p55m23s4s")
    taps.type("[name='win1-win_tile']", "4s")
    # Typing scrolled the form's field into view; the staff go back up to the preview.
    taps.driver.execute_script("window.scrollTo(0, 0);")


KINDS = [
    Kind("ron", _ron, 16, (".preview-yaku", ".preview-moves")),
    Kind("tsumo", _tsumo, 16, (".preview-yaku", ".preview-moves")),
    Kind("tsumo-with-chips", _tsumo_with_chips, 16, (".preview-chips", ".preview-moves")),
    Kind("draw", _draw, 12, (".preview-moves",)),
    Kind("abortive-draw", _abort, 12, ("#hand-preview h2",)),
    Kind("chonbo", _chonbo, 4, (".preview-moves .preview-penalty",)),
    Kind("dead-hand", _dead_hand, 16, (".dead-hand", ".preview-moves")),
    Kind("double-ron", _double_ron, 16, (".preview-win + .preview-win", ".preview-moves")),
]


def _session_page(live_server: Any) -> tuple[str, Any]:
    parlor = ParlorFactory(name="Layout Parlor")
    manager = member_of(parlor, Role.MANAGER, username="floor-manager")
    session = session_open(
        table=TableFactory(parlor=parlor, name="Table 1"),
        players=[PlayerFactory(parlor=parlor, name=n) for n in ("Aoi", "Ben", "Chie", "Dai")],
        ruleset_config=RulesetConfigFactory(parlor=parlor, ruleset_slug="speed-tonpuu"),
        rate=RateFactory(parlor=parlor),
        by=manager,
    )
    return f"{live_server.url}/admin/ledger/session/{session.pk}/change/", manager


def _faults_of_the_screen(driver: Any, kind: Kind) -> list[str]:
    faults = []
    shown = count_visible(driver, SEAT_BUTTONS)
    if shown != kind.seat_buttons:
        faults.append(f"{shown} seat buttons shown, {kind.seat_buttons} expected")
    for part in kind.shows:
        if not count_visible(driver, part):
            faults.append(f"the preview has no {part}")
    faults += control_faults(driver, CONTROLS)
    faults += line_faults(driver, PREVIEW_LINES)
    faults += one_line_faults(driver, "#hand-preview .preview-tiles")
    return faults


def _enter_and_look(driver: Any, page: str, kind: Kind, shot: str) -> list[str]:
    from selenium.common.exceptions import ElementClickInterceptedException

    driver.get(page)
    wait_for_console(driver)
    entered = []
    try:
        kind.enter(Counter(driver))
    except ElementClickInterceptedException as error:
        # A tap that lands on another element: what the staff would meet; the screen is
        # still looked at (and photographed) as it stands.
        entered.append(f"{kind.name}: a tap missed its button: {error.msg.splitlines()[0]}")
    wait_for_save(driver)
    wait_until(driver, lambda d: d.find_element("css selector", "#hand-preview h2"))
    driver.execute_script("document.activeElement && document.activeElement.blur();")
    screenshot(driver, shot)
    return entered + [f"{kind.name}: {fault}" for fault in _faults_of_the_screen(driver, kind)]


def test_every_seat_button_and_every_preview_line_is_in_view_for_a_hand_of_each_kind(
    viewport: tuple[str, Any], live_server: Any
) -> None:
    screen, driver = viewport
    page, manager = _session_page(live_server)
    sign_in(driver, live_server.url, manager)
    faults: list[str] = []
    for kind in KINDS:
        faults += _enter_and_look(driver, page, kind, f"layout-{kind.name}-{screen}")
    assert not faults, f"at the {screen}'s {VIEWPORTS[screen]}:\n" + "\n".join(faults)


@pytest.mark.parametrize("kind", [KINDS[2], KINDS[6]], ids=lambda kind: kind.name)
def test_the_same_in_japanese(
    kind: Kind, viewport: tuple[str, Any], live_server: Any
) -> None:
    screen, driver = viewport
    page, manager = _session_page(live_server)
    sign_in(driver, live_server.url, manager)
    driver.add_cookie({"name": "django_language", "value": "ja", "path": "/"})
    faults = _enter_and_look(driver, page, kind, f"layout-{kind.name}-{screen}-ja")
    assert "プレビュー" in driver.find_element("css selector", "#hand-preview h2").text
    assert not faults, f"at the {screen}'s {VIEWPORTS[screen]} in Japanese:\n" + "\n".join(faults)
