"""Corrections: void or amend a live hand version, with a reason."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from api.books.postings import PostingSerializer
from api.play.serializers.hands import HandPayloadField, HandResultSerializer
from api.scoping import limit_fields
from ledger.models import Correction, CorrectionKind, HandResult
from parlor.policy import Action


class CorrectionInputSerializer(serializers.Serializer[Any]):
    hand = serializers.PrimaryKeyRelatedField(
        queryset=HandResult.objects.all(), help_text="The live hand version to correct."
    )
    kind = serializers.ChoiceField(choices=CorrectionKind.choices)
    reason = serializers.CharField(allow_blank=True, help_text="Required: why the hand changes.")
    payload = HandPayloadField(
        required=False, help_text="amend only: the corrected hand (as POSTed to hands/)."
    )

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        """A hand of a parlor where the user may not void hands does not exist (400)."""
        fields = super().get_fields()
        return limit_fields(self, fields, Action.VOID_HAND, {"hand": "session__parlor"})


class CorrectionSerializer(serializers.ModelSerializer[Correction]):
    created_by = serializers.CharField(source="created_by.username", read_only=True)

    class Meta:
        model = Correction
        fields = [
            "id",
            "session",
            "kind",
            "hand",
            "reason",
            "reopened_session",
            "created_by",
            "created_at",
        ]
        read_only_fields = fields


class CorrectionDetailSerializer(CorrectionSerializer):
    """The correction with the hand versions it wrote and the postings it reversed."""

    hand_versions = HandResultSerializer(many=True, read_only=True)
    reversals = PostingSerializer(
        many=True, read_only=True, help_text="Postings that undo the corrected ones."
    )

    class Meta(CorrectionSerializer.Meta):
        fields = [*CorrectionSerializer.Meta.fields, "hand_versions", "reversals"]
        read_only_fields = fields
