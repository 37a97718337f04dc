"""What a statement shows besides totals (#16): penalties, ura indicators, a chosen language."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from ledger.settle.closing import session_close_once
from parlor.services.preferences import user_language_set
from reports.models import ExportJob
from reports.scope import window_of
from reports.services import ExportRequestError, export_request
from reports.statements import statement_html
from tests.api.support import RoleClients
from tests.ledger.factories import PINFU_TANYAO, chonbo, parlor_manager, ron
from tests.ledger.tasks.support import GAME, finished_session

pytestmark = pytest.mark.django_db

WITH_INDICATORS = {**PINFU_TANYAO, "dora_indicators": "1z", "ura_indicators": "9p"}


def closed(staff: User, hands: tuple[dict, ...]) -> ExportJob:
    session = finished_session(by=staff, hands=hands)
    session_close_once(session_id=session.pk, by=parlor_manager(session.parlor))
    return session


def player_statement(session, seat: int, staff: User, **asked: str) -> tuple[str, ExportJob]:
    player = session.seats.get(seat=seat).player
    job = export_request(
        kind="statements", scope="player", format="pdf", parlor=session.parlor, player=player,
        by=staff, **asked,
    )  # fmt: skip
    return statement_html(window=window_of(job), player=player, language=job.language), job


def test_a_statement_lists_the_players_penalties_with_what_each_cost(staff: User) -> None:
    session = closed(staff, (chonbo(3), *GAME))

    html, _job = player_statement(session, 3, staff)
    others, _ = player_statement(session, 1, staff)

    start = html.index('id="penalties"')
    section = html[start : html.index("</section>", start)]
    assert "chonbo" in section.lower() and "<td>1</td>" in section  # hand 1
    # A non-dealer's chonbo: a mangan tsumo in reverse, 2,000 + 2,000 + 4,000.
    assert '<td class="n">-8,000</td>' in section
    assert "No penalty in these days." in others


def test_a_win_is_drawn_with_its_dora_and_ura_indicators(staff: User) -> None:
    game = (ron(1, 0, record=WITH_INDICATORS, riichi=[1]), *GAME[1:])
    session = closed(staff, game)

    html, _job = player_statement(session, 1, staff)

    assert "ura indicators" in html
    wins = html[html.index('class="wins"') :]
    assert 'alt="9p"' in wins and 'alt="1z"' in wins


def test_the_language_is_chosen_when_printing_and_defaults_to_the_players(staff: User) -> None:
    session = closed(staff, GAME)
    player = session.seats.get(seat=1).player
    player.user = User.objects.create_user("member-ja")
    player.save(update_fields=["user"])
    user_language_set(user=player.user, language="ja")

    default, _ = player_statement(session, 1, staff)
    english, job = player_statement(session, 1, staff, language="en")

    assert "明細" in default
    assert "Statement" in english and "明細" not in english
    assert job.language == "en"


def test_an_unknown_language_is_refused_naming_the_field(staff: User) -> None:
    session = closed(staff, GAME)
    with pytest.raises(ExportRequestError) as refused:
        player_statement(session, 1, staff, language="xx")
    assert refused.value.field == "language"


def test_the_api_takes_the_language_and_shows_it_on_the_job(
    staff: User, api_as: RoleClients
) -> None:
    session = closed(staff, GAME)
    player = session.seats.get(seat=1).player
    body = {"kind": "statements", "scope": "player", "format": "pdf", "player": player.pk,
            "language": "ja"}  # fmt: skip

    response = api_as("manager").post("/api/exports/", body, format="json")
    bad = api_as("manager").post("/api/exports/", {**body, "language": "xx"}, format="json")

    assert response.status_code == 202, response.content
    assert response.json()["language"] == "ja"
    assert bad.status_code == 400 and "language" in bad.content.decode()
