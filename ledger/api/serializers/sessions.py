"""Sessions: opening one (table, players in seat order, rules, rate) and showing it."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from api.scoping import limit_fields
from api.serializers import FieldsBuiltOnce, PrimaryKeysField
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
            "state",
            "seats",
            "opened_by",
            "opened_at",
            "closed_at",
            "settled_at",
        ]
        read_only_fields = fields


class SessionOpenSerializer(serializers.Serializer[Any]):
    # The table with its parlor: opening reads the parlor's settings.
    table = serializers.PrimaryKeyRelatedField(queryset=Table.objects.select_related("parlor"))
    players = PrimaryKeysField(
        queryset=Player.objects.all(),
        help_text="Player ids in seat order: the first deals first (East).",
    )
    ruleset_config = serializers.PrimaryKeyRelatedField(queryset=RulesetConfig.objects.all())
    rate = serializers.PrimaryKeyRelatedField(queryset=Rate.objects.all())

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        """Only the rows of the parlors where the user may open a session (others: 400)."""
        paths = {name: "parlor" for name in ("table", "players", "ruleset_config", "rate")}
        return limit_fields(self, super().get_fields(), Action.OPEN_SESSION, paths)


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
