"""The admin's visits: the check-in form, a refusal in the user's words, a confirmed check-out."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from ledger.books.balances import player_balance
from ledger.models import CreditLimit, Session, Visit
from tests.parlor.factories import PlayerFactory


def test_staff_check_a_player_in_and_out(client_as: Callable[[str], Client]) -> None:
    player = PlayerFactory(name="Aki")
    desk = client_as("staff")
    page = desk.get("/admin/ledger/visit/add/")
    assert page.status_code == 200
    assert "override_reason" not in page.context["form"].fields  # the managers' field
    done = desk.post("/admin/ledger/visit/add/", {"player": player.pk})
    assert done.status_code == 302
    visit = Visit.objects.get(player=player)
    listed = desk.get("/admin/ledger/visit/", {"open": "yes"})
    assert "Aki" in listed.content.decode()

    ask = desk.post("/admin/ledger/visit/", {"action": "check_out", "_selected_action": [visit.pk]})
    assert ask.status_code == 200 and "check-out-confirm" in ask.content.decode()
    visit.refresh_from_db()
    assert visit.is_open  # nothing final before the confirmation
    desk.post(
        "/admin/ledger/visit/",
        {"action": "check_out", "_selected_action": [visit.pk], "confirmed": "yes"},
    )
    visit.refresh_from_db()
    assert not visit.is_open


def test_a_refusal_is_said_in_japanese(
    closed_session: Session, client_as: Callable[[str], Client], manager: User
) -> None:
    player = min(
        (seat.player for seat in closed_session.seats.all()),
        key=lambda p: player_balance(player=p).money,
    )
    CreditLimit.objects.create(player=player, amount=0, set_by=manager)
    desk = client_as("staff")
    with translation.override("ja"):
        page = desk.post(
            "/admin/ledger/visit/add/", {"player": player.pk}, headers={"accept-language": "ja"}
        )
    text = page.content.decode()
    assert "与信限度額" in text and "credit_limit_exceeded" not in text
    assert not Visit.objects.filter(player=player).exists()

    boss = client_as("manager")
    done = boss.post(
        "/admin/ledger/visit/add/", {"player": player.pk, "override_reason": "pays on Friday"}
    )
    assert done.status_code == 302
    assert Visit.objects.get(player=player).override_reason == "pays on Friday"
