"""The manager's balances page and a player's ledger: figures from the books, filters, files.

The game is tests/ledger/tasks/support.py's ``GAME`` at 50 per 1,000 points and a
500 fee each; its nets, worked by hand there: -1,995 / 1,445 / -150 / -1,300 by seat.
The same four play it twice: their results are twice that.
"""

from __future__ import annotations

import csv
import io

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from openpyxl import load_workbook

from ledger.books.balances import player_balance
from ledger.books.player_balances import BalanceFilter, parlor_balances, player_ledger
from ledger.models import CreditLimit, Settlement
from parlor.models import Player
from tests.ledger.factories import parlor_manager
from tests.ledger.tasks.support import NET
from tests.parlor.factories import ParlorFactory, PlayerFactory, member_of
from tests.reports.support import closed_session

pytestmark = pytest.mark.django_db



def settled_net(player: Player) -> int:
    """The player's net over their settlement rows (each the books' money less the fee)."""
    return sum(row.money - row.fee for row in Settlement.objects.filter(player=player))


@pytest.fixture
def parlor_day(staff: User) -> dict:
    first = closed_session(by=staff)
    players = [seat.player for seat in first.seats.order_by("seat")]
    second = closed_session(by=staff, parlor=first.parlor, players=players)
    idle = PlayerFactory(parlor=first.parlor, name="=HYPERLINK(\"http://x\",\"y\")")
    return {"parlor": first.parlor, "players": players, "sessions": [first, second], "idle": idle}


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_each_players_results_are_their_books_two_games_twice_the_net(
    parlor_day: dict,
) -> None:
    rows = {row.player_id: row for row in parlor_balances(parlor=parlor_day["parlor"])}

    for seat, player in enumerate(parlor_day["players"]):
        row = rows[player.pk]
        assert row.results == 2 * NET[seat] == settled_net(player)
        assert row.results == player_balance(player=player).money
        assert row.deposit == row.prepaid == 0 and row.due == row.results
        assert row.last_game == parlor_day["sessions"][1].opened_at
    idle = rows[parlor_day["idle"].pk]
    assert (idle.results, idle.last_game) == (0, None)


def test_the_filters_owes_owed_and_above_the_credit_limit(parlor_day: dict) -> None:
    parlor, players = parlor_day["parlor"], parlor_day["players"]
    nets = [settled_net(player) for player in players]
    # A limit just under seat 3's debt and one just over seat 0's: only seat 3 is above.
    assert nets[3] < 0 and nets[0] < 0
    manager = parlor_manager(parlor)
    CreditLimit.objects.create(player=players[3], amount=-nets[3] - 1, set_by=manager)
    CreditLimit.objects.create(player=players[0], amount=-nets[0], set_by=manager)

    owes = {row.player_id for row in parlor_balances(parlor=parlor, only=BalanceFilter.OWES_PARLOR)}
    owed = {row.player_id for row in parlor_balances(parlor=parlor, only=BalanceFilter.PARLOR_OWES)}
    above = parlor_balances(parlor=parlor, only=BalanceFilter.ABOVE_LIMIT)

    assert owes == {p.pk for p, net in zip(players, nets, strict=True) if net < 0}
    assert owed == {p.pk for p, net in zip(players, nets, strict=True) if net > 0}
    assert players[1].pk in owed and players[3].pk in owes
    assert [row.player_id for row in above] == [players[3].pk] and above[0].above_limit


def test_the_balances_are_one_query_and_a_ledger_two(parlor_day: dict) -> None:
    more = [PlayerFactory(parlor=parlor_day["parlor"]) for _ in range(20)]
    assert more

    with CaptureQueriesContext(connection) as balances:
        rows = parlor_balances(parlor=parlor_day["parlor"])
    with CaptureQueriesContext(connection) as ledger:
        lines = player_ledger(player=parlor_day["players"][3])

    assert len(rows) == 25 and len(balances.captured_queries) == 1
    assert lines and len(ledger.captured_queries) == 2


def test_a_players_ledger_runs_to_their_balance_with_each_session_behind(
    parlor_day: dict,
) -> None:
    player = parlor_day["players"][3]

    lines = player_ledger(player=player)

    assert sum(line.money for line in lines) == lines[-1].balance == settled_net(player)
    assert {line.session_id for line in lines} == {s.pk for s in parlor_day["sessions"]}
    assert [line.posting_id for line in lines] == sorted(line.posting_id for line in lines)
    assert {"hand", "game_end", "settlement", "fee"} <= {line.kind for line in lines}


def test_the_page_for_the_desk_with_files_formula_safe(parlor_day: dict) -> None:
    parlor = parlor_day["parlor"]
    manager = signed_in(parlor_manager(parlor))

    page = manager.get("/admin/desk/balancespage/", {"parlor": parlor.pk, "only": "owes"})
    as_csv = manager.get("/admin/desk/balancespage/", {"parlor": parlor.pk, "export": "csv"})
    as_xlsx = manager.get("/admin/desk/balancespage/", {"parlor": parlor.pk, "export": "xlsx"})
    ledger = manager.get(f"/admin/desk/balancespage/{parlor_day['players'][3].pk}/ledger/")

    assert page.status_code == 200
    owing = [p for p in parlor_day["players"] if settled_net(p) < 0]
    assert {row.player_id for row in page.context["rows"]} == {p.pk for p in owing}
    assert f"{settled_net(owing[0]):,}".lstrip("-") in page.content.decode()
    lines = list(csv.reader(io.StringIO(as_csv.content.decode())))
    assert lines[0][:4] == ["member_number", "player", "active", "results"]
    by_name = {line[1]: line for line in lines[1:]}
    assert "'=HYPERLINK(\"http://x\",\"y\")" in by_name
    sheet = load_workbook(io.BytesIO(as_xlsx.content)).active
    assert sheet is not None and sheet.max_row == 6
    cells = [cell.value for row in sheet.iter_rows() for cell in row]
    assert '=HYPERLINK("http://x","y")' in cells  # a string cell, not a formula
    assert ledger.status_code == 200 and len(ledger.context["lines"]) > 0


def test_another_parlors_players_and_the_player_role_see_nothing(parlor_day: dict) -> None:
    other = ParlorFactory(name="Elsewhere")
    stranger = signed_in(member_of(other, "manager", username="elsewhere-manager"))
    player = signed_in(member_of(parlor_day["parlor"], "player", username="a-player"))
    staff = signed_in(member_of(parlor_day["parlor"], "staff", username="a-staff"))
    target = parlor_day["players"][0]

    theirs = stranger.get("/admin/desk/balancespage/", {"parlor": parlor_day["parlor"].pk})

    assert theirs.status_code == 200 and theirs.context["rows"] is None  # not among its parlors
    assert stranger.get(f"/admin/desk/balancespage/{target.pk}/ledger/").status_code == 404
    assert player.get("/admin/desk/balancespage/").status_code == 403
    assert staff.get(f"/admin/desk/balancespage/{target.pk}/ledger/").status_code == 200
