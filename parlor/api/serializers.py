"""Serializers of the parlor's reference data; the engine checks ruleset options."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import serializers

from api.permissions import MANAGERS, user_roles
from parlor.models import Player, Rate, RulesetConfig, Table
from parlor.validators import validate_game_options, validate_ruleset_options


class PlayerSerializer(serializers.ModelSerializer[Player]):
    class Meta:
        model = Player
        fields = ["id", "parlor", "member_number", "name", "contact", "is_active", "user"]
        extra_kwargs = {
            "user": {"help_text": "The member's login (role player), if any; set by managers."}
        }

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        fields = super().get_fields()
        request = self.context.get("request")
        # Linking a login to a member decides whose statements it reads: managers only.
        if request is not None and not user_roles(request.user) & MANAGERS:
            fields["user"].read_only = True
        return fields


class TableSerializer(serializers.ModelSerializer[Table]):
    class Meta:
        model = Table
        fields = ["id", "parlor", "name", "is_active"]


class RulesetConfigSerializer(serializers.ModelSerializer[RulesetConfig]):
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


class RateSerializer(serializers.ModelSerializer[Rate]):
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
