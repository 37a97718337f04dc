"""``ScopedRowField`` and ``ScopedRowsField`` answer as DRF's related fields narrowed by
``limit_to`` do, rows and errors word for word, for every kind of user: another parlor's
row does not exist. Each reads with one query, compiled once per process."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User
from rest_framework import serializers

from api.scoped_fields import ScopedRowField, ScopedRowsField
from api.scoping import limit_fields
from api.serializers import PrimaryKeysField
from parlor.access import forget_memberships
from parlor.models import Player, Table
from parlor.policy import Action
from tests.parlor.factories import ParlorFactory, PlayerFactory, TableFactory, member_of

pytestmark = pytest.mark.django_db


class Narrowed(serializers.Serializer[Any]):
    """The fields as they were: DRF's, narrowed per request by ``limit_fields``."""

    table = serializers.PrimaryKeyRelatedField(queryset=Table.objects.select_related("parlor"))
    players = PrimaryKeysField(queryset=Player.objects.all())

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        paths = {"table": "parlor", "players": "parlor"}
        return limit_fields(self, super().get_fields(), Action.OPEN_SESSION, paths)


class Scoped(serializers.Serializer[Any]):
    table = ScopedRowField(
        queryset=Table.objects.all(), action=Action.OPEN_SESSION, select_related=("parlor",)
    )
    players = ScopedRowsField(queryset=Player.objects.all(), action=Action.OPEN_SESSION)


def _answer(form_class: type[serializers.Serializer[Any]], user: Any, data: Any) -> Any:
    form = form_class(data=data, context={"request": SimpleNamespace(user=user)})
    if form.is_valid():
        table = form.validated_data["table"]
        # The table comes with its parlor, as select_related gives it.
        return table.pk, table.parlor.name, [p.pk for p in form.validated_data["players"]]
    return form.errors


@pytest.fixture
def two_parlors() -> dict[str, Any]:
    ours, theirs = ParlorFactory(), ParlorFactory()
    return {
        "table": TableFactory(parlor=ours).pk,
        "their_table": TableFactory(parlor=theirs).pk,
        "players": [PlayerFactory(parlor=ours).pk for _ in range(5)],
        "theirs": PlayerFactory(parlor=theirs).pk,
        "staff": member_of(ours, "staff"),
        "player_only": member_of(ours, "player"),
        "both": member_of(theirs, "manager", user=member_of(ours, "staff", username="both")),
        "superuser": User.objects.create_superuser("root", password="secret-for-tests"),
    }


USERS = ["staff", "player_only", "both", "superuser", "anonymous"]


def _user(case: dict[str, Any], name: str) -> Any:
    if name == "anonymous":
        return AnonymousUser()
    user = case[name]
    forget_memberships(user)
    return user


@pytest.mark.parametrize("who", USERS)
@pytest.mark.parametrize(
    "table",
    ["table", "their_table", 999_999, "9x", None, "", True, 2.0, 2**63, [1], {"id": 1}],
)
def test_one_row_answers_as_the_narrowed_field(two_parlors: Any, who: str, table: Any) -> None:
    table = two_parlors.get(table, table) if isinstance(table, str) else table
    data = {"table": table, "players": two_parlors["players"][:4]}
    user = _user(two_parlors, who)

    assert _answer(Scoped, user, data) == _answer(Narrowed, user, data)


@pytest.mark.parametrize("who", USERS)
@pytest.mark.parametrize(
    "players",
    [
        "ours4",
        "ours2",
        "ours5",  # more than the prepared read takes: Django's query reads them
        "twice",
        "theirs",
        [999_999, "first", None, True, "", 2.5, 2**63, -(2**64)],
        "not a list",
        [],
    ],
)
def test_a_list_answers_as_the_narrowed_field(two_parlors: Any, who: str, players: Any) -> None:
    ours = two_parlors["players"]
    players = {
        "ours4": ours[:4][::-1],
        "ours2": ours[:2],
        "ours5": ours,
        "twice": [ours[0], ours[1], ours[0], str(ours[1])],
        "theirs": [ours[0], two_parlors["theirs"], ours[2], ours[3]],
    }.get(players, players) if isinstance(players, str) else players  # fmt: skip
    data = {"table": two_parlors["table"], "players": players}
    user = _user(two_parlors, who)

    assert _answer(Scoped, user, data) == _answer(Narrowed, user, data)


def test_each_field_reads_with_one_query(two_parlors: Any, django_assert_num_queries: Any) -> None:
    data = {"table": two_parlors["table"], "players": two_parlors["players"][:4]}
    user = two_parlors["staff"]
    _answer(Scoped, user, data)  # the user's memberships are read once, then kept on it

    with django_assert_num_queries(2):
        assert _answer(Scoped, user, data)[0] == two_parlors["table"]


def test_copies_share_no_state_and_keep_their_settings() -> None:
    field = Scoped().fields["players"]
    again = Scoped().fields["players"]

    assert field is not again and field.child is not again.child
    assert isinstance(again, ScopedRowsField) and again.action is Action.OPEN_SESSION
    assert Scoped().fields["table"].select_related == ("parlor",)


def test_anything_else_asking_for_the_rows_gets_the_user_parlors_only(
    two_parlors: Any,
) -> None:
    form = Scoped(context={"request": SimpleNamespace(user=two_parlors["staff"])})

    tables = form.fields["table"].get_queryset()
    players = form.fields["players"].child.get_queryset()

    assert list(tables.values_list("pk", flat=True)) == [two_parlors["table"]]
    assert two_parlors["theirs"] not in set(players.values_list("pk", flat=True))
