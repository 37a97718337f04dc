"""``PrimaryKeysField`` answers as DRF's ``ListField`` of ``PrimaryKeyRelatedField`` does,
rows and errors alike, with one query whatever the number of ids."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework import serializers

from api.serializers import PrimaryKeysField
from parlor.models import Player
from tests.parlor.factories import PlayerFactory

pytestmark = pytest.mark.django_db


class WithOneQueryEach(serializers.Serializer[Any]):
    players = serializers.ListField(
        child=serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())
    )


class WithOneQuery(serializers.Serializer[Any]):
    players = PrimaryKeysField(queryset=Player.objects.all())


def _answer(serializer_class: type[serializers.Serializer[Any]], players: Any) -> Any:
    form = serializer_class(data={"players": players})
    if form.is_valid():
        return [player.pk for player in form.validated_data["players"]]
    return form.errors


def test_rows_come_in_the_order_given_with_one_query(django_assert_num_queries: Any) -> None:
    ids = [PlayerFactory().pk for _ in range(4)][::-1]

    with django_assert_num_queries(1):
        assert _answer(WithOneQuery, ids) == ids
    assert _answer(WithOneQueryEach, ids) == ids


@pytest.mark.parametrize(
    "players",
    [
        [999_999, "first", None, True, "", 2.5, 2**63, -(2**64)],
        "not a list",
        {"0": 1},
        7,
        [],
    ],
)
def test_refusals_are_drfs_word_for_word(players: Any) -> None:
    real = PlayerFactory().pk
    if isinstance(players, list) and players:
        players = [real, *players, str(real)]

    assert _answer(WithOneQuery, players) == _answer(WithOneQueryEach, players)
