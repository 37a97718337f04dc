"""Penalties: chonbo recorded at the desk, and the penalty rows for the audit."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from api.play.serializers.hands import HandResultSerializer
from api.scoping import limit_fields
from ledger.models import Penalty, Session
from parlor.policy import Action


class ChonboInputSerializer(serializers.Serializer[Any]):
    """A chonbo: recorded as the session's next hand, of kind ``chonbo`` (docs/game-format.md)."""

    session = serializers.PrimaryKeyRelatedField(queryset=Session.objects.all())
    offender = serializers.IntegerField(help_text="The offender's seat (0 dealt first).")
    cause = serializers.CharField(
        required=False, help_text="The fault: false_riichi, false_ron, false_tsumo, ... or other."
    )
    riichi = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        help_text="Seats that had declared riichi in the hand (they take their stick back).",
    )
    note = serializers.CharField(required=False)

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        """A session of a parlor where the user may not record penalties does not exist (400)."""
        fields = super().get_fields()
        return limit_fields(self, fields, Action.RECORD_PENALTY, {"session": "parlor"})


class PenaltySerializer(serializers.ModelSerializer[Penalty]):
    recorded_by = serializers.CharField(source="recorded_by.username", read_only=True)
    hand_ordinal = serializers.IntegerField(source="hand.ordinal", read_only=True)
    member_number = serializers.CharField(source="player.member_number", read_only=True)

    class Meta:
        model = Penalty
        fields = [
            "id",
            "session",
            "hand",
            "hand_ordinal",
            "player",
            "member_number",
            "seat",
            "kind",
            "cause",
            "recorded_by",
            "recorded_at",
        ]
        read_only_fields = fields


class ChonboRecordedSerializer(serializers.Serializer[Any]):
    hand = HandResultSerializer()
    penalties = PenaltySerializer(many=True)
