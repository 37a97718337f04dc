from typing import TypeVar

from django.contrib import admin

from parlor.models import Parlor, Player, Rate, RulesetConfig, Table


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
    list_display = ["name", "parlor", "ruleset_slug", "is_active"]
    list_filter = ["parlor", "ruleset_slug", "is_active"]
    search_fields = ["name", "ruleset_slug"]


@admin.register(Rate)
class RateAdmin(ParlorOwnedAdmin[Rate]):
    list_display = [
        "name",
        "parlor",
        "money_per_1000_points",
        "money_per_chip",
        "game_fee",
        "game_fee_payer",
        "is_active",
    ]
    list_filter = ["parlor", "game_fee_payer", "is_active"]
