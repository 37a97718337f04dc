"""The preview names every line that moves points: base, honba on its own, sticks, penalties."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.test import Client

from engine_door.results import HandOutcome
from ledger.play.hands import hand_record
from tests.console.test_session_page import RON_POST
from tests.ledger.factories import PINFU_TANYAO, SessionFactory, draw
from words.hand_view import MoveView, hand_view

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


# Speed Tonpuu: seat 2 rons seat 3 on 3s after riichi, ippatsu, red 0p, a blue 7s, ura
# indicator 1m (one 2m held): 1 + 1 + 2 + 1 chips by cause, 5 from the discarder.
SPEED_RON_POST = {
    "hand-kind": "win",
    "hand-riichi": ["2"],
    "hand-discarder": "3",
    "hand-ura_indicators": "1m",
    "win0-winner": "2",
    "win0-hand": "234m406p678s345s88s",
    "win0-win_tile": "3s",
    "win0-ippatsu": "on",
    "win0-specials": ["blue_7s"],
    "_preview": "1",
}


def test_the_preview_shows_each_chip_cause_and_the_lines_add_up_to_the_hand(
    client_as: Callable[[str], Client], db: None
) -> None:
    session = SessionFactory(
        ruleset_config__ruleset_slug="speed-tonpuu", ruleset_config__game_options={}
    )
    names = [p.name for p in session.players.order_by("session_seats__seat")]

    response = client_as("staff").post(
        f"/admin/ledger/session/{session.pk}/hands/", SPEED_RON_POST
    )

    page = response.content.decode()
    preview = page[page.index('id="hand-preview"') :]
    rows = re.findall(r'<tr class="preview-chips">(.*?)</tr>', preview, re.S)
    texts = [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row)).strip() for row in rows]
    who = f"{names[3]} → {names[2]}"
    assert texts == [
        f"Red fives {who} 1 chip",
        f"Blue sevens {who} 2 chips",
        f"Ippatsu {who} 1 chip",
        f"Ura dora {who} 1 chip",
    ], texts
    view = response.context["preview_view"]
    result = response.context["preview"].result
    lines = view.wins[0].chip_lines
    # The chip lines are what the hand moves in chips; the points lines what it moves in points.
    assert sum(line.total for line in lines) == result["chips_delta"][2] == 5
    assert result["chips_delta"][3] == -5
    moved = [0, 0, 0, 0]  # the pot's lines ("table (sticks)") count for their seat only
    for move in view.moves:
        if move.payee in names:
            moved[names.index(move.payee)] += move.points
        if move.payer in names:
            moved[names.index(move.payer)] -= move.points
    assert moved == result["points_delta"]
