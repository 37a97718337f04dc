"""ledger.play.engine_results: the engine's game JSON read once into typed objects, and back.

The stored form of a hand is the engine's JSON (``HandResult.result``), so the typed
objects must give it back key for key: from random games of every kind of ruleset
(points in thousands with chips, Toutenkou's points and nagashi), from sessions played
through the ledger's services, and from a closed session's settlement. A final test
keeps the rest of the ledger from reading an engine result by its keys again.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
import ledger
from engine_door.results import HandOutcome, SettledGame
from ledger.errors import LedgerError
from ledger.models import HandResult, Settlement
from ledger.play.engine_results import hand_outcome, stored_key
from ledger.play.hands import hand_preview, hand_record
from ledger.settle.settlements import session_close
from parlor.services.roles import ROLE_MANAGER
from tests.engine.game import test_properties as standard_games
from tests.engine.rulesets.toutenkou import test_properties as toutenkou_games
from tests.ledger.factories import SessionFactory, UserFactory, ron, tsumo
from tests.ledger.test_invariants import hands
from tests.parlor.factories import house_member


def _round_trips(game: dict[str, Any]) -> SettledGame:
    out = engine.settle_game({**game, "states": True})
    assert out["ok"], out
    typed = SettledGame.from_engine(out)
    assert typed.to_json() == out
    for hand, outcome in zip(out["hands"], typed.hands, strict=True):
        assert HandOutcome.from_json(hand) == outcome
        assert outcome.to_json() == hand
    return typed


@settings(max_examples=30, deadline=None)
@given(data=st.data(), ruleset_options=standard_games.GAME_OPTIONS)
def test_random_standard_and_speed_tonpuu_games_round_trip(
    data: st.DataObject, ruleset_options: tuple[str, dict[str, Any]]
) -> None:
    ruleset, options = ruleset_options
    typed = _round_trips(standard_games._random_game(data, ruleset, options))
    # Integers stay integers: the books are kept in them.
    for outcome in typed.hands:
        assert all(type(v) is int for v in (*outcome.scores, *outcome.chips, outcome.honba_after))
        assert all(type(line.points) is int for line in outcome.transfers)
    if typed.final is not None:
        assert all(type(chips.total) is int for chips in typed.final.chips)
        assert sorted(typed.final.placements) == [1, 2, 3, 4]


@settings(max_examples=30, deadline=None)
@given(data=st.data(), options=toutenkou_games.GAME_OPTIONS)
def test_random_toutenkou_games_round_trip(data: st.DataObject, options: dict[str, Any]) -> None:
    typed = _round_trips(toutenkou_games._random_game(data, options))
    for outcome in typed.hands:
        for win in outcome.wins:
            # Toutenkou scores in points: each yaku names them, the score adds them up.
            assert win.score.han is None
            if win.score.special is None:
                assert win.score.points == sum(y.value for y in win.score.yaku)


@pytest.mark.django_db
@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(played=st.lists(hands(), min_size=1, max_size=10))
def test_every_stored_result_of_a_played_session_round_trips(
    played: list[dict[str, Any]],
) -> None:
    with transaction.atomic():
        session = SessionFactory()
        user = house_member(UserFactory(username="round-trip"), ROLE_MANAGER)
        for payload in played:
            try:
                hand_record(session=session, hand=payload, entered_by=user)
            except LedgerError:
                continue  # a hand the engine refuses is not stored
        for hand in HandResult.objects.filter(session=session):
            assert hand_outcome(hand).to_json() == hand.result
        transaction.set_rollback(True)


@pytest.mark.django_db
def test_a_preview_shows_the_outcome_as_it_will_be_stored() -> None:
    session = SessionFactory()
    user = house_member(UserFactory(username="preview-round-trip"), ROLE_MANAGER)
    hand_record(session=session, hand=ron(1, 0, riichi=[1]), entered_by=user)
    preview = hand_preview(session=session, hand=tsumo(2))
    hand = hand_record(session=session, hand=tsumo(2), entered_by=user)
    assert preview.result == hand.result
    assert preview.outcome == hand_outcome(hand)
    assert preview.outcome.wins[0].tsumo and preview.outcome.wins[0].winner == 2


@pytest.mark.django_db
def test_a_closed_sessions_settlement_keeps_the_engines_final_chips() -> None:
    session = SessionFactory()
    user = house_member(UserFactory(username="close-round-trip"), ROLE_MANAGER)
    # East only: each dealer loses the deal, the fourth hand ends the game.
    for dealer in range(4):
        hand_record(session=session, hand=ron((dealer + 1) % 4, dealer), entered_by=user)
    rows = session_close(session=session, by=user)
    out = engine.settle_game(
        {
            "id": "replay",
            "ruleset": session.ruleset_slug,
            "game_options": session.game_options,
            "players": ["a", "b", "c", "d"],
            "hands": [hand.payload for hand in HandResult.objects.filter(session=session)],
        }
    )
    final = SettledGame.from_engine(out).final
    assert final is not None
    by_seat = {row.seat: row for row in Settlement.objects.filter(pk__in=[r.pk for r in rows])}
    for seat, chips in enumerate(final.chips):
        assert by_seat[seat].chips_detail == out["final"]["chips"][seat] == chips.to_json()
        assert by_seat[seat].placement == final.shared_places[seat]


def test_a_stored_key_lookup_names_a_key_the_engine_writes() -> None:
    assert stored_key("dealer_after") == "result__dealer_after"
    with pytest.raises(ValueError, match="no key 'dealer_afer'"):
        stored_key("dealer_afer")


# Keys only an engine result has (docs/game-format.md, "Output"): a hand's, the final's,
# the game's. A hand's input shares ``kind``, ``wins``, ``riichi`` ... and is read freely.
RESULT_KEYS = (
    "transfers", "deposits", "game_ends", "dealer_after", "honba_after", "sticks_after",
    "points_delta", "chips_delta", "scores", "score", "final", "finished", "states",
    "leftover_sticks", "placements", "placement", "shared_places",
)  # fmt: skip
KEY_READ = re.compile(r"""(\[\s*["']|\.get\(\s*["']|result__)(""" + "|".join(RESULT_KEYS) + r")\b")
LEDGER = Path(ledger.__file__).parent
RESULTS_MODULE = LEDGER / "play" / "engine_results.py"


def test_no_ledger_module_but_the_results_module_reads_an_engine_result_by_key() -> None:
    found = [
        f"{path.relative_to(LEDGER.parent)}:{number}: {line.strip()}"
        for path in sorted(LEDGER.rglob("*.py"))
        if path != RESULTS_MODULE and "migrations" not in path.parts
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if KEY_READ.search(line)
    ]
    assert found == [], "read engine results through ledger/play/engine_results.py:\n" + "\n".join(
        found
    )


def test_the_key_check_catches_the_reads_it_forbids() -> None:
    # The shapes the ledger used to read results in, each caught.
    for line in (
        'for line in result["transfers"]:',
        "leftover = final['leftover_sticks']",
        'ends = self.result.get("game_ends", [])',
        'KT("result__dealer_after")',
        '.values_list("pk", "result__dealer_after")',
    ):
        assert KEY_READ.search(line), line
    assert not KEY_READ.search('payload.get("wins")')
    assert not KEY_READ.search("[score for score in outcome.scores]")
