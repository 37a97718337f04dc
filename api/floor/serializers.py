"""The floor's request and answer bodies. No field of a draw chooses who sits where."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from rest_framework import serializers

from api.scoped_fields import ScopedRowField
from api.scoping import limit_fields
from ledger.floor.services import REASON_MAX_LENGTH
from ledger.models import SeatDraw, Session, SessionPause, StaffShift, WaitingEntry
from parlor.models import Player, Rate, RulesetConfig, Table
from parlor.policy import Action


class WaitingEntrySerializer(serializers.ModelSerializer[WaitingEntry]):
    name = serializers.CharField(source="player.name", read_only=True)
    member_number = serializers.CharField(source="player.member_number", read_only=True)
    added_by = serializers.CharField(source="added_by.username", read_only=True)
    waiting_minutes = serializers.SerializerMethodField(
        help_text="Minutes since joining (until leaving)."
    )

    class Meta:
        model = WaitingEntry
        fields = [
            "id", "parlor", "visit", "player", "name", "member_number", "ruleset_config",
            "rate", "joined_at", "added_by", "waiting_minutes", "left_at", "left_because",
            "session",
        ]  # fmt: skip
        read_only_fields = fields

    def get_waiting_minutes(self, entry: WaitingEntry) -> int:
        end = entry.left_at or self.context["now"]
        return max(0, int((end - entry.joined_at).total_seconds() // 60))


class QueueJoinSerializer(serializers.Serializer[Any]):
    player = ScopedRowField(queryset=Player.objects.all(), action=Action.RUN_FLOOR)
    ruleset_config = ScopedRowField(queryset=RulesetConfig.objects.all(), action=Action.RUN_FLOOR)
    rate = ScopedRowField(queryset=Rate.objects.all(), action=Action.RUN_FLOOR)


class StaffShiftSerializer(serializers.ModelSerializer[StaffShift]):
    username = serializers.CharField(source="user.username", read_only=True)
    player_name = serializers.CharField(source="player.name", read_only=True)

    class Meta:
        model = StaffShift
        fields = [
            "id", "parlor", "user", "username", "player", "player_name", "clocked_in_at",
            "clocked_out_at",
        ]  # fmt: skip
        read_only_fields = fields


class ClockInSerializer(serializers.Serializer[Any]):
    user = serializers.PrimaryKeyRelatedField(
        queryset=User.objects.all(), help_text="The staff member's account."
    )
    player = ScopedRowField(
        queryset=Player.objects.all(),
        action=Action.RUN_FLOOR,
        help_text="The player record the staff member sits at a table as.",
    )


class SeatDrawSerializer(serializers.ModelSerializer[SeatDraw]):
    drawn_by = serializers.CharField(source="drawn_by.username", read_only=True)
    candidates = serializers.ListField(child=serializers.IntegerField(), read_only=True)
    seats = serializers.ListField(
        child=serializers.IntegerField(),
        read_only=True,
        help_text="Player ids by seat: the first deals first (East).",
    )

    class Meta:
        model = SeatDraw
        fields = [
            "id", "parlor", "table", "ruleset_config", "rate", "candidates", "seats",
            "staff_shift", "drawn_at", "drawn_by", "redraw_of", "reason", "session",
        ]  # fmt: skip
        read_only_fields = fields


class SeatDrawInputSerializer(serializers.Serializer[Any]):
    """The table and the game: the players are the desk's proposal, the seats the draw's."""

    table = ScopedRowField(
        queryset=Table.objects.all(), action=Action.RUN_FLOOR, select_related=("parlor",)
    )
    ruleset_config = ScopedRowField(queryset=RulesetConfig.objects.all(), action=Action.RUN_FLOOR)
    rate = ScopedRowField(queryset=Rate.objects.all(), action=Action.RUN_FLOOR)
    reason = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=REASON_MAX_LENGTH,
        help_text="Required when the table has a draw already (a re-draw): why.",
    )


class ParlorQuerySerializer(serializers.Serializer[Any]):
    parlor = serializers.IntegerField(min_value=1, max_value=2**63 - 1)


class ProposalSerializer(serializers.Serializer[Any]):
    table = serializers.IntegerField(source="table.pk")
    ruleset_config = serializers.IntegerField(source="queue.ruleset_config.pk")
    rate = serializers.IntegerField(source="queue.rate.pk")
    players = serializers.SerializerMethodField()
    staff_shift = serializers.IntegerField(source="staff_shift.pk", allow_null=True, default=None)

    def get_players(self, proposal: Any) -> list[int]:
        return [player.pk for player in proposal.players]


class QueueSerializer(serializers.Serializer[Any]):
    ruleset_config = serializers.IntegerField(source="ruleset_config.pk")
    rate = serializers.IntegerField(source="rate.pk")
    seats = serializers.IntegerField()
    entries = WaitingEntrySerializer(many=True)


class FloorSerializer(serializers.Serializer[Any]):
    queues = QueueSerializer(many=True)
    shifts = StaffShiftSerializer(many=True)
    free_tables = serializers.SerializerMethodField()
    pending = SeatDrawSerializer(many=True)
    proposals = ProposalSerializer(many=True)

    def get_free_tables(self, floor: Any) -> list[int]:
        return [table.pk for table in floor.free_tables]


class SessionPauseSerializer(serializers.ModelSerializer[SessionPause]):
    started_by = serializers.CharField(source="started_by.username", read_only=True)
    ended_by = serializers.CharField(
        source="ended_by.username", read_only=True, allow_null=True, default=None
    )

    class Meta:
        model = SessionPause
        fields = ["id", "session", "started_at", "started_by", "ended_at", "ended_by"]
        read_only_fields = fields


class PauseInputSerializer(serializers.Serializer[Any]):
    session = serializers.PrimaryKeyRelatedField(queryset=Session.objects.all())

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        """Another parlor's session does not exist for the user (400)."""
        return limit_fields(self, super().get_fields(), Action.RUN_FLOOR, {"session": "parlor"})
