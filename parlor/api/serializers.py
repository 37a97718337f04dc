"""Serializers of the parlor's reference data; the engine checks ruleset options.

Each serializer's ``parlor`` accepts only the parlors where the request's user
may edit such rows (``EDIT_ACTION``): another parlor's id "does not exist" (400).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import serializers

from api.scoping import limit_fields
from parlor import policy
from parlor.models import Player, Rate, RulesetConfig, Table
from parlor.policy import Action
from parlor.services.players import player_parlor_change_check
from parlor.validators import validate_game_options, validate_ruleset_options


class ParlorRowSerializer(serializers.ModelSerializer[Any]):
    """A row of one parlor: created in, or moved to, only a parlor where the user may edit it."""

    EDIT_ACTION: Action

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        return limit_fields(self, super().get_fields(), self.EDIT_ACTION, {"parlor": "pk"})


class PlayerSerializer(ParlorRowSerializer):
    EDIT_ACTION = Action.EDIT_PLAYERS

    class Meta:
        model = Player
        fields = ["id", "parlor", "member_number", "name", "contact", "is_active", "user"]
        extra_kwargs = {
            "user": {"help_text": "The member's login (role player), if any; set by managers."}
        }

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        fields = super().get_fields()
        request = self.context.get("request")
        # Linking a login to a member decides whose statements it reads: the managers'
        # player rights (DELETE_PLAYERS is theirs alone) somewhere.
        if request is not None and not policy.may_anywhere(request.user, Action.DELETE_PLAYERS):
            fields["user"].read_only = True
        return fields

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """A player with postings stays in their parlor (parlor.services.players)."""
        if self.instance is not None and "parlor" in attrs:
            try:
                player_parlor_change_check(self.instance, attrs["parlor"])
            except DjangoValidationError as error:
                raise serializers.ValidationError(error.message_dict) from None
        return attrs


class TableSerializer(ParlorRowSerializer):
    EDIT_ACTION = Action.EDIT_TABLES

    class Meta:
        model = Table
        fields = ["id", "parlor", "name", "is_active"]


class RulesetConfigSerializer(ParlorRowSerializer):
    EDIT_ACTION = Action.EDIT_RULESETS

    class Meta:
        model = RulesetConfig
        fields = ["id", "parlor", "name", "ruleset_slug", "options", "game_options", "is_active"]

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """Ask the engine: an unknown ruleset or option is refused on the field at fault."""
        merged = {
            name: attrs.get(name, getattr(self.instance, name, default))
            for name, default in (("ruleset_slug", ""), ("options", {}), ("game_options", {}))
        }
        try:
            validate_ruleset_options(ruleset_slug=merged["ruleset_slug"], options=merged["options"])
            validate_game_options(
                ruleset_slug=merged["ruleset_slug"], game_options=merged["game_options"]
            )
        except DjangoValidationError as error:
            raise serializers.ValidationError(error.message_dict) from None
        return attrs


class RateSerializer(ParlorRowSerializer):
    EDIT_ACTION = Action.EDIT_RATES

    class Meta:
        model = Rate
        fields = [
            "id",
            "parlor",
            "name",
            "point_unit",
            "money_per_unit",
            "money_per_chip",
            "game_fee",
            "game_fee_payer",
            "is_active",
        ]
