"""A ruleset's new yaku needs its declaration (and its test), nothing else.

docs/architecture.md, "Where each kind of change goes": a yaku of a ruleset is
declared in the ruleset's ``yaku.py`` with its titles and put in its table. Here
a yaku no ruleset has is put in Speed Tonpuu's table, as that file would, and
followed to every place people see it: the engine scores it in table order, the
labels, the admin's session page and the API name it, with no entry in
``words/labels.py`` or the catalogue.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

import engine
from engine.hand.arrangement import Arrangement
from engine.hand.context import HandContext
from engine.rulesets.registry import register
from engine.rulesets.speed_tonpuu.ruleset import SPEED_TONPUU
from engine.yaku.base import Yaku
from ledger.models import Session
from ledger.play.engine_results import hand_outcome
from ledger.play.hands import hand_record
from parlor.services.roles import ROLE_MANAGER
from tests.api.support import RoleClients, api_as, post_hand, role_groups
from tests.engine.rulesets.speed_tonpuu.speed import speed_record
from tests.ledger.factories import SessionFactory, UserFactory, ron
from tests.parlor.factories import house_member
from words import labels
from words.hand_view import YakuLine, hand_view

__all__ = ["api_as", "role_groups"]  # the API's fixtures, used here too

TWO_P, EIGHT_P = 10, 16  # tile kinds: 1m..9m are 0..8, 1p..9p 9..17


def _twos_and_eights(a: Arrangement, c: HandContext) -> bool:
    return TWO_P in a.pairs and EIGHT_P in a.triplets


# Declared as a ruleset's yaku.py declares one: name, values, predicate, titles.
NIHACHI = Yaku(
    "nihachi", 1, 1, _twos_and_eights,
    doc="a pair of 2p beside a triplet of 8p", title="Two and eight", title_ja="二八",
)  # fmt: skip
# All simples with the 2p pair and the 8p triplet: tanyao, then the new yaku.
RECORD = {"hand": "234m567s888p345s22p", "win_tile": "3s"}


def _with_nihachi(table: tuple[Yaku, ...]) -> tuple[Yaku, ...]:
    at = [y.name for y in table].index("tanyao") + 1
    return (*table[:at], NIHACHI, *table[at:])


@pytest.fixture
def nihachi() -> Iterator[None]:
    """Speed Tonpuu with the new yaku in its table, for this test only."""
    register(SPEED_TONPUU.replace(yaku=_with_nihachi(SPEED_TONPUU.yaku)))
    labels.declared_yaku.cache_clear()  # read once per process, as at start-up
    yield
    register(SPEED_TONPUU)
    labels.declared_yaku.cache_clear()


def _score() -> dict[str, Any]:
    out = engine.score(speed_record(RECORD["hand"], RECORD["win_tile"]))
    assert out["ok"], out
    return out


def test_the_new_yaku_scores_in_its_place_in_the_table(nihachi: None) -> None:
    out = _score()
    assert out["yaku"] == [{"name": "tanyao", "han": 1}, {"name": "nihachi", "han": 1}]
    assert out["han"] == 2


def test_without_it_the_same_hand_has_only_tanyao() -> None:
    assert [y["name"] for y in _score()["yaku"]] == ["tanyao"]


def test_its_titles_come_from_its_declaration_not_from_a_label(nihachi: None) -> None:
    assert "nihachi" not in labels.YAKU
    with translation.override("en"):
        assert labels.yaku_label("nihachi") == "Two and eight"
    with translation.override("ja"):
        assert labels.yaku_label("nihachi") == "二八"


def _speed_session() -> Session:
    return SessionFactory(
        ruleset_config__ruleset_slug="speed-tonpuu", ruleset_config__game_options={}
    )


def test_the_ledger_stores_it_and_the_admin_shows_its_title(
    nihachi: None, client_as: Callable[[str], Client], db: None
) -> None:
    session = _speed_session()
    user = house_member(UserFactory(username="nihachi"), ROLE_MANAGER)
    hand = hand_record(session=session, hand=ron(1, 0, record=RECORD), entered_by=user)

    view = hand_view(payload=hand.payload, result=hand_outcome(hand), names=list("ABCD"))
    assert view.wins[0].yaku == [YakuLine("Tanyao", "1 han"), YakuLine("Two and eight", "1 han")]
    page = client_as("staff").get(f"/admin/ledger/session/{session.pk}/change/")
    assert page.status_code == 200
    assert "Two and eight" in page.content.decode()


def test_the_api_answers_with_it(nihachi: None, api_as: RoleClients) -> None:
    session = _speed_session()
    hand = ron(1, 0, record=RECORD)
    response = post_hand(api_as("staff"), f"/api/sessions/{session.pk}/hands/", hand)
    assert response.status_code == 201, response.json()
    score = response.json()["result"]["wins"][0]["score"]
    assert score["yaku"] == [{"name": "tanyao", "han": 1}, {"name": "nihachi", "han": 1}]
