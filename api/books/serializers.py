"""Balances, statements and settlements: what a player may read of their own."""

from __future__ import annotations

from rest_framework import serializers

from api.serializers import FieldsBuiltOnce
from ledger.models import LedgerEntry, Settlement
from parlor.models import Player


class PlayerBalanceSerializer(FieldsBuiltOnce, serializers.ModelSerializer[Player]):
    """The player's account: money from closed games, points and chips of open ones."""

    player = serializers.IntegerField(source="pk", read_only=True)
    points = serializers.IntegerField(read_only=True)
    chips = serializers.IntegerField(read_only=True)
    money = serializers.IntegerField(read_only=True)

    class Meta:
        model = Player
        fields = ["player", "parlor", "member_number", "name", "points", "chips", "money"]
        read_only_fields = fields


class StatementLineSerializer(FieldsBuiltOnce, serializers.ModelSerializer[LedgerEntry]):
    """One entry on a player's account, with the posting it belongs to."""

    player = serializers.IntegerField(source="account.player_id", read_only=True)
    session = serializers.IntegerField(source="posting.session_id", read_only=True)
    posting_kind = serializers.CharField(source="posting.kind", read_only=True)
    memo = serializers.CharField(source="posting.memo", read_only=True)
    hand = serializers.IntegerField(source="posting.hand_id", read_only=True, allow_null=True)
    hand_ordinal = serializers.IntegerField(
        source="posting.hand.ordinal", read_only=True, allow_null=True, default=None
    )
    created_at = serializers.DateTimeField(source="posting.created_at", read_only=True)

    class Meta:
        model = LedgerEntry
        fields = [
            "id",
            "player",
            "session",
            "posting",
            "posting_kind",
            "memo",
            "hand",
            "hand_ordinal",
            "points",
            "chips",
            "money",
            "reason",
            "created_at",
        ]
        read_only_fields = fields


class SettlementSerializer(FieldsBuiltOnce, serializers.ModelSerializer[Settlement]):
    member_number = serializers.CharField(source="player.member_number", read_only=True)
    net_money = serializers.IntegerField(read_only=True, help_text="money - fee: taken home.")
    closed_at = serializers.DateTimeField(source="posting.created_at", read_only=True)

    class Meta:
        model = Settlement
        fields = [
            "id",
            "session",
            "player",
            "member_number",
            "seat",
            "final_score",
            "placement",
            "points",
            "chips",
            "chips_detail",
            "money",
            "fee",
            "net_money",
            "closed_at",
        ]
        read_only_fields = fields
