"""Recorded money does not move when an engine default changes (issue 32, item 4).

A configuration and a session keep the complete option set they were created with
(``engine.complete_options``; migrations parlor 0007 and ledger 0019 wrote the
defaults of the day into the rows that held only overrides). So after a default
changes, every recorded figure stands, the audit's replay of a closed game (with
the options it was closed under) still agrees with what was paid, and an open game
goes on by the rules it started with.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import pytest
from django.contrib.auth.models import User

import engine
from engine.game import registry as game_registry
from engine.rulesets import registry as hand_registry
from ledger.books.audit import ledger_audit
from ledger.models import HandResult, Session, Settlement
from ledger.play.games import game_json
from ledger.settle.settlements import session_close
from tests.fixtures.sessions import Record
from tests.ledger.factories import SessionFactory, draw, ron

pytestmark = pytest.mark.django_db

GAME = (ron(1, 0, riichi=[1]), draw(2, riichi=[2]), draw(), draw())
SLUG = "riichi-standard"
CHANGED_GAME = {"uma": (30000, 10000, -10000, -30000), "return_points": 25000}


@contextmanager
def defaults_changed() -> Iterator[None]:
    """riichi-standard's uma and return points (game) and kiriage (hand) get new defaults,
    as a new engine release would give them."""
    entries = game_registry._entries()
    entry = entries[SLUG]
    options = tuple(
        replace(option, default=CHANGED_GAME[option.name]) if option.name in CHANGED_GAME
        else option
        for option in entry.options
    )  # fmt: skip
    base = hand_registry.get(SLUG)
    entries[SLUG] = replace(entry, options=options)
    game_registry._configured_once.cache_clear()
    game_registry._built.clear()
    hand_registry.register(base.derive(SLUG, base.doc, kiriage=True))
    try:
        yield
    finally:
        entries[SLUG] = entry
        game_registry._configured_once.cache_clear()
        game_registry._built.clear()
        hand_registry.register(base)


def _figures(session: Session) -> dict[str, Any]:
    hands = HandResult.objects.filter(session=session).order_by("pk")
    settled = Settlement.objects.filter(session=session).order_by("seat")
    return {
        "hands": [(hand.result, hand.game_state) for hand in hands],
        "money": [(row.points, row.chips, row.money, row.net_money) for row in settled],
    }


def test_a_session_keeps_every_option_it_was_opened_with() -> None:
    session = SessionFactory()  # its configuration sets only length: east

    hand, game = engine.complete_options(SLUG, {}, {"length": "east"})
    assert (session.ruleset_options, session.game_options) == (hand, game)
    assert session.game_options["uma"] == [20000, 10000, -10000, -20000]
    assert session.ruleset_options["kiriage"] is False
    assert session.ruleset_config.game_options == game


def test_changing_a_default_moves_no_recorded_figure_and_the_audit_agrees(
    manager: User, record: Record
) -> None:
    closed, open_ = SessionFactory(), SessionFactory()
    record(closed, *GAME)
    session_close(session=closed, by=manager)
    record(open_, *GAME[:2])
    before = {session.pk: _figures(session) for session in (closed, open_)}
    players = [f"p{seat}" for seat in range(4)]
    next_hand = engine.settle_game(
        game_json(session=open_, players=players, payloads=list(GAME[:3]))
    )["hands"][-1]

    with defaults_changed():
        # The change is real: a game of the overrides alone would now settle otherwise.
        assert engine.game.configure(SLUG, {"length": "east"}).placement_points != (
            engine.game.configure(SLUG, open_.game_options).placement_points
        )
        assert engine.rulesets.configure(SLUG, {}).kiriage
        report = ledger_audit()
        assert report.ok, report.lines()
        for session in (closed, open_):
            assert _figures(session) == before[session.pk]
        # The open game goes on by the rules it started with.
        (recorded,) = record(open_, GAME[2])
        assert recorded.result["transfers"] == next_hand["transfers"]
        assert recorded.result["scores"] == next_hand["scores"]
        assert ledger_audit().ok
