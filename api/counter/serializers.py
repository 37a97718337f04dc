"""The counter's request and answer bodies."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from api.scoping import limit_fields
from ledger.counter.kinds import RULES
from ledger.counter.models import (
    CounterCategory,
    CounterEntry,
    CounterEntryKind,
    PaymentMethod,
    TillClose,
    TillCloseKind,
)
from ledger.counter.services import MAX_AMOUNT
from parlor.models import Parlor, Player
from parlor.policy import Action

# Kinds a request may record (the till's differences are a close's; a staff member's advance
# is the floor's, POST /api/floor/advances/).
RECORDABLE = [
    kind for kind in CounterEntryKind.values if not (RULES[kind].by_close or RULES[kind].by_floor)
]


class CounterEntrySerializer(serializers.ModelSerializer[CounterEntry]):
    player_name = serializers.CharField(source="player.name", read_only=True, allow_null=True)
    created_by = serializers.CharField(source="created_by.username", read_only=True)
    reverses = serializers.IntegerField(source="reverses_id", read_only=True, allow_null=True)
    cash = serializers.SerializerMethodField(
        help_text="What the entry did to the cash in the till (0 unless paid in cash)."
    )

    class Meta:
        model = CounterEntry
        fields = [
            "id", "parlor", "business_day", "kind", "player", "player_name", "amount", "method",
            "category", "memo", "posting", "reverses", "cash", "created_by", "created_at",
        ]  # fmt: skip
        read_only_fields = fields

    def get_cash(self, entry: CounterEntry) -> int:
        from ledger.counter.kinds import cash_effect

        return cash_effect(
            kind=entry.kind,
            method=entry.method,
            amount=entry.amount,
            reversal=entry.reverses_id is not None,
        )


class CounterEntryInputSerializer(serializers.Serializer[Any]):
    parlor = serializers.PrimaryKeyRelatedField(queryset=Parlor.objects.all())
    kind = serializers.ChoiceField(choices=RECORDABLE)
    amount = serializers.IntegerField(
        min_value=1, max_value=MAX_AMOUNT, help_text="In the parlor's currency minor unit."
    )
    method = serializers.ChoiceField(
        choices=PaymentMethod.values,
        help_text="cash moves the till; card and QR their clearing accounts; balance moves"
        " between the player's own accounts (deposit_applied, prepaid_spent).",
    )
    player = serializers.PrimaryKeyRelatedField(
        queryset=Player.objects.all(), required=False, allow_null=True, default=None
    )
    category = serializers.ChoiceField(
        choices=CounterCategory.values, required=False, allow_blank=True, default=""
    )
    memo = serializers.CharField(required=False, allow_blank=True, max_length=200, default="")

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        """Another parlor, or its player, does not exist for the user (400)."""
        paths = {"parlor": "pk", "player": "parlor"}
        return limit_fields(self, super().get_fields(), Action.RECORD_COUNTER, paths)


class ReverseInputSerializer(serializers.Serializer[Any]):
    memo = serializers.CharField(max_length=200, help_text="Why the entry is taken back.")


class PlayerMoneySerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField()
    deposit = serializers.IntegerField(help_text="Held for the player, refundable at leave.")
    prepaid = serializers.IntegerField(help_text="Paid in ahead, spent on fees.")
    results = serializers.IntegerField(
        help_text="Won (+) or lost (-) in closed games, less fees and what was settled."
    )
    at_leave = serializers.IntegerField(
        help_text="Paid to the player (+) or by the player (-) if they leave now: the deposit"
        " back and the results settled."
    )


class TillPeriodSerializer(serializers.Serializer[Any]):
    parlor = serializers.IntegerField()
    previous_close = serializers.IntegerField(allow_null=True)
    opening_float = serializers.IntegerField(help_text="What the previous close counted.")
    cash_entries = serializers.IntegerField(help_text="The cash of the period's entries.")
    expected = serializers.IntegerField(help_text="The expected till: float plus cash.")
    entries = serializers.IntegerField(help_text="How many entries the period holds.")
    denominations = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text="The currency's notes and coins (face values in the minor unit); null: any.",
    )


class TillCloseSerializer(serializers.ModelSerializer[TillClose]):
    closed_by = serializers.CharField(source="closed_by.username", read_only=True)

    class Meta:
        model = TillClose
        fields = [
            "id", "parlor", "kind", "business_day", "previous", "last_entry", "opening_float",
            "cash_entries", "expected", "counted", "denominations", "difference",
            "difference_entry", "memo", "closed_by", "closed_at",
        ]  # fmt: skip
        read_only_fields = fields


class TillCloseInputSerializer(serializers.Serializer[Any]):
    parlor = serializers.PrimaryKeyRelatedField(queryset=Parlor.objects.all())
    kind = serializers.ChoiceField(choices=TillCloseKind.values)
    denominations = serializers.DictField(
        child=serializers.IntegerField(min_value=0),
        help_text='How many of each note and coin, by face value in the minor unit: {"10000": 3,'
        ' "1000": 4, "100": 7}.',
    )
    memo = serializers.CharField(required=False, allow_blank=True, max_length=200, default="")

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        return limit_fields(self, super().get_fields(), Action.MANAGE_TILL, {"parlor": "pk"})
