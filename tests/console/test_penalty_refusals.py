"""Penalties on the console: the ruleset's causes only, refusals in the user's words (issue 15)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from ledger.models import HandResult, Session
from tests.console.test_session_page import RON_POST
from tests.ledger.factories import PINFU_TANYAO, SessionFactory

INTERNAL = ("false_ron", "false_riichi", "taahai", "'dead'", "speed-tonpuu", "seat 1", "dead_hand")


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    # A request in Japanese leaves its language active in the thread: not for the next test.
    yield
    translation.activate("en")


def speed_tonpuu() -> Session:
    return SessionFactory(
        ruleset_config__ruleset_slug="speed-tonpuu", ruleset_config__game_options={}
    )


def manager_client(role_user: Callable[[str], Any], language: str) -> Client:
    from parlor.services.preferences import user_language_set

    user = role_user("manager")
    user_language_set(user=user, language=language)
    client = Client()
    client.force_login(user)
    return client


def errors_of(page: str) -> list[str]:
    lists = re.findall(r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>', page, re.S)
    return [re.sub(r"<[^>]+>", "", item).strip() for item in lists]


def test_the_chonbo_form_offers_only_the_causes_the_ruleset_takes(
    role_user: Callable[[str], Any], db: None
) -> None:
    session = speed_tonpuu()
    client = manager_client(role_user, "en")

    response = client.get(f"/admin/ledger/session/{session.pk}/change/")

    hand = response.context["entry"].hand
    chonbo = [value for value, _label in hand.fields["chonbo_cause"].choices]
    dead = [value for value, _label in hand.fields["dead_cause"].choices]
    # Speed Tonpuu: a false ron is a dead hand, a false pon not corrected a chonbo.
    assert "false_ron" not in chonbo and "false_pon" in chonbo and "other" in chonbo
    assert "false_ron" in dead and "false_pon" not in dead
    page = response.content.decode()
    assert 'data-field="hand-chonbo_cause" data-value="false_ron"' not in page
    assert 'data-field="hand-chonbo_cause" data-value="false_pon"' in page


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("ja", "和了放棄なので和了できません"),
        ("en", "has a dead hand and cannot win"),
    ],
)
def test_a_refusal_speaks_the_users_language_naming_the_player_never_internal_codes(
    role_user: Callable[[str], Any], db: None, language: str, expected: str
) -> None:
    session = speed_tonpuu()
    client = manager_client(role_user, language)
    winner = session.players.order_by("session_seats__seat")[1].name
    post = {
        "hand-kind": "win",
        "hand-discarder": "3",
        "hand-dead": ["1"],
        "hand-dead_cause": "false_ron",
        "win0-winner": "1",
        "win0-hand": PINFU_TANYAO["hand"],
        "win0-win_tile": PINFU_TANYAO["win_tile"],
        "_preview": "1",
    }

    response = client.post(f"/admin/ledger/session/{session.pk}/hands/", post)

    assert response.status_code == 200 and response.context["preview"] is None
    errors = " ".join(errors_of(response.content.decode()))
    assert expected in errors and winner in errors, errors
    assert not [code for code in INTERNAL if code in errors], errors
    assert HandResult.objects.count() == 0


def test_a_chonbo_cause_the_ruleset_makes_a_dead_hand_is_refused_in_japanese(
    role_user: Callable[[str], Any], db: None
) -> None:
    session = speed_tonpuu()
    client = manager_client(role_user, "ja")
    post = {"hand-kind": "chonbo", "hand-offender": "2", "hand-chonbo_cause": "false_ron"}

    response = client.post(f"/admin/ledger/session/{session.pk}/hands/", {**post, "_preview": "1"})

    errors = " ".join(errors_of(response.content.decode()))
    # The form itself no longer offers it: Django's own refusal, in Japanese.
    assert errors and not [code for code in INTERNAL if code in errors], errors
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", errors), errors


@pytest.mark.parametrize(
    ("change", "field", "expected"),
    [
        ({"hand-discarder": "2"}, "discarder", "和了者なので放銃者にはなれません"),
        ({"win0-win_tile": "9m"}, "win_tile", "和了牌九萬（9m）が手牌にありません"),
        ({"win0-ippatsu": "on"}, "ippatsu", "一発には立直が必要です"),
        ({"win0-hand": "234m345p456s11188s"}, "hand", "役がありません"),
    ],
    ids=["discarder_is_winner", "win_tile_not_in_hand", "ippatsu_without_riichi", "no_yaku"],
)
def test_a_refusal_of_the_tiles_names_the_winner_in_japanese(
    role_user: Callable[[str], Any], db: None, change: dict[str, str], field: str, expected: str
) -> None:
    session = SessionFactory()
    client = manager_client(role_user, "ja")
    chie = session.players.order_by("session_seats__seat")[2].name
    post = {**RON_POST, "hand-riichi": [], **change, "_preview": "1"}

    response = client.post(f"/admin/ledger/session/{session.pk}/hands/", post)

    entry = response.context["entry"]
    form = entry.hand if field == "discarder" else entry.wins[0]
    errors = " ".join(str(e) for e in form.errors.get(field, []))
    assert expected in errors and chie in errors, (errors, entry.non_field_errors)
    assert not re.search(r"[A-Za-z_]{4,}", errors.replace(chie, "")), errors


@pytest.mark.parametrize(
    ("post", "field", "expected"),
    [
        (
            {
                "hand-kind": "abort",
                "hand-abort_cause": "kyuushuu_kyuuhai",
                "hand-caller": "2",
                "hand-riichi": ["2"],
            },
            "caller",
            "九種九牌を宣言したので、立直はしていないはずです",
        ),
        (
            {"hand-kind": "draw", "hand-tenpai": ["1"], "hand-dealer_passes": "on"},
            "dealer_passes",
            "和了または聴牌した親だけです",
        ),
    ],
    ids=["kyuushuu_caller_in_riichi", "dealer_may_not_pass"],
)
def test_a_refusal_of_a_draw_or_abort_is_said_in_japanese(
    role_user: Callable[[str], Any], db: None, post: dict[str, Any], field: str, expected: str
) -> None:
    session = SessionFactory()
    client = manager_client(role_user, "ja")

    response = client.post(f"/admin/ledger/session/{session.pk}/hands/", {**post, "_preview": "1"})

    entry = response.context["entry"]
    errors = " ".join(str(e) for e in entry.hand.errors.get(field, []))
    assert expected in errors, (errors, entry.non_field_errors)
