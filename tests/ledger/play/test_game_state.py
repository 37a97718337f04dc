"""The game state kept with each hand equals a replay from the first hand.

A hand is settled from the state stored with the last live hand
(``HandResult.game_state``) instead of replaying the session, so that state
must be exactly the engine's after the hands before it, through corrections
too; the audit replays from scratch and names a stored state that differs.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine_door import games
from ledger.books.audit import GAME_STATE_DIFFERS, ledger_audit
from ledger.errors import LedgerError
from ledger.models import HandResult, Session
from ledger.play.corrections import hand_amend, hand_void
from ledger.play.games import game_json
from ledger.play.hands import hand_record
from ledger.play.session_selectors import session_live_hands
from tests.database import tampering, tampers
from tests.engine.game.test_properties import _hand
from tests.ledger.factories import SessionFactory, draw, ron

pytestmark = pytest.mark.django_db


def _replayed_states(session: Session) -> list[dict[str, Any]]:
    live = list(session_live_hands(session=session))
    players = [seat.player.member_number for seat in session.seats.order_by("seat")]
    game = game_json(session=session, players=players, payloads=[h.payload for h in live])
    replay = engine.settle_game({**game, "states": True})
    assert replay["ok"], replay
    return list(replay["states"])


def _stored_states(session: Session) -> list[dict[str, Any] | None]:
    return [hand.game_state for hand in session_live_hands(session=session)]


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_the_stored_state_of_every_live_hand_equals_a_full_replay(
    data: st.DataObject, staff: User, manager: User
) -> None:
    session = SessionFactory()
    table: dict[str, Any] = {"scores": [25000] * 4, "dealer_after": 0}
    for _ in range(data.draw(st.integers(1, 10), label="hands")):
        try:
            recorded = hand_record(
                session=session, hand=_hand(data, "riichi-standard", table), entered_by=staff
            )
        except LedgerError:  # the engine refuses a drawn hand (after the end, say)
            continue
        table = recorded.result
        live = list(session_live_hands(session=session))
        if len(live) > 1 and data.draw(st.integers(0, 4), label="correct") == 0:
            target = data.draw(st.sampled_from(live), label="target")
            try:
                if data.draw(st.booleans(), label="void"):
                    hand_void(hand=target, reason="wrong table", by=manager)
                else:
                    hand_amend(hand=target, payload=draw(0), reason="was a draw", by=manager)
            except LedgerError:  # the corrected game does not settle
                pass
            live = list(session_live_hands(session=session))
            table = live[-1].result if live else {"scores": [25000] * 4, "dealer_after": 0}

    assert _stored_states(session) == _replayed_states(session)
    report = ledger_audit(session_ids=[session.pk])
    assert GAME_STATE_DIFFERS not in {finding.check for finding in report.findings}


def test_a_hand_is_settled_alone_whatever_the_session_length(
    staff: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = SessionFactory()
    for _ in range(39):
        hand_record(session=session, hand=draw(0, 1, 2, 3), entered_by=staff)
    sent: list[int] = []
    real = games.settle_typed

    def counting(game: dict[str, Any]) -> Any:
        sent.append(len(game["hands"]))
        return real(game)

    monkeypatch.setattr(games, "settle_typed", counting)

    fortieth = hand_record(session=session, hand=ron(1, 0, riichi=[1]), entered_by=staff)

    assert sent == [1]
    assert fortieth.ordinal == 40
    assert fortieth.game_state == _replayed_states(session)[-1]


@tampers
def test_a_session_whose_last_hand_has_no_state_is_replayed(staff: User) -> None:
    session = SessionFactory()
    first = hand_record(session=session, hand=ron(1, 0), entered_by=staff)
    with tampering(HandResult):  # as a hand recorded before states were kept
        HandResult.objects.filter(pk=first.pk).update(game_state=None)

    second = hand_record(session=session, hand=draw(0), entered_by=staff)

    assert second.game_state == _replayed_states(session)[-1]


@tampers
def test_the_audit_names_a_stored_state_that_differs_from_the_replay(staff: User) -> None:
    session = SessionFactory()
    hand = hand_record(session=session, hand=ron(1, 0), entered_by=staff)
    wrong = {**hand.game_state, "honba": 3}
    with tampering(HandResult):
        HandResult.objects.filter(pk=hand.pk).update(game_state=wrong)

    report = ledger_audit(session_ids=[session.pk])

    found = [f for f in report.findings if f.check == GAME_STATE_DIFFERS]
    assert [f.subject for f in found] == [f"session {session.pk} hand 1 v1"]
    assert found[0].details["fields"] == ["honba"]
    assert found[0].details["stored"] == {"honba": 3}
