"""The picker offers the tiles of the session's rules: its tile set, red fives, special copies."""

from __future__ import annotations

from typing import Any

import pytest

from console.tile_picker import session_picker
from tests.ledger.factories import SessionFactory
from tests.parlor.factories import PlayerFactory, RulesetConfigFactory

pytestmark = pytest.mark.django_db

SUITED = {suit: "".join(f"{rank}{suit}" for rank in range(1, 10)) + f"0{suit}" for suit in "mps"}
HONOURS = "1z2z3z4z5z6z7z"


def _picker(slug: str, players: int, options: dict[str, Any] | None = None) -> Any:
    config = RulesetConfigFactory(ruleset_slug=slug, options=options or {})
    session = SessionFactory(
        parlor=config.parlor,
        ruleset_config=config,
        players=[PlayerFactory(parlor=config.parlor) for _ in range(players)],
    )
    picker = session_picker(session=session)
    rows = ["".join(tile.code for tile in row) for row in picker.rows]
    return rows, [tile.special for tile in picker.specials], picker.takes_nuki


def test_four_player_rules_offer_every_tile_and_the_red_fives() -> None:
    assert _picker("riichi-standard", 4) == (
        [SUITED["m"], SUITED["p"], SUITED["s"], HONOURS],
        [],
        False,
    )


def test_without_red_fives_none_is_offered() -> None:
    rows, _, _ = _picker("riichi-standard", 4, {"aka": False})
    assert rows[:3] == [SUITED[suit].removesuffix(f"0{suit}") for suit in "mps"]


def test_three_player_sets_leave_out_the_manzu_they_do_not_play() -> None:
    assert _picker("tenhou-sanma", 3)[0][0] == "1m9m"
    assert _picker("toutenkou", 3)[0][0] == "1m5m9m0m"
    assert _picker("toutenkou", 3)[2] is True  # gari set aside: nuki


def test_speed_tonpuu_offers_its_special_copies() -> None:
    _, specials, _ = _picker("speed-tonpuu", 4)
    assert specials == [
        "blue_7m",
        "blue_7p",
        "blue_7s",
        "gold_5p",
        "pocchi_5z",
        "pocchi_6z",
        "pocchi_7z",
    ]
