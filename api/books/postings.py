"""Postings and their entries as the API shows them (posted, or planned by a preview)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.serializers import FieldsBuiltOnce
from ledger.models import Posting, Session

SEAT_OF = "seat_of"
# DRF's own rendering of a moment (the current time zone, ISO 8601 with "Z"), for the bodies
# written out below.
TIMESTAMP = serializers.DateTimeField()


def seat_context(session: Session) -> dict[str, dict[int, int]]:
    """Serializer context mapping each seated player's id to their seat (seats prefetched)."""
    return {SEAT_OF: {seat.player_id: seat.seat for seat in session.seats.all()}}


def seat_numbers_context(seat_of: dict[int, int]) -> dict[str, dict[int, int]]:
    """The same context from a ``session_seat_numbers`` mapping."""
    return {SEAT_OF: seat_of}


class EntrySerializer(serializers.Serializer[Any]):
    """One leg: what an account gains (negative: gives). Works on entries and planned legs."""

    account = serializers.IntegerField(source="account.pk")
    account_kind = serializers.CharField(source="account.kind")
    player = serializers.IntegerField(source="account.player_id", allow_null=True)
    seat = serializers.SerializerMethodField()
    points = serializers.IntegerField()
    chips = serializers.IntegerField()
    money = serializers.IntegerField()
    reason = serializers.CharField()

    @extend_schema_field(OpenApiTypes.INT)
    def get_seat(self, leg: Any) -> int | None:
        seats: dict[int, int] = self.context.get(SEAT_OF, {})
        player_id = leg.account.player_id
        return None if player_id is None else seats.get(player_id)

    def to_representation(self, leg: Any) -> dict[str, Any]:
        return entry_body(leg, self.context.get(SEAT_OF, {}))


# The bodies of the responses a hand POST makes, written out field by field: DRF's generic
# walk over the declared fields (and the copy of them each response needs) was a sixth of a
# hand POST's CPU (docs/performance.md). The declared fields stay the schema's source, and
# tests/api/test_written_out_bodies.py keeps each body equal to DRF's own rendering.


def entry_body(leg: Any, seat_of: Mapping[int, int]) -> dict[str, Any]:
    """``EntrySerializer``'s body of a ledger entry or a planned leg."""
    account = leg.account
    player_id = account.player_id
    return {
        "account": int(account.pk),
        "account_kind": str(account.kind),
        "player": None if player_id is None else int(player_id),
        "seat": None if player_id is None else seat_of.get(player_id),
        "points": int(leg.points),
        "chips": int(leg.chips),
        "money": int(leg.money),
        "reason": str(leg.reason),
    }


def posting_body(posting: Posting, seat_of: Mapping[int, int]) -> dict[str, Any]:
    """``PostingSerializer``'s body of a posting (its entries prefetched)."""
    return {
        "id": posting.pk,
        "kind": posting.kind,
        "memo": posting.memo,
        "hand": posting.hand_id,
        "correction": posting.correction_id,
        "reverses": posting.reverses_id,
        "created_at": TIMESTAMP.to_representation(posting.created_at),
        "entries": [entry_body(entry, seat_of) for entry in posting.entries.all()],
    }


class PostingSerializer(FieldsBuiltOnce, serializers.ModelSerializer[Posting]):
    entries = EntrySerializer(many=True, read_only=True)

    class Meta:
        model = Posting
        fields = ["id", "kind", "memo", "hand", "correction", "reverses", "created_at", "entries"]

    def to_representation(self, posting: Posting) -> dict[str, Any]:
        return posting_body(posting, self.context.get(SEAT_OF, {}))


class PlannedPostingSerializer(serializers.Serializer[Any]):
    """A posting a preview would write; zero legs left out, as ``posting_create`` does."""

    kind = serializers.CharField()
    memo = serializers.CharField()
    entries = serializers.SerializerMethodField()

    @extend_schema_field(EntrySerializer(many=True))
    def get_entries(self, planned: Any) -> Any:
        legs = [leg for leg in planned.legs if not leg.is_zero]
        return EntrySerializer(legs, many=True, context=self.context).data
