"""The preview names every line that moves points: base, honba on its own, sticks, penalties."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.test import Client

from ledger.admin.display import MoveView, hand_view
from ledger.engine_results import HandOutcome
from ledger.services.hands import hand_record
from tests.ledger.admin.test_session_page import RON_POST
from tests.ledger.factories import PINFU_TANYAO, SessionFactory, draw

NAMES = ["Aki", "Ben", "Chie", "Dai"]


def test_a_ron_at_one_honba_shows_the_base_and_the_honba_apart() -> None:
    # Seat 2 rons seat 3 for 2,600 at one honba (300), taking seat 1's and its own stick.
    result = {
        "dealer": 0,
        "honba": 1,
        "transfers": [{"from": 3, "to": 2, "points": 2900, "chips": 0, "reason": "ron"}],
        "deposits": [
            {"seat": 1, "points": -1000, "reason": "riichi"},
            {"seat": 2, "points": -1000, "reason": "riichi"},
            {"seat": 2, "points": 2000, "reason": "sticks"},
        ],
        "wins": [
            {
                "winner": 2,
                "discarder": 3,
                "pao": None,
                "score": {"han": 2, "fu": 40, "payment": {"ron": 2600}, "total": 4900},
            }
        ],
    }
    payload = {"kind": "win", "wins": [{"winner": 2, "discarder": 3, "record": PINFU_TANYAO}]}

    view = hand_view(payload=payload, result=HandOutcome.from_json(result), names=NAMES)

    assert view.moves[:2] == [
        MoveView("Dai", "Chie", 2600, 0, "Ron"),
        MoveView("Dai", "Chie", 300, 0, "Honba"),
    ]
    assert [(m.payer, m.payee, m.points, m.reason) for m in view.moves[2:]] == [
        ("Ben", "table (sticks)", 1000, "Riichi stick"),
        ("Chie", "table (sticks)", 1000, "Riichi stick"),
        ("table (sticks)", "Chie", 2000, "Sticks taken"),
    ]
    win = view.wins[0]
    assert (win.payment, win.honba, win.sticks, win.total) == ("Ron 2,600", 300, 2000, 4900)


def test_a_tsumo_splits_each_payers_honba() -> None:
    # Non-dealer tsumo 700/1,300 at two honba: 200 more from each payer.
    result = {
        "dealer": 0,
        "transfers": [
            {"from": 0, "to": 1, "points": 1500, "chips": 0, "reason": "tsumo"},
            {"from": 2, "to": 1, "points": 900, "chips": 0, "reason": "tsumo"},
            {"from": 3, "to": 1, "points": 900, "chips": 0, "reason": "tsumo"},
        ],
        "deposits": [],
        "wins": [
            {
                "winner": 1,
                "discarder": None,
                "pao": None,
                "score": {
                    "payment": {"tsumo_dealer": 1300, "tsumo_non_dealer": 700},
                    "total": 3300,
                },
            }
        ],
    }

    view = hand_view(payload={"kind": "win"}, result=HandOutcome.from_json(result), names=NAMES)

    assert [(m.payer, m.points, m.reason) for m in view.moves] == [
        ("Aki", 1300, "Tsumo"),
        ("Aki", 200, "Honba"),
        ("Chie", 700, "Tsumo"),
        ("Chie", 200, "Honba"),
        ("Dai", 700, "Tsumo"),
        ("Dai", 200, "Honba"),
    ]
    assert view.wins[0].honba == 600


def test_the_preview_page_shows_honba_as_its_own_line(
    client_as: Callable[[str], Client], staff: Any, db: None
) -> None:
    session = SessionFactory()
    # The dealer tenpai alone: the dealer stays, one honba on the next hand.
    hand_record(session=session, hand=draw(0), entered_by=staff)
    post = {**RON_POST, "hand-riichi": [], "_preview": "1"}

    response = client_as("staff").post(f"/admin/ledger/session/{session.pk}/hands/", post)

    page = response.content.decode()
    preview = page[page.index('id="hand-preview"') :]
    moves = [(m.points, m.reason) for m in response.context["preview_view"].moves]
    assert moves == [(2000, "Ron"), (300, "Honba")], moves
    assert "Ron 2,000" in preview and 'class="preview-honba"' in preview
    assert "+300" in preview


def test_the_preview_names_a_dead_hand_and_the_noten_payments_it_brings(
    client_as: Callable[[str], Client], db: None
) -> None:
    session = SessionFactory()
    chie = session.players.order_by("session_seats__seat")[2].name
    post = {
        "hand-kind": "draw",
        "hand-tenpai": ["0"],
        "hand-dead": ["2"],
        "hand-dead_cause": "taahai",
        "_preview": "1",
    }

    response = client_as("manager").post(f"/admin/ledger/session/{session.pk}/hands/", post)

    page = response.content.decode()
    preview = page[page.index('id="hand-preview"') :]
    assert f"{chie}: dead hand (Taahai (too many tiles))" in preview
    reasons = {m.reason for m in response.context["preview_view"].moves}
    assert reasons == {"Noten payment"}, reasons
