"""ledger.play.games.table_state: the dealer, round, honba, sticks and scores the engine left."""

from __future__ import annotations

from typing import Any

import engine
from engine_door.results import HandOutcome
from ledger.models import Session
from ledger.play.games import table_state
from tests.ledger.factories import draw, ron


def played(session: Session, hands: list[dict[str, Any]]) -> list[HandOutcome]:
    game = {
        "id": "t",
        "ruleset": session.ruleset_slug,
        "players": ["a", "b", "c", "d"],
        "hands": hands,
        "game_options": session.game_options,
    }
    result = engine.settle_game(game)
    assert result["ok"], result
    return [HandOutcome.from_json(hand) for hand in result["hands"]]


def passes(results: list[HandOutcome]) -> int:
    return sum(hand.deal_passed for hand in results)


def test_before_any_hand_the_table_is_east_1_at_the_starting_points() -> None:
    session = Session(ruleset_slug="riichi-standard", game_options={})
    state = table_state(session=session, last_result=None, deal_passes=0)
    assert (state.dealer, state.round_wind, state.round_hand) == (0, "E", 1)
    assert (state.honba, state.sticks) == (0, 0)
    assert state.scores == (25_000,) * 4


def test_four_passed_deals_make_south_1_and_a_kept_deal_adds_honba() -> None:
    session = Session(ruleset_slug="riichi-standard", game_options={})
    # Each dealer loses the deal: the next seat rons the one after it.
    hands = [ron((d + 1) % 4, (d + 2) % 4) for d in range(4)] + [draw(0, riichi=[0])]
    results = played(session, hands)

    south = table_state(session=session, last_result=results[3], deal_passes=passes(results[:4]))
    after_draw = table_state(session=session, last_result=results[4], deal_passes=passes(results))

    assert (south.dealer, south.round_wind, south.round_hand, south.honba) == (0, "S", 1, 0)
    # South 1's dealer, alone tenpai in riichi, keeps the deal: honba 1, one stick on the table.
    assert (after_draw.dealer, after_draw.round_wind, after_draw.round_hand) == (0, "S", 1)
    assert (after_draw.honba, after_draw.sticks) == (1, 1)
    assert sum(after_draw.scores) + 1000 * after_draw.sticks == 100_000
