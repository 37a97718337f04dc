"""Hands: the request body (one hand of the game JSON) and the recorded hand with its postings.

The request body is handed to ``hand_record`` / ``hand_preview`` exactly as
sent, so that the engine, the judge of hands, sees every field (an unknown
field is an error there, never dropped here). The input serializers below
document that body for the OpenAPI schema (docs/game-format.md and the
hand-record spec are the full reference).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.books.postings import (
    SEAT_OF,
    TIMESTAMP,
    PlannedPostingSerializer,
    PostingSerializer,
    posting_body,
)
from api.serializers import FieldsBuiltOnce
from engine_door import vocabulary
from ledger.models import HandKind, HandResult

# The game JSON's vocabulary is the engine's (engine_door.vocabulary);
# tests/api/test_hand_vocabulary.py checks these serializers name exactly its fields.
_FAULTS = ", ".join(vocabulary.FAULT_CAUSES)


class MeldSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=vocabulary.MELD_KINDS)
    tiles = serializers.CharField(help_text="mpsz tiles, e.g. 555z.")


class HandRecordSerializer(serializers.Serializer[Any]):
    """A winning hand (spec/hand-record.md); the game fills in table fields left out."""

    hand = serializers.CharField(help_text="Concealed tiles including the winning tile (mpsz).")
    win_tile = serializers.CharField()
    melds = MeldSerializer(many=True, required=False)
    win = serializers.ChoiceField(choices=vocabulary.WIN_KINDS, required=False)
    dora_indicators = serializers.CharField(required=False)
    ura_indicators = serializers.CharField(required=False)
    riichi = serializers.ChoiceField(choices=vocabulary.RIICHI_KINDS, required=False)
    ippatsu = serializers.BooleanField(required=False)
    rinshan = serializers.BooleanField(required=False)
    chankan = serializers.BooleanField(required=False)
    haitei = serializers.BooleanField(required=False)
    houtei = serializers.BooleanField(required=False)
    tenhou = serializers.BooleanField(required=False)
    chiihou = serializers.BooleanField(required=False)
    renhou = serializers.BooleanField(required=False)
    nuki = serializers.CharField(required=False)
    discards = serializers.CharField(required=False)
    specials = serializers.ListField(child=serializers.CharField(), required=False)
    options = serializers.DictField(required=False)


class WinSerializer(serializers.Serializer[Any]):
    winner = serializers.IntegerField(help_text="Seat 0-3 (seat 0 dealt first).")
    discarder = serializers.IntegerField(
        required=False, allow_null=True, help_text="Absent: tsumo."
    )
    record = HandRecordSerializer(required=False)
    special = serializers.ChoiceField(
        choices=vocabulary.SPECIAL_WINS, required=False, help_text="A game-level win."
    )
    pao = serializers.IntegerField(required=False)


class DeadHandSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    cause = serializers.CharField(required=False, help_text=_FAULTS)


class HandInputSerializer(serializers.Serializer[Any]):
    """One element of the game JSON's ``hands`` (docs/game-format.md); fields by kind."""

    kind = serializers.ChoiceField(choices=HandKind.choices)
    riichi = serializers.ListField(child=serializers.IntegerField(), required=False)
    dead = DeadHandSerializer(many=True, required=False)
    note = serializers.CharField(required=False)
    wins = WinSerializer(many=True, required=False, help_text="win: one tsumo or 1-3 rons.")
    dealer_passes = serializers.BooleanField(required=False)
    tenpai = serializers.ListField(child=serializers.IntegerField(), required=False)
    nagashi = serializers.ListField(child=serializers.IntegerField(), required=False)
    riichi_no_draws_left = serializers.ListField(child=serializers.IntegerField(), required=False)
    cause = serializers.ChoiceField(
        choices=vocabulary.ABORT_CAUSES + vocabulary.FAULT_CAUSES,
        required=False,
        help_text="abort: its cause; chonbo: the fault.",
    )
    kans = serializers.ListField(child=serializers.IntegerField(), required=False)
    caller = serializers.IntegerField(required=False)
    offender = serializers.IntegerField(required=False, help_text="chonbo: the offender's seat.")


@extend_schema_field(HandInputSerializer)
class HandPayloadField(serializers.JSONField):
    """A hand as JSON, documented as ``HandInputSerializer`` but judged by the engine alone."""


class HandResultSerializer(FieldsBuiltOnce, serializers.ModelSerializer[HandResult]):
    """A recorded hand version: as entered, the engine's result for it, what it posted."""

    entered_by = serializers.CharField(source="entered_by.username", read_only=True)
    live = serializers.SerializerMethodField(
        help_text="False once voided or superseded by a correction."
    )
    result = serializers.JSONField(help_text="engine.settle_game's output for this hand.")
    payload = serializers.JSONField(help_text="The hand as entered (the request body).")
    postings = PostingSerializer(many=True, read_only=True)

    class Meta:
        model = HandResult
        fields = [
            "id",
            "session",
            "ordinal",
            "version",
            "kind",
            "live",
            "payload",
            "result",
            "engine_version",
            "entered_by",
            "entered_at",
            "supersedes",
            "correction",
            "postings",
        ]
        read_only_fields = fields

    @extend_schema_field(OpenApiTypes.BOOL)
    def get_live(self, hand: HandResult) -> bool:
        return getattr(hand, "superseded_by_pk", None) is None and (
            getattr(hand, "corrected_by_pk", None) is None
        )

    def to_representation(self, hand: HandResult) -> dict[str, Any]:
        """The declared fields written out (see ``api.books.postings``)."""
        seat_of = self.context.get(SEAT_OF, {})
        return {
            "id": hand.pk,
            "session": hand.session_id,
            "ordinal": hand.ordinal,
            "version": hand.version,
            "kind": hand.kind,
            "live": self.get_live(hand),
            "payload": hand.payload,
            "result": hand.result,
            "engine_version": hand.engine_version,
            "entered_by": hand.entered_by.username,
            "entered_at": TIMESTAMP.to_representation(hand.entered_at),
            "supersedes": hand.supersedes_id,
            "correction": hand.correction_id,
            "postings": [posting_body(posting, seat_of) for posting in hand.postings.all()],
        }


class HandPreviewSerializer(serializers.Serializer[Any]):
    """What recording the hand would do; nothing is written."""

    ordinal = serializers.IntegerField(help_text="The number the hand would get.")
    result = serializers.JSONField(help_text="engine.settle_game's output for the hand.")
    game_ends = serializers.ListField(
        child=serializers.CharField(),
        help_text="Why the game would end with it (empty: it goes on).",
    )
    postings = PlannedPostingSerializer(many=True)
