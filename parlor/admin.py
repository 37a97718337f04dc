from typing import Any, TypeVar

from django.contrib import admin
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from parlor.forms import BUILT_FOR, ruleset_config_form
from parlor.models import Parlor, Player, Rate, RulesetConfig, Table
from parlor.services.ruleset_options import HAND, configurable_rulesets, option_specs


@admin.register(Parlor)
class ParlorAdmin(admin.ModelAdmin[Parlor]):
    list_display = ["name", "currency_code", "time_zone"]
    search_fields = ["name"]


_ParlorOwned = TypeVar("_ParlorOwned", Player, Table, RulesetConfig, Rate)


class ParlorOwnedAdmin(admin.ModelAdmin[_ParlorOwned]):
    list_select_related = ["parlor"]
    list_filter = ["parlor", "is_active"]
    search_fields = ["name"]


@admin.register(Player)
class PlayerAdmin(ParlorOwnedAdmin[Player]):
    list_display = ["member_number", "name", "parlor", "contact", "is_active"]
    search_fields = ["member_number", "name", "contact"]


@admin.register(Table)
class TableAdmin(ParlorOwnedAdmin[Table]):
    list_display = ["name", "parlor", "is_active"]


@admin.register(RulesetConfig)
class RulesetConfigAdmin(ParlorOwnedAdmin[RulesetConfig]):
    """Options as typed fields from the engine's schema (``parlor.forms``), not raw JSON."""

    list_display = ["name", "parlor", "ruleset_slug", "is_active"]
    list_filter = ["parlor", "ruleset_slug", "is_active"]
    search_fields = ["name", "ruleset_slug"]

    def _slug(self, request: HttpRequest, obj: RulesetConfig | None) -> str:
        """The ruleset whose options the form shows: as posted, asked (?ruleset_slug=), stored."""
        known = configurable_rulesets()
        for asked in (request.POST.get("ruleset_slug"), request.GET.get("ruleset_slug")):
            if asked in known:
                return str(asked)
        return obj.ruleset_slug if obj is not None and obj.ruleset_slug in known else known[0]

    def get_form(
        self,
        request: HttpRequest,
        obj: RulesetConfig | None = None,
        change: bool = False,
        **kwargs: Any,
    ) -> Any:
        kwargs["form"] = ruleset_config_form(self._slug(request, obj))
        kwargs["fields"] = None  # every field of the form: the options come with it
        return super().get_form(request, obj, change, **kwargs)

    def get_fieldsets(self, request: HttpRequest, obj: RulesetConfig | None = None) -> Any:
        specs = option_specs(self._slug(request, obj))
        hand = [spec.field_name for spec in specs if spec.scope == HAND]
        game = [spec.field_name for spec in specs if spec.scope != HAND]
        return [
            (None, {"fields": ["parlor", "name", "ruleset_slug", "is_active", BUILT_FOR]}),
            (_("Hand rules (the engine's ruleset options)"), {"fields": hand}),
            (_("Game rules (length, uma and oka, chips, ties)"), {"fields": game}),
        ]


@admin.register(Rate)
class RateAdmin(ParlorOwnedAdmin[Rate]):
    list_display = [
        "name",
        "parlor",
        "point_unit",
        "money_per_unit",
        "money_per_chip",
        "game_fee",
        "game_fee_payer",
        "is_active",
    ]
    list_filter = ["parlor", "game_fee_payer", "is_active"]
