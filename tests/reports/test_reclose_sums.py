"""After a correction re-opens a closed session and it is closed again, every view agrees.

The API's balances and settlements, the admin's Settlements list, the CSV
and XLSX exports and the PDF statement each give every player the same net
money, which is the money on their account in the books (the entries): the
first close is superseded and counted nowhere.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from ledger.books.balances import player_balance
from ledger.models import Correction, HandResult, Session, Settlement
from ledger.play.corrections import hand_amend
from ledger.settle.settlement_selectors import live_settlements, superseded_settlements
from ledger.settle.settlements import session_close
from parlor.services.roles import ROLE_MANAGER, roles_sync
from reports.scope import window_of
from reports.sources import summary_sheet
from tests.api.support import RoleClients
from tests.ledger.factories import UserFactory, ron
from tests.ledger.tasks.support import NET
from tests.parlor.factories import house_member
from tests.reports.support import closed_session, require_pdf
from tests.reports.test_files import csv_rows, pdf_text, run, xlsx_sheets
from words.money import money_text

pytestmark = pytest.mark.django_db


def reclosed(staff: User, manager: User) -> Session:
    """GAME closed, hand 1 amended (another winner), closed again."""
    session = closed_session(by=staff)
    first = HandResult.objects.get(session=session, ordinal=1)
    hand_amend(hand=first, payload=ron(2, 0), reason="wrong winner", by=manager)
    session_close(session=session, by=manager)
    session.refresh_from_db()
    return session


def books(session: Session) -> dict[str, int]:
    """Each seated player's money on their account (the sum of the entries)."""
    return {
        seat.player.member_number: player_balance(player=seat.player).money
        for seat in session.seats.select_related("player")
    }


def admin_client() -> Client:
    groups = roles_sync()
    user = UserFactory(username="books-manager", is_staff=True)
    user.groups.set([groups[ROLE_MANAGER]])
    house_member(user, ROLE_MANAGER)  # a manager of the test's parlors
    client = Client()
    client.force_login(user)
    return client


def admin_rows(client: Client, **query: str) -> list[Settlement]:
    response = client.get("/admin/ledger/settlement/", query)
    assert response.status_code == 200
    return list(response.context["cl"].result_list)


def test_every_view_sums_to_the_same_money_after_correct_and_reclose(
    staff: User, manager: User, api_as: RoleClients
) -> None:
    session = reclosed(staff, manager)
    expected = books(session)
    assert sorted(expected.values()) != sorted(NET)  # the correction changed the money
    assert sum(expected.values()) == -4 * 500  # four fees, nothing else leaves the players

    live = {row.player.member_number: row.net_money for row in live_settlements()}
    assert live == expected
    assert superseded_settlements().count() == 4

    api = api_as("manager")
    balances = api.get("/api/balances/").json()["results"]
    assert {row["member_number"]: row["money"] for row in balances} == expected
    settlements = api.get("/api/settlements/").json()["results"]
    assert len(settlements) == 4
    assert {row["member_number"]: row["net_money"] for row in settlements} == expected

    client = admin_client()
    listed = admin_rows(client)
    assert len(listed) == 4
    assert {row.player.member_number: row.net_money for row in listed} == expected

    csv_settlements = csv_rows(run(session, staff, kind="settlements", format="csv"))
    assert {row["member_number"]: int(row["net_money"]) for row in csv_settlements} == expected
    xlsx_job = run(session, staff, kind="settlements", format="xlsx")
    sheets: dict[str, list[dict[str, Any]]] = xlsx_sheets(xlsx_job)
    assert {row["member_number"]: row["net_money"] for row in sheets["Settlements"]} == expected
    summary = summary_sheet(window_of(xlsx_job))  # the day report's first sheet
    net = summary.header.index("net_money")
    assert {row[0]: row[net] for row in summary.rows()} == expected


def test_the_statement_counts_only_the_live_close(staff: User, manager: User) -> None:
    require_pdf()
    session = reclosed(staff, manager)
    expected = books(session)
    for seat in session.seats.select_related("player"):
        member = seat.player.member_number
        job = run(
            session, staff, kind="statements", format="pdf", scope="player", player=seat.player
        )
        with job.file.open("rb") as file:
            text = pdf_text(file.read())
        totals = text[text.index("Totals") : text.index("Games")]
        assert "games 1 " in totals  # one game: the re-close, not the superseded close
        assert f"net {money_text(expected[member], session.parlor)} JPY" in totals


def test_the_admin_hides_superseded_rows_unless_asked_and_links_their_correction(
    staff: User, manager: User
) -> None:
    session = reclosed(staff, manager)
    client = admin_client()
    old = superseded_settlements(session=session)
    correction = Correction.objects.get(session=session, reopened_session=True)
    assert {row.superseded_by_id for row in old} == {correction.pk}

    shown = admin_rows(client, status="superseded")
    assert sorted(row.pk for row in shown) == sorted(row.pk for row in old)
    page = client.get("/admin/ledger/settlement/", {"status": "superseded"}).content.decode()
    assert f"/admin/ledger/correction/{correction.pk}/change/" in page
    assert "superseded by correction" in page
    assert len(admin_rows(client, status="all")) == 8
    default_page = client.get("/admin/ledger/settlement/").content.decode()
    assert "superseded by correction" not in default_page
