"""Serializers of the parlor's reference data; the engine checks ruleset options.

Each serializer's ``parlor`` accepts only the parlors where the request's user
may edit such rows (``EDIT_ACTION``): another parlor's id "does not exist" (400).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import serializers

from api.scoping import limit_fields
from parlor.models import Player, Rate, RulesetConfig, Table
from parlor.policy import Action
from parlor.services.logins import LoginRefusal, link_login
from parlor.services.players import (
    login_accounts,
    player_login_change_check,
    player_parlor_change_check,
)
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
        user_field = fields["user"]
        # Only an account of the user's parlors (or of none) can be linked: another's "does
        # not exist" (400). Whether the role may link at all is LINK_LOGIN (validate).
        if request is not None and isinstance(user_field, serializers.PrimaryKeyRelatedField):
            # setattr: the stubs type ``queryset`` as a manager descriptor.
            setattr(user_field, "queryset", login_accounts(request.user))  # noqa: B010
        return fields

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """A player with postings stays in their parlor; a login is the managers' to link."""
        if self.instance is not None and "parlor" in attrs:
            try:
                player_parlor_change_check(self.instance, attrs["parlor"])
            except DjangoValidationError as error:
                raise serializers.ValidationError(error.message_dict) from None
        request = self.context.get("request")
        if request is not None and "user" in attrs:
            parlor = attrs.get("parlor") or getattr(self.instance, "parlor", None)
            # PolicyRefusal: 403 not_allowed (api.errors), nothing written.
            player_login_change_check(
                request.user, self.instance, getattr(parlor, "pk", None), attrs["user"]
            )
        return attrs

    def create(self, validated_data: dict[str, Any]) -> Player:
        login = validated_data.pop("user", None)
        player: Player = super().create(validated_data)
        return self._linked(player, login, changed=login is not None)

    def update(self, instance: Player, validated_data: dict[str, Any]) -> Player:
        changed = "user" in validated_data and validated_data["user"] != instance.user
        login = validated_data.pop("user", instance.user)
        player: Player = super().update(instance, validated_data)
        return self._linked(player, login, changed=changed)

    def _linked(self, player: Player, login: Any, *, changed: bool) -> Player:
        """A login is linked by the service: it makes the player membership too."""
        if not changed:
            return player
        try:
            return link_login(by=self.context["request"].user, player=player, login=login)
        except LoginRefusal as refused:
            raise serializers.ValidationError({"user": [refused.message]}) from None


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
            "top_fee",
            "time_fee",
            "time_fee_basis",
            "time_fee_step_minutes",
            "points_only",
            "is_active",
        ]

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """A points-only rate charges no fee (``Rate.clean``): refused on ``points_only``."""
        merged = {
            name: attrs.get(name, getattr(self.instance, name, 0))
            for name in ("game_fee", "top_fee", "time_fee", "points_only")
        }
        try:
            Rate(**merged).clean()
        except DjangoValidationError as error:
            raise serializers.ValidationError(error.message_dict) from None
        checked: dict[str, Any] = super().validate(attrs)
        return checked
