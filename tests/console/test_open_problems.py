"""Opening a session reports every problem of the form at once, each beside its field, in
the user's words (issue 33, item 13)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from ledger.models import Session
from ledger.play.sessions import session_open_problems
from parlor.models import PointUnit
from tests.ledger.factories import SessionFactory
from tests.parlor.factories import RateFactory, TableFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    translation.activate("en")


def _everything_wrong(model: Session) -> dict[str, Any]:
    """The busy table of ``model``, a rate per point for a game per 1,000 points, and
    South's player in West too."""
    players = [seat.player for seat in model.seats.order_by("seat")]
    per_point = RateFactory(parlor=model.parlor, name="Per point", point_unit=PointUnit.PER_POINT)
    return {
        "table": model.table_id,
        "ruleset_config": model.ruleset_config_id,
        "rate": per_point.pk,
        "seat_0": players[0].pk,
        "seat_1": players[1].pk,
        "seat_2": players[1].pk,
        "seat_3": players[3].pk,
    }


def test_every_problem_is_reported_beside_its_field(
    client_as: Callable[[str], Client],
) -> None:
    model = SessionFactory()
    staff_client = client_as("staff")
    ben = model.seats.get(seat=1).player.name

    response = staff_client.post("/admin/ledger/session/add/", _everything_wrong(model))

    assert response.status_code == 200 and Session.objects.count() == 1
    errors = response.context["form"].errors
    assert errors["seat_2"] == [
        f"{ben} is already seated in the South seat: choose another player."
    ]
    assert errors["rate"] == [
        f"The rate “Per point” is per point, but “{model.ruleset_config}” is priced per"
        " 1,000 points: choose a rate per 1,000 points."
    ]
    assert errors["table"] == [
        f"{model.table} already has an open session: close it, or choose another table."
    ]
    page = response.content.decode()
    assert "The session cannot open yet: 3 problems, each shown below." in page


def test_the_service_lists_the_same_problems_the_opening_refuses_with() -> None:
    model = SessionFactory()
    players = [seat.player for seat in model.seats.order_by("seat")]
    per_point = RateFactory(parlor=model.parlor, point_unit=PointUnit.PER_POINT)

    problems = session_open_problems(
        table=TableFactory(parlor=model.parlor),
        players=[players[0], players[1], players[1]],
        ruleset_config=model.ruleset_config,
        rate=per_point,
    )

    codes = [(problem.code, problem.field) for problem in problems]
    assert codes == [
        ("player_seated_twice", "players[2]"),
        ("rate_scale_mismatch", "rate"),
        ("wrong_number_of_seats", "players"),
    ]


def test_in_japanese(client_as: Callable[[str], Client]) -> None:
    model = SessionFactory()
    staff_client = client_as("staff")
    staff_client.cookies["django_language"] = "ja"

    page = staff_client.post("/admin/ledger/session/add/", _everything_wrong(model))

    html = page.content.decode()
    assert "対局を始められません：問題が3件あります（それぞれ下に表示）。" in html
    assert "すでに南の席に着いています" in html
    assert "すでに対局中です" in html
