"""Sessions: opening one (table, players in seat order, rules, rate) and showing it."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from api.scoped_fields import ScopedRowField, ScopedRowsField
from api.serializers import FieldsBuiltOnce
from ledger.models import Session, SessionSeat
from parlor.models import Player, Rate, RulesetConfig, Table
from parlor.policy import Action


class SeatSerializer(FieldsBuiltOnce, serializers.ModelSerializer[SessionSeat]):
    member_number = serializers.CharField(source="player.member_number", read_only=True)
    name = serializers.CharField(source="player.name", read_only=True)

    class Meta:
        model = SessionSeat
        fields = ["seat", "player", "member_number", "name"]


class SessionSerializer(FieldsBuiltOnce, serializers.ModelSerializer[Session]):
    seats = SeatSerializer(many=True, read_only=True)
    opened_by = serializers.CharField(source="opened_by.username", read_only=True)

    class Meta:
        model = Session
        fields = [
            "id",
            "parlor",
            "table",
            "ruleset_config",
            "ruleset_slug",
            "ruleset_options",
            "game_options",
            "rate",
            "point_unit",
            "money_per_unit",
            "money_per_chip",
            "game_fee",
            "game_fee_payer",
            "top_fee",
            "time_fee",
            "time_fee_basis",
            "time_fee_step_minutes",
            "points_only",
            "state",
            "seats",
            "opened_by",
            "opened_at",
            "closed_at",
            "settled_at",
        ]
        read_only_fields = fields


class SessionOpenSerializer(serializers.Serializer[Any]):
    """Each row of a parlor where the user may open a session (others: 400, "does not
    exist"), read by a query compiled once per process (``api.scoped_fields``)."""

    # The table with its parlor: opening reads the parlor's settings.
    table = ScopedRowField(
        queryset=Table.objects.all(), action=Action.OPEN_SESSION, select_related=("parlor",)
    )
    players = ScopedRowsField(
        queryset=Player.objects.all(),
        action=Action.OPEN_SESSION,
        help_text="Player ids in seat order: the first deals first (East).",
    )
    ruleset_config = ScopedRowField(
        queryset=RulesetConfig.objects.all(), action=Action.OPEN_SESSION
    )
    rate = ScopedRowField(queryset=Rate.objects.all(), action=Action.OPEN_SESSION)


class BalanceSerializer(serializers.Serializer[Any]):
    points = serializers.IntegerField()
    chips = serializers.IntegerField()
    money = serializers.IntegerField()


class SeatBalanceSerializer(BalanceSerializer):
    seat = serializers.IntegerField()
    player = serializers.IntegerField()
    member_number = serializers.CharField()
    name = serializers.CharField()


class SessionBalancesSerializer(serializers.Serializer[Any]):
    """A session's net per seat (points relative to the start), and the table pot."""

    session = serializers.IntegerField()
    state = serializers.CharField()
    seats = SeatBalanceSerializer(many=True)
    pot = BalanceSerializer()
    parlor_fee = BalanceSerializer()
    house = BalanceSerializer()
